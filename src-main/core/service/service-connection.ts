import { AppError } from '../../../src-shared/contract/errors'
import type { Account } from '../../../src-shared/domain/service/account'
import type { Quota } from '../../../src-shared/domain/service/quota'
import type { Settings } from '../../../src-shared/domain/settings'
import { createApiClient, type ApiClient, type ApiClientOptions } from '../api/api-client'
import { createNetwork, type Network, type ProxyResolver } from '../api/http/network'
import { createServerZone } from '../api/server-zone'
import type { Logger } from '../log'
import { sentence } from '../i18n/sentence'
import { effectiveSettings, type EnvironmentOverrides } from '../settings/effective-settings'

export interface ServiceConnectionDependencies {
  settings: () => Settings
  /** The Settings proxy's password, from the keychain (read once per network, so again after `reconfigure`). */
  proxyPassword?: () => Promise<string | null>
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

/** One key's session: its client and the account whoami confirmed for it in this process. */
interface Session {
  key: string
  client: ApiClient
  /** Confirmed by whoami in this process; null until then. */
  accountId: string | null
  /** The account it is believed to be (its keychain entry), until confirmed. */
  hint: string | null
  /** Read from the one keychain entry of the time before several accounts: its account owns that time's work. */
  legacy: boolean
  /** Aborts every request of this key at once (sign-out, a refused key). */
  stop: AbortController
}

/**
 * Where an account's work stands: it can be sent, its key's owner is being confirmed, no key
 * of it is held, its key was refused (401), or (work made before accounts were kept apart)
 * nothing on this computer says whose it is.
 */
export type AccountReach = 'ready' | 'identifying' | 'absent' | 'refused' | 'unbound'

/**
 * Whose work a record is and whether it can be sent now: the one answer the queue, the links
 * and the library share. A record without an account (made before accounts were kept apart)
 * belongs to the account this data folder names for that time, never to whoever is current.
 */
export type AccountScope =
  | { reach: 'ready'; accountId: string; client: ApiClient }
  | { reach: 'identifying' | 'absent'; accountId: string | null }
  | { reach: 'refused'; accountId: string }
  | { reach: 'unbound'; accountId: null }

/**
 * The service clients' life, one per key held (one per account): built with the settings in
 * force, rebuilt when the address or proxy changes, dropped on sign-out or a rejected key.
 * One key is current: what the library, account and sign-in show, and where new work goes.
 * Every feature asks it for a client instead of building its own, so all of them share one
 * network setup, each key's one rate limiter, and what answers taught.
 */
export interface ServiceConnection {
  /** The current key's client; throws `signed-out` when there is none. */
  client(): ApiClient
  /** Whether a current key is in use. */
  readonly connected: boolean
  /**
   * The UserID whoami confirmed, in this process, for the current key; null until then. Work
   * that belongs to an account (jobs, links, hot folders) runs only once its own key is
   * confirmed: a cached account or a keychain entry is a hint, never proof.
   */
  readonly accountId: string | null
  /** Whose work a record made for `accountId` is (null: made before accounts were kept apart), and its client when it can be sent now. */
  scopeOf(accountId: string | null): AccountScope
  /** The client of an account whose key is held and confirmed, or null (`scopeOf(accountId)`'s client). */
  clientFor(accountId: string | null): ApiClient | null
  /** The account the data folder names for work made before accounts were kept apart (its old account file). */
  nameLegacyOwner(accountId: string | null): void
  /** Whether a key held is not confirmed yet (whoami has not said whose it is in this process). */
  readonly confirming: boolean
  /** Asks the service whose each unconfirmed key (of `accountId`, or any) is; answers reach `onAccount`. */
  identify(accountId: string | null, options?: { retries?: number }): Promise<void>
  /** The confirmed accounts of every key held. */
  accounts(): string[]
  /** Whether any key is held at all. */
  readonly anyConnected: boolean
  /** Uses a key as the current one, instead of the current one; `accountId` when the caller just confirmed it with whoami. */
  connect(apiKey: string, accountId?: string | null): void
  /** Holds a key beside the others (not current); `hint` is whose it is believed to be; `legacy`: read from the old single keychain entry. */
  add(apiKey: string, known?: Known): void
  /** Makes a held key the current one; null: none is (its client stays held for its own work). */
  use(apiKey: string | null): void
  /** Stops holding a key (the current one too: then nothing is current); its requests under way are aborted. */
  remove(apiKey: string): void
  /** An account signed out: its work waits for a sign-in (no longer for a new key after a refusal). */
  signedOut(accountId: string): void
  /** Stops using the current key. */
  disconnect(): void
  /** The connections clients use (proxy, trusted roots), for public storage downloads on the same routes. */
  network(): Network
  /** A short-lived client to check a key before it is kept; close it after use. */
  trial(apiKey: string, endpoints?: Partial<Endpoints>): ApiClient
  /** Rebuilds the clients after the service address or proxy changed. */
  reconfigure(): void
  /** Called with the key on any 401 (any key's client). */
  onUnauthorized(listener: (apiKey: string) => void): () => void
  /** Called with every quota the service reports, and the confirmed account it belongs to. */
  onQuota(listener: (quota: Quota, accountId: string | null) => void): () => void
  /** Called with every account whoami answers for a key held (after it is confirmed), and that key. */
  onAccount(listener: (account: Account, apiKey: string) => void): () => void
  /** Called with whether each request of any client reached the service (any feature's), and why not when a sign-in page answered. */
  onReachable(listener: (reachable: boolean, why?: 'portal') => void): () => void
  /** Called when a client appears, goes away, is rebuilt or confirmed, or another key becomes current. */
  onChange(listener: () => void): () => void
  close(): Promise<void>
}

/** What is known of a key when it is held. */
interface Known {
  confirmed?: string | null
  hint?: string | null
  legacy?: boolean
}

export function createServiceConnection(deps: ServiceConnectionDependencies): ServiceConnection {
  const makeClient = deps.createClient ?? createApiClient
  const zone = createServerZone(deps.log)
  const unauthorizedListeners = new Set<(apiKey: string) => void>()
  const quotaListeners = new Set<(quota: Quota, accountId: string | null) => void>()
  const accountListeners = new Set<(account: Account, apiKey: string) => void>()
  const reachableListeners = new Set<(reachable: boolean, why?: 'portal') => void>()
  const changeListeners = new Set<() => void>()
  let network: Network = newNetwork()
  const sessions = new Map<string, Session>()
  let currentKey: string | null = null
  /** The account the old account file names (work of the single-account time is its). */
  let legacyOwner: string | null = null
  /** Accounts whose key the service refused (401), until a new key of theirs is held or they sign out. */
  const refused = new Set<string>()
  const changed = (): void => changeListeners.forEach((listener) => listener())
  const current = (): Session | null => (currentKey === null ? null : (sessions.get(currentKey) ?? null))

  function newNetwork(): Network {
    const { proxyUrl } = deps.settings()
    return createNetwork({
      ...(proxyUrl ? { proxyUrl } : {}),
      ...(deps.proxyPassword ? { proxyPassword: deps.proxyPassword } : {}),
      ...(deps.resolveProxy ? { resolveProxy: deps.resolveProxy } : {}),
      ...(deps.trustedCertificates ? { trustedCertificates: deps.trustedCertificates } : {}),
      log: deps.log
    })
  }

  function endpoints(overrides: Partial<Endpoints> = {}): Endpoints {
    const { baseUrl, documentUrl } = effectiveSettings({ ...deps.settings(), ...overrides }, deps.environment)
    return { baseUrl, documentUrl }
  }

  /** The addresses the clients were built for. */
  let built: Endpoints = endpoints()

  function build(key: string, stop: AbortController): ApiClient {
    const session = (): Session | undefined => sessions.get(key)
    return makeClient({
      apiKey: key,
      ...built,
      ...(deps.environment.timeoutScale !== undefined ? { timeoutScale: deps.environment.timeoutScale } : {}),
      network,
      zone,
      log: deps.log,
      signal: stop.signal,
      onUnauthorized: () => {
        const held = session()
        if (held?.accountId) refused.add(held.accountId)
        unauthorizedListeners.forEach((listener) => listener(key))
      },
      onQuota: (quota) => quotaListeners.forEach((listener) => listener(quota, session()?.accountId ?? null)),
      onReachable: (reachable, why) => reachableListeners.forEach((listener) => listener(reachable, why)),
      onAccount: (account) => {
        // An answer for a key no longer held says nothing about the ones that are.
        const held = session()
        if (!held || !account.userId) return
        if (held.accountId !== account.userId) {
          held.accountId = account.userId
          held.hint = account.userId
          changed()
        }
        accountListeners.forEach((listener) => listener(account, key))
      }
    })
  }

  function hold(key: string, known: Known): Session {
    // A new key of an account whose key was refused: it is that account's key now.
    if (known.confirmed) refused.delete(known.confirmed)
    const existing = sessions.get(key)
    if (existing) {
      if (known.confirmed) existing.accountId = known.confirmed
      if (known.hint !== undefined && existing.accountId === null) existing.hint = known.hint
      if (known.legacy) existing.legacy = true
      return existing
    }
    built = endpoints()
    const stop = new AbortController()
    const session: Session = {
      key,
      client: build(key, stop),
      accountId: known.confirmed ?? null,
      hint: known.confirmed ?? known.hint ?? null,
      legacy: known.legacy === true,
      stop
    }
    sessions.set(key, session)
    return session
  }

  function drop(key: string): void {
    const session = sessions.get(key)
    if (!session) return
    sessions.delete(key)
    if (currentKey === key) currentKey = null
    // Nothing more goes out with a key no longer held: uploads, checks and lookups under way stop here.
    session.stop.abort()
    void session.client.close()
  }

  /** The account work of the single-account time belongs to: the old account file's, else whose the old entry's key is. */
  function ownerOfUnrecorded(): { accountId: string } | 'identifying' | null {
    if (legacyOwner !== null) return { accountId: legacyOwner }
    const old = [...sessions.values()].find((session) => session.legacy)
    if (!old) return null
    return old.accountId === null ? 'identifying' : { accountId: old.accountId }
  }

  function scopeOf(accountId: string | null): AccountScope {
    if (accountId === null) {
      const owner = ownerOfUnrecorded()
      if (owner === null) return { reach: 'unbound', accountId: null }
      if (owner === 'identifying') return { reach: 'identifying', accountId: null }
      accountId = owner.accountId
    }
    for (const session of sessions.values()) if (session.accountId === accountId) return { reach: 'ready', accountId, client: session.client }
    if (unconfirmed(accountId).length > 0) return { reach: 'identifying', accountId }
    return refused.has(accountId) ? { reach: 'refused', accountId } : { reach: 'absent', accountId }
  }

  /**
   * Keys not confirmed yet that may be an account's (any account's with null): believed to be
   * it, or named by nothing (a key stored before entries were per account).
   */
  const unconfirmed = (accountId: string | null): Session[] =>
    [...sessions.values()].filter((session) => session.accountId === null && (accountId === null || session.hint === accountId || session.hint === null))

  const subscribe =
    <L>(set: Set<L>) =>
    (listener: L): (() => void) => {
      set.add(listener)
      return () => set.delete(listener)
    }

  return {
    client() {
      const session = current()
      if (!session) throw new AppError('signed-out', sentence('coreAccount.signIn.first'))
      return session.client
    },
    get connected() {
      return current() !== null
    },
    get anyConnected() {
      return sessions.size > 0
    },
    get accountId() {
      return current()?.accountId ?? null
    },
    scopeOf,
    clientFor(accountId) {
      if (accountId === null) return null
      const scope = scopeOf(accountId)
      return scope.reach === 'ready' ? scope.client : null
    },
    nameLegacyOwner(accountId) {
      if (legacyOwner === accountId) return
      legacyOwner = accountId
      changed()
    },
    get confirming() {
      return unconfirmed(null).length > 0
    },
    async identify(accountId, options = {}) {
      await Promise.all(unconfirmed(accountId).map((session) => session.client.whoami(options)))
    },
    accounts: () => [...sessions.values()].flatMap((session) => (session.accountId === null ? [] : [session.accountId])),
    connect(key, confirmed = null) {
      const previous = currentKey
      // Another key may be another account: known only once whoami says so.
      if (previous !== null && previous !== key) drop(previous)
      hold(key, { confirmed })
      currentKey = key
      changed()
    },
    add(key, known = {}) {
      hold(key, known)
      changed()
    },
    use(key) {
      if ((key !== null && !sessions.has(key)) || currentKey === key) return
      currentKey = key
      changed()
    },
    remove(key) {
      if (!sessions.has(key)) return
      drop(key)
      changed()
    },
    signedOut(accountId) {
      // Signed out: it waits for a sign-in, not for a new key.
      if (refused.delete(accountId)) changed()
    },
    disconnect() {
      if (currentKey === null) return
      drop(currentKey)
      changed()
    },
    network: () => network,
    trial(key, overrides) {
      const at = endpoints(overrides)
      // A check at the addresses in use tells the one status too; one at addresses being tried says nothing of them.
      const sameService = at.baseUrl === built.baseUrl && at.documentUrl === built.documentUrl
      const reachable = (answered: boolean, why?: 'portal'): void => reachableListeners.forEach((listener) => listener(answered, why))
      const scale = deps.environment.timeoutScale
      return makeClient({
        apiKey: key,
        ...at,
        ...(scale !== undefined ? { timeoutScale: scale } : {}),
        network,
        zone,
        log: deps.log,
        retries: 1,
        ...(sameService ? { onReachable: reachable } : {})
      })
    },
    reconfigure() {
      const previous = network
      network = newNetwork()
      // The same key at another address may be another account: confirmed again by whoami.
      const next = endpoints()
      const moved = next.baseUrl !== built.baseUrl || next.documentUrl !== built.documentUrl
      built = next
      for (const session of sessions.values()) {
        const old = session.client
        if (moved) session.accountId = null
        session.client = build(session.key, session.stop)
        void old.close()
      }
      if (sessions.size > 0) changed()
      // Clients still finishing a request keep the old connections until they close.
      setTimeout(() => void previous.close(), 30_000).unref?.()
    },
    onUnauthorized: subscribe(unauthorizedListeners),
    onQuota: subscribe(quotaListeners),
    onAccount: subscribe(accountListeners),
    onReachable: subscribe(reachableListeners),
    onChange: subscribe(changeListeners),
    async close() {
      for (const key of [...sessions.keys()]) drop(key)
      changed()
      await network.close()
    }
  }
}
