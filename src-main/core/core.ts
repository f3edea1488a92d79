import { contract } from '../../src-shared/contract'
import type { AppHost } from './app/app-service'
import type { ProxyResolver } from './api/http/network'
import { systemAndBundledCertificates } from './api/http/trusted-certificates'
import type { ApiClient, ApiClientOptions } from './api/api-client'
import { createAccountCache } from './auth/account-cache'
import { createAuthService, type AuthService } from './auth/auth-service'
import { createKeySession } from './auth/key-session'
import type { EventSink } from './events'
import type { LogSink, Logger } from './log'
import { createKeychainStore } from './secrets/keychain-store'
import type { KeychainStore } from './secrets/key-store'
import { createServiceConnection, type ServiceConnection } from './service/service-connection'
import type { EnvironmentOverrides } from './settings/effective-settings'
import { createSettingsService, type SettingsService } from './settings/settings-service'
import { openSettingsStore } from './settings/settings-store'

/** Everything the core needs from whoever hosts it (Electron main, the test host, the command). */
export interface CoreConfig {
  app: AppHost
  /** Where settings, caches and the queue live (Electron's userData folder, or FLIPDROP_DATA_DIR). */
  userDataDir: string
  /** FLIPDROP_API_KEY / FLIPDROP_BASE_URL / FLIPDROP_DOCUMENT_URL. */
  environment?: EnvironmentOverrides
  /** Defaults to the OS keychain through keytar. */
  keychain?: KeychainStore
  /** Pushes events to the windows. */
  emit?: EventSink
  logSink?: LogSink
  /** The OS proxy for a URL, as Chromium resolves it (Electron's session.resolveProxy). */
  resolveProxy?: ProxyResolver
  /** PEM roots to trust; defaults to Node's bundled roots plus the OS store where Node can read it. */
  trustedCertificates?: readonly string[]
  /** Tests shorten the client's timeouts. */
  createClient?: (options: ApiClientOptions) => ApiClient
}

/** The running core: one service per contract area (but `app`, which answers before the core exists), plus shared parts. */
export interface Core {
  auth: AuthService
  settings: SettingsService
  connection: ServiceConnection
  close(): Promise<void>
}

/** Reads FLIPDROP_* overrides from an environment (documented in the README). */
export function environmentOverrides(env: NodeJS.ProcessEnv): EnvironmentOverrides {
  const overrides: EnvironmentOverrides = {}
  if (env['FLIPDROP_API_KEY']?.trim()) overrides.apiKey = env['FLIPDROP_API_KEY'].trim()
  if (env['FLIPDROP_BASE_URL']?.trim()) overrides.baseUrl = env['FLIPDROP_BASE_URL'].trim().replace(/\/+$/, '')
  if (env['FLIPDROP_DOCUMENT_URL']?.trim()) overrides.documentUrl = env['FLIPDROP_DOCUMENT_URL'].trim().replace(/\/+$/, '')
  return overrides
}

/**
 * The one composition root, shared by Electron, the test host and the command, so the
 * e2e tests drive exactly the code the app runs. `boot()` wraps it with the start-up state.
 */
export async function createCore(config: CoreConfig, log: Logger): Promise<Core> {
  const emit: EventSink = config.emit ?? (() => {})
  const environment = config.environment ?? {}
  const store = await openSettingsStore(config.userDataDir, log)
  const accountCache = createAccountCache(config.userDataDir)
  const trustedCertificates = config.trustedCertificates ?? systemAndBundledCertificates()
  const connection = createServiceConnection({
    settings: () => store.get(),
    environment,
    ...(config.resolveProxy ? { resolveProxy: config.resolveProxy } : {}),
    ...(trustedCertificates ? { trustedCertificates } : {}),
    ...(config.createClient ? { createClient: config.createClient } : {}),
    log
  })
  const keys = createKeySession({
    keychain: config.keychain ?? createKeychainStore(),
    environmentKey: environment.apiKey,
    signedInBefore: async () => (await accountCache.read()) !== null,
    log
  })
  const auth = createAuthService({
    keys,
    connection,
    accountCache,
    saveAddresses: async (addresses) => {
      await store.update(addresses)
    },
    log,
    onChange: (state) => emit(contract.auth.changed, state)
  })
  const settings = createSettingsService(store, environment, emit, () => connection.reconfigure())
  await auth.start()
  return { auth, settings, connection, close: () => connection.close() }
}
