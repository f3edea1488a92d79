import type { Account } from '../../../src-shared/domain/service/account'
import { systemAndBundledCertificates } from '../../core/api/http/trusted-certificates'
import { environmentOverrides } from '../../core/core'
import { createServiceConnection } from '../../core/service/service-connection'
import { openSettingsStore } from '../../core/settings/settings-store'
import type { CliContext } from '../cli-context'

/** The keychain entry the app reads its key from (one profile; see core/auth/key-session.ts). */
export const KEY_PROFILE = 'default'

/**
 * Asks the service whose a key is (whoami, the root call), at the address the app and the
 * command use (FLIPDROP_BASE_URL, else the app's settings), before anything is stored.
 */
export async function whoseKey(ctx: CliContext, key: string): Promise<Account> {
  const environment = environmentOverrides(ctx.env)
  const store = await openSettingsStore(ctx.dataDir, ctx.log)
  const trusted = systemAndBundledCertificates()
  const connection = createServiceConnection({
    settings: () => store.get(),
    environment,
    ...(trusted ? { trustedCertificates: trusted } : {}),
    log: ctx.log
  })
  const trial = connection.trial(key)
  try {
    return await trial.whoami({ signal: ctx.signal })
  } finally {
    await trial.close()
    await connection.close()
  }
}

/** "Dana Whitfield (dana@…)", or whatever of the two the service gave. */
export function accountWords(account: Account): string {
  const name = account.name ?? account.email ?? account.userId ?? 'an account'
  return account.email && account.name ? `${name} (${account.email})` : name
}
