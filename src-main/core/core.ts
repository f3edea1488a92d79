import { contract } from '../../src-shared/contract'
import { createAppService, type AppHost, type AppService } from './app/app-service'
import { createAccountCache } from './auth/account-cache'
import { createAuthService, type AuthService } from './auth/auth-service'
import type { EnvironmentOverrides } from './settings/effective-settings'
import type { EventSink } from './events'
import { consoleSink, createLogger, type LogSink, type Logger } from './log'
import { createKeychainStore } from './secrets/keychain-store'
import type { KeychainStore } from './secrets/key-store'
import { createSessionStore } from './secrets/session-store'
import { createSettingsService, type SettingsService } from './settings/settings-service'
import { openSettingsStore } from './settings/settings-store'
import type { ApiClient, ApiClientOptions } from './api/api-client'

/** Everything the core needs from whoever hosts it (Electron main, or the e2e test host). */
export interface CoreConfig {
  app: AppHost
  /** Where settings and caches live (Electron's userData folder). */
  userDataDir: string
  /** FLIPDROP_API_KEY / FLIPDROP_BASE_URL / FLIPDROP_DOCUMENT_URL. */
  environment?: EnvironmentOverrides
  /** Defaults to the OS keychain through keytar. */
  keychain?: KeychainStore
  /** Pushes events to the windows. */
  emit?: EventSink
  logSink?: LogSink
  /** Tests shorten the client's timeouts. */
  createClient?: (options: ApiClientOptions) => ApiClient
}

/** The running core: one service per contract area, plus its logger. */
export interface Core {
  app: AppService
  auth: AuthService
  settings: SettingsService
  log: Logger
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
 * The one composition root, shared by Electron and the test host, so the e2e tests drive
 * exactly the code the app runs.
 */
export async function createCore(config: CoreConfig): Promise<Core> {
  const emit: EventSink = config.emit ?? (() => {})
  // The logger exists before the auth service, and asks it for the key to redact once it does.
  let secrets: () => string[] = () => []
  const log = createLogger(config.logSink ?? consoleSink, () => secrets())
  const environment = config.environment ?? {}
  const store = await openSettingsStore(config.userDataDir, log)
  const auth = createAuthService({
    keychain: config.keychain ?? createKeychainStore(),
    session: createSessionStore(),
    settings: store,
    accountCache: createAccountCache(config.userDataDir),
    environment,
    log,
    ...(config.createClient ? { createClient: config.createClient } : {}),
    onChange: (state) => emit(contract.auth.changed, state)
  })
  secrets = () => auth.secrets()
  const settings = createSettingsService(store, environment, emit, () => auth.settingsChanged())
  await auth.start()
  return {
    app: createAppService(config.app),
    auth,
    settings,
    log,
    close: () => auth.close()
  }
}
