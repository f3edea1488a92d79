import { accountBookFor } from '../accounts/book-for'
import type { KeyAccount } from '../accounts/key-accounts'
import { accountTag } from '../accounts/list-accounts'
import type { Command } from '../command'
import { EXIT } from '../exit-codes'
import { accountWords } from './auth-check'

/** An account as the JSON answer names it: never its key. */
const named = ({ userId, name, email, brand }: KeyAccount): { userId: string | null; name: string | null; email: string | null; brand: string | null } => ({ userId, name, email, brand })

/**
 * `flipdrop auth logout`: signs out of one account (`--account`'s, else the app's current one)
 * by deleting its keychain entries; other accounts stay signed in. A key in FLIPDROP_API_KEY
 * is the environment's: the command cannot unset it, so it says so.
 */
export const authLogout: Command = {
  options: {},
  positionals: [0, 0],
  async run(_values, _positionals, ctx) {
    const stillSet = Boolean(ctx.env['FLIPDROP_API_KEY']?.trim())
    const envNote = stillSet ? ['FLIPDROP_API_KEY is still set in this shell, and commands use it: unset it to sign out completely.'] : []
    // The keychain's keys, whatever FLIPDROP_API_KEY says: that is what signing out changes.
    const book = await accountBookFor(ctx, { keychainOnly: true })
    if (book.list().length === 0 && ctx.accountChoice === undefined && !book.ring.problem) {
      ctx.result({ removed: false, account: null, accounts: [], environmentKey: stillSet }, () =>
        ['No API key was stored in your keychain; nothing to remove.', ...envNote].join('\n')
      )
      return EXIT.ok
    }
    const chosen = await book.choose(ctx.accountChoice)
    // Named in the answer, with those still signed in: what FlipDrop remembers, else the service says (best effort: the key goes either way).
    if (book.list().some((account) => account.unnamed)) await book.learn()
    const gone = book.list().find((account) => account.held === chosen.held) ?? chosen
    // Every entry of that account goes (an old single entry may hold another of its keys).
    for (const account of book.list()) if (account.held === chosen.held || (gone.userId !== null && account.userId === gone.userId)) await book.ring.forget(account.held)
    const left = [...new Map(book.list().map((account) => [account.userId ?? account.held.entry, account])).values()]
    ctx.result({ removed: true, account: named(gone), accounts: left.map(named), environmentKey: stillSet }, () =>
      [
        `Signed out: the API key was removed from your keychain. ${accountWords(gone)} is no longer signed in here${left.length > 0 ? `; still signed in: ${left.map(accountTag).join(', ')}` : ''}.`,
        ...envNote
      ].join('\n')
    )
    return EXIT.ok
  }
}
