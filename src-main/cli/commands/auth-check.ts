import type { Account } from '../../../src-shared/domain/service/account'
import { systemAndBundledCertificates } from '../../core/api/http/trusted-certificates'
import type { Logger } from '../../core/log'
import { createServiceConnection } from '../../core/service/service-connection'
import { environmentOverrides } from '../../core/settings/environment-overrides'
import { openSettingsStore } from '../../core/settings/settings-store'

/** Where a key is checked: the address the command uses (FLIPDROP_BASE_URL, else the app's settings). */
export interface KeyCheckPlace {
  env: NodeJS.ProcessEnv
  dataDir: string
  log: Logger
  signal: AbortSignal
}

/**
 * Asks the service whose a key is (whoami, the root call), at the address the app and the
 * command use, before anything is stored or chosen by it.
 */
export async function whoseKey(place: KeyCheckPlace, key: string): Promise<Account> {
  const store = await openSettingsStore(place.dataDir, place.log)
  const trusted = systemAndBundledCertificates()
  const connection = createServiceConnection({
    settings: () => store.get(),
    environment: environmentOverrides(place.env),
    ...(trusted ? { trustedCertificates: trusted } : {}),
    log: place.log
  })
  const trial = connection.trial(key)
  try {
    return await trial.whoami({ signal: place.signal })
  } finally {
    await trial.close()
    await connection.close()
  }
}

/** "Dana Whitfield (dana@…)", or whatever of the two the service gave. */
export function accountWords(account: Pick<Account, 'name' | 'email' | 'userId'>): string {
  const name = account.name ?? account.email ?? account.userId ?? 'an account'
  return account.email && account.name ? `${name} (${account.email})` : name
}
