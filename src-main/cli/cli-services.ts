import type { AuthProblem } from '../../src-shared/domain/auth'
import type { Settings } from '../../src-shared/domain/settings'
import { createApiClient, type ApiClient } from '../core/api/api-client'
import { systemAndBundledCertificates } from '../core/api/http/trusted-certificates'
import { createAccountCache } from '../core/auth/account-cache'
import { createKeySession } from '../core/auth/key-session'
import type { Logger } from '../core/log'
import { createKeychainStore } from '../core/secrets/keychain-store'
import type { KeychainStore } from '../core/secrets/key-store'
import { createServiceConnection } from '../core/service/service-connection'
import { effectiveSettings } from '../core/settings/effective-settings'
import { environmentOverrides } from '../core/settings/environment-overrides'
import { openSettingsStore } from '../core/settings/settings-store'
import { CliError } from './cli-error'
import { EXIT } from './exit-codes'

/** What commands that only talk to the service need: the client for the key, and the settings in force. */
export interface CliServices {
  client: ApiClient
  settings: Settings
  close(): Promise<void>
}

export const NO_KEY_MESSAGE =
  'No API key: set FLIPDROP_API_KEY, or run flipdrop auth login (it keeps the key in your keychain, where the FlipDrop app keeps it).'

/** Why there is no key, said for a terminal (the app's sign-in hints do not apply here). */
function noKeyMessage(problem: AuthProblem | null): string {
  switch (problem?.code) {
    case 'keychain-unavailable':
      return 'No API key: set FLIPDROP_API_KEY (this computer has no keychain to read the app\'s key from).'
    case 'keychain-locked':
      return "No API key: your keychain is locked, so the app's key cannot be read. Unlock it, or set FLIPDROP_API_KEY."
    case 'keychain-timeout':
      return "No API key: the keychain did not answer in time. Try again, or set FLIPDROP_API_KEY."
    case 'keychain-failed':
      return "No API key: the keychain could not be read. Try again, or set FLIPDROP_API_KEY."
    default:
      return NO_KEY_MESSAGE
  }
}

/**
 * The service for the key, found as the app finds it (FLIPDROP_API_KEY, else the app's
 * keychain entry) with the app's settings and the environment's overrides. Reads the data
 * folder, never writes it: only the process holding the data lock writes there.
 */
export async function openCliServices(options: {
  dataDir: string
  env: NodeJS.ProcessEnv
  log: Logger
  keychain?: KeychainStore
  /** The command's Ctrl+C: aborts every request of the client. */
  signal: AbortSignal
  onKey(key: string): void
}): Promise<CliServices> {
  const environment = environmentOverrides(options.env)
  const store = await openSettingsStore(options.dataDir, options.log)
  const accountCache = createAccountCache(options.dataDir)
  const keys = createKeySession({
    keychain: options.keychain ?? createKeychainStore(),
    environmentKey: environment.apiKey,
    signedInBefore: async () => (await accountCache.read()) !== null,
    log: options.log
  })
  await keys.load()
  if (!keys.key) throw new CliError(noKeyMessage(keys.problem), EXIT.noKey)
  options.onKey(keys.key)
  const trusted = systemAndBundledCertificates()
  const connection = createServiceConnection({
    settings: () => store.get(),
    environment,
    ...(trusted ? { trustedCertificates: trusted } : {}),
    createClient: (clientOptions) => createApiClient({ ...clientOptions, signal: options.signal }),
    log: options.log
  })
  connection.connect(keys.key)
  return { client: connection.client(), settings: effectiveSettings(store.get(), environment), close: () => connection.close() }
}
