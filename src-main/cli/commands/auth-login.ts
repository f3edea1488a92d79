import { createKeychainStore } from '../../core/secrets/keychain-store'
import { CliError, describeFailure } from '../cli-error'
import type { Command } from '../command'
import { EXIT } from '../exit-codes'
import { accountWords, KEY_PROFILE, whoseKey } from './auth-check'
import { readKey } from './auth-read-key'

/**
 * `flipdrop auth login`: the key from stdin or a hidden prompt, checked with whoami, then kept
 * in the OS keychain under the entry the app reads (so the app and the command share it).
 * Nothing is stored for a key the service refused or could not check.
 */
export const authLogin: Command = {
  options: {},
  positionals: [0, 0],
  async run(_values, _positionals, ctx) {
    const key = await readKey(ctx.signal)
    ctx.secrets.push(key)
    let account
    try {
      account = await whoseKey(ctx, key)
    } catch (error) {
      const failure = describeFailure(error, ctx)
      // The key was typed here, not read from a variable or the keychain: say it of this key.
      const message = failure.code === 'key-refused' ? 'The service did not accept that API key. Nothing was stored.' : `${failure.message} Nothing was stored.`
      throw new CliError(message, failure.exitCode, failure.code)
    }
    await createKeychainStore().set(KEY_PROFILE, key)
    const overridden = Boolean(ctx.env['FLIPDROP_API_KEY']?.trim())
    ctx.result({ account, storage: 'keychain', overriddenBy: overridden ? 'FLIPDROP_API_KEY' : null }, () =>
      [
        `Signed in as ${accountWords(account)}. The key is kept in your keychain; the FlipDrop app uses it too.`,
        ...(overridden ? ['FLIPDROP_API_KEY is set and wins over it: unset it to use this key.'] : [])
      ].join('\n')
    )
    return EXIT.ok
  }
}
