import { createKeychainStore } from '../../core/secrets/keychain-store'
import type { Command } from '../command'
import { EXIT } from '../exit-codes'
import { KEY_PROFILE } from './auth-check'

/**
 * `flipdrop auth logout`: removes the key from the keychain entry the app reads. A key in
 * FLIPDROP_API_KEY is the environment's: the command cannot unset it, so it says so.
 */
export const authLogout: Command = {
  options: {},
  positionals: [0, 0],
  async run(_values, _positionals, ctx) {
    const removed = await createKeychainStore().delete(KEY_PROFILE)
    const stillSet = Boolean(ctx.env['FLIPDROP_API_KEY']?.trim())
    ctx.result({ removed, environmentKey: stillSet }, () =>
      [
        removed ? 'Signed out: the API key was removed from your keychain.' : 'No API key was stored in your keychain; nothing to remove.',
        ...(stillSet ? ['FLIPDROP_API_KEY is still set in this shell, and commands use it: unset it to sign out completely.'] : [])
      ].join('\n')
    )
    return EXIT.ok
  }
}
