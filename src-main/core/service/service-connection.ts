import { AppError } from '../../../src-shared/contract/errors'
import type { Account } from '../../../src-shared/domain/service/account'
import type { Quota } from '../../../src-shared/domain/service/quota'
import type { Settings } from '../../../src-shared/domain/settings'
import { createApiClient, type ApiClient, type ApiClientOptions } from '../api/api-client'
import { createNetwork, type Network, type ProxyResolver } from '../api/http/network'
import { createServerZone } from '../api/server-zone'
import type { Logger } from '../log'
import { effectiveSettings, type EnvironmentOverrides } from '../settings/effective-settings'

export interface ServiceConnectionDependencies {
  settings: () => Settings
  environment: EnvironmentOverrides
  /** The OS proxy for a URL (Electron's session.resolveProxy), when the host has one. */
  resolveProxy?: ProxyResolver
  /** PEM roots to trust (bundled + the OS store); undefined keeps Node's defaults. */
  trustedCertificates?: readonly string[]
  /** Builds the service client (tests shorten its timeouts). */
  createClient?: (options: ApiClientOptions) => ApiClient
  log: Logger
}

/** The addresses a client talks to. */
export type Endpoints = Pick<Settings, 'baseUrl' | 'documentUrl'>

/**
 * The service client's life: built for the key in use with the settings in force, rebuilt
 * when the address or proxy changes, dropped on sign-out or a rejected key. Every feature
 * (sign-in, queue, library, account) asks it for the client instead of building its own,
 * so all of them share one network setup, one rate limiter and what answers taught.
 */
export interface ServiceConnection {
  /** The client for the key in use; throws `signed-out` when there is none. */
  client(): ApiClient
  readonly connected: boolean
  /**
   * The UserID whoami confirmed, in this process, for the key in use; null until then. Work
   * that belongs to an account (jobs, links, hot folders) runs only once this names its
   * account: a cached account or a keychain entry is a hint, never proof.
   */
  readonly accountId: string | null
  /** Uses a key; `accountId` when the caller just confirmed it with whoami. */
  connect(apiKey: string, accountId?: string | null): void
  disconnect(): void
  /** The connections clients use (proxy, trusted roots), for public storage downloads on the same routes. */
  network(): Network
  /** A short-lived client to check a key before it is kept; close it after use. */
  trial(apiKey: string, endpoints?: Partial<Endpoints>): ApiClient
  /** Rebuilds the client after the service address or proxy changed. */
  reconfigure(): void
  /** Called on any 401 from the current client. */
  onUnauthorized(listener: () => void): () => void
  /** Called with every quota the service reports. */
  onQuota(listener: (quota: Quota) => void): () => void
  /** Called with every account whoami answers for the key in use (after `accountId` is set). */
  onAccount(listener: (account: Account) => void): () => void
  /** Called with whether each request of the current client reached the service (any feature's). */
  onReachable(listener: (reachable: boolean) => void): () => void
  /** Called when the client appears, goes away or is rebuilt (sign-in, sign-out, a refused key, new settings). */
  onChange(listener: () => void): () => void
  close(): Promise<void>
}

export function createServiceConnection(deps: ServiceConnectionDependencies): ServiceConnection {
  const makeClient = deps.createClient ?? createApiClient
  const zone = createServerZone(deps.log)
  const unauthorizedListeners = new Set<() => void>()
  const quotaListeners = new Set<(quota: Quota) => void>()
  const accountListeners = new Set<(account: Account) => void>()
  const reachableListeners = new Set<(reachable: boolean) => void>()
  const changeListeners = new Set<() => void>()
  let network: Network = newNetwork()
  let apiKey: string | null = null
  let current: ApiClient | null = null
  let accountId: string | null = null

  function newNetwork(): Network {
    const { proxyUrl } = deps.settings()
    return createNetwork({
      ...(proxyUrl ? { proxyUrl } : {}),
      ...(deps.resolveProxy ? { resolveProxy: deps.resolveProxy } : {}),
      ...(deps.trustedCertificates ? { trustedCertificates: deps.trustedCertificates } : {}),
      log: deps.log
    })
  }

  function endpoints(overrides: Partial<Endpoints> = {}): Endpoints {
    const { baseUrl, documentUrl } = effectiveSettings({ ...deps.settings(), ...overrides }, deps.environment)
    return { baseUrl, documentUrl }
  }

  /** The addresses the current client was built for. */
  let built: Endpoints = endpoints()

  function build(key: string): ApiClient {
    built = endpoints()
    return makeClient({
      apiKey: key,
      ...built,
      network,
      zone,
      log: deps.log,
      onUnauthorized: () => unauthorizedListeners.forEach((listener) => listener()),
      onQuota: (quota) => quotaListeners.forEach((listener) => listener(quota)),
      onReachable: (reachable) => reachableListeners.forEach((listener) => listener(reachable)),
      onAccount: (account) => {
        // An answer for a key no longer in use says nothing about the current one.
        if (key !== apiKey || !account.userId) return
        identify(account.userId)
        accountListeners.forEach((listener) => listener(account))
      }
    })
  }

  function identify(confirmed: string): void {
    if (!current || accountId === confirmed) return
    accountId = confirmed
    changeListeners.forEach((listener) => listener())
  }

  function replace(next: ApiClient | null): void {
    const previous = current
    current = next
    if (previous) void previous.close()
    if (previous !== next) changeListeners.forEach((listener) => listener())
  }

  const subscribe =
    <L>(set: Set<L>) =>
    (listener: L): (() => void) => {
      set.add(listener)
      return () => set.delete(listener)
    }

  return {
    client() {
      if (!current) throw new AppError('signed-out', 'Sign in with your API key first.')
      return current
    },
    get connected() {
      return current !== null
    },
    get accountId() {
      return current ? accountId : null
    },
    connect(key, confirmed = null) {
      // Another key may be another account: known only once whoami says so.
      if (key !== apiKey) accountId = confirmed
      else if (confirmed !== null) accountId = confirmed
      apiKey = key
      replace(build(key))
    },
    disconnect() {
      apiKey = null
      accountId = null
      replace(null)
    },
    network: () => network,
    trial(key, overrides) {
      return makeClient({ apiKey: key, ...endpoints(overrides), network, zone, log: deps.log, retries: 1 })
    },
    reconfigure() {
      const previous = network
      network = newNetwork()
      // The same key at another address may be another account: confirmed again by whoami.
      const next = endpoints()
      if (next.baseUrl !== built.baseUrl || next.documentUrl !== built.documentUrl) accountId = null
      if (apiKey && current) replace(build(apiKey))
      // Clients still finishing a request keep the old connections until they close.
      setTimeout(() => void previous.close(), 30_000).unref?.()
    },
    onUnauthorized: subscribe(unauthorizedListeners),
    onQuota: subscribe(quotaListeners),
    onAccount: subscribe(accountListeners),
    onReachable: subscribe(reachableListeners),
    onChange: subscribe(changeListeners),
    async close() {
      replace(null)
      await network.close()
    }
  }
}
