import { accountBookFor } from '../accounts/book-for'
import type { KeyAccount } from '../accounts/key-accounts'
import { accountTag } from '../accounts/list-accounts'
import { CliError, describeFailure } from '../cli-error'
import type { Command } from '../command'
import { EXIT } from '../exit-codes'
import { accountWords, whoseKey } from './auth-check'
import { readKey } from './auth-read-key'

/**
 * `flipdrop auth login`: the key from stdin or a hidden prompt, checked with whoami, then kept
 * in the OS keychain under its account's entry (its UserID), where the app reads it. Another
 * account's key stays; this account's older key is replaced. Which account is current is the
 * app's to say: nothing else changes. Nothing is stored for a key the service refused or could not check.
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
    const userId = account.userId
    if (!userId) throw new CliError('The service did not say which account this key belongs to, so it cannot be kept apart from your other accounts. Nothing was stored.', EXIT.failed, 'no-user-id')
    // The keychain's own keys, whatever FLIPDROP_API_KEY says: that is where this one goes.
    const book = await accountBookFor(ctx, { keychainOnly: true })
    const { replaced } = await book.ring.keep(key, userId, false)
    const othersNow = (): KeyAccount[] => [...new Map(book.list().flatMap((other) => (other.userId !== null && other.userId !== userId ? [[other.userId, other] as const] : []))).values()]
    // Named for people: what FlipDrop remembers, else the service says.
    if (othersNow().some((other) => other.unnamed)) await book.learn()
    const others = othersNow()
    const overridden = Boolean(ctx.env['FLIPDROP_API_KEY']?.trim())
    ctx.result({ account, storage: 'keychain', replaced: replaced !== null, overriddenBy: overridden ? 'FLIPDROP_API_KEY' : null }, () =>
      [
        `Signed in as ${accountWords(account)}. The key is kept in your keychain; the FlipDrop app uses it too.${replaced ? ' It replaces the key kept before for this account.' : ''}`,
        ...(others.length > 0
          ? [`Also signed in: ${others.map(accountTag).join(', ')}. Commands work as the FlipDrop app's current account; --account ${account.email ?? userId} chooses this one.`]
          : []),
        ...(overridden ? ['FLIPDROP_API_KEY is set and wins over it: unset it to use this key.'] : [])
      ].join('\n')
    )
    return EXIT.ok
  }
}
