import type { Settings } from '../../src-shared/domain/settings'
import { createApiClient, type ApiClient } from '../core/api/api-client'
import { systemAndBundledCertificates } from '../core/api/http/trusted-certificates'
import type { Logger } from '../core/log'
import { createServiceConnection } from '../core/service/service-connection'
import { effectiveSettings } from '../core/settings/effective-settings'
import { environmentOverrides } from '../core/settings/environment-overrides'
import { openSettingsStore } from '../core/settings/settings-store'

/** What commands that only talk to the service need: the client for the key, and the settings in force. */
export interface CliServices {
  client: ApiClient
  settings: Settings
  /** The Settings proxy's password, read in main from the keychain. */
  proxyPassword: () => Promise<string | null>
  close(): Promise<void>
}

/**
 * The service for one key (the account the command uses, chosen by accounts/account-book.ts)
 * with the app's settings and the environment's overrides. Reads the data folder, never
 * writes it: only the process holding the data lock writes there.
 */
export async function openCliServices(options: {
  dataDir: string
  env: NodeJS.ProcessEnv
  log: Logger
  /** The command's Ctrl+C: aborts every request of the client. */
  signal: AbortSignal
  key: string
  proxyPassword: () => Promise<string | null>
}): Promise<CliServices> {
  const environment = environmentOverrides(options.env)
  const store = await openSettingsStore(options.dataDir, options.log)
  const trusted = systemAndBundledCertificates()
  const connection = createServiceConnection({
    settings: () => store.get(),
    proxyPassword: options.proxyPassword,
    environment,
    ...(trusted ? { trustedCertificates: trusted } : {}),
    createClient: (clientOptions) => createApiClient({ ...clientOptions, signal: options.signal }),
    log: options.log
  })
  connection.connect(options.key)
  return { client: connection.client(), settings: effectiveSettings(store.get(), environment), proxyPassword: options.proxyPassword, close: () => connection.close() }
}
