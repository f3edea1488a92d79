import { listAccounts, type ListedAccount } from '../accounts/list-accounts'
import { noKeyMessage } from '../accounts/no-key-message'
import { CliError } from '../cli-error'
import type { Command } from '../command'
import { EXIT } from '../exit-codes'
import { table } from '../output/facts'
import { plural, text } from '../output/format'

/** The mark of the account commands use, in its own first column. */
const CURRENT_MARK = '*'

/** The table is cut on a narrow terminal: names, emails and brands give way; the brand goes first, the user ID always stays. */
const FIT = { cut: [1, 2, 3], drop: [3] }

function render(accounts: readonly ListedAccount[], width: number | undefined, fromEnvironment: boolean): string {
  const rows = accounts.map((account) => [account.current ? CURRENT_MARK : '', text(account.name), text(account.email), text(account.brand), text(account.userId)])
  const shown = table(['', 'Name', 'Email', 'Brand', 'User ID'], rows, { width, ...FIT })
  const which = fromEnvironment
    ? 'FLIPDROP_API_KEY is set: commands use its account, whatever --account says.'
    : `${CURRENT_MARK} marks the one commands use${accounts.length > 1 ? '; --account <email|UserID|name> chooses another' : ''}.`
  return `${shown}\n\n${plural(accounts.length, 'account')} signed in. ${which}`
}

/**
 * `flipdrop accounts`: the accounts signed in here (each keychain key, or FLIPDROP_API_KEY's),
 * and which one commands use. `--json`: `[{userId, name, email, brand, current}]`, never a key.
 */
export const accounts: Command = {
  options: {},
  positionals: [0, 0],
  async run(_values, _positionals, ctx) {
    const book = await ctx.accounts()
    // A keychain that could not be read is not "no account": say why, as every command does.
    if (book.list().length === 0 && book.ring.problem) throw new CliError(noKeyMessage(book.ring.problem), EXIT.noKey)
    const listed = await listAccounts(ctx)
    ctx.result(listed, () =>
      listed.length === 0 ? 'No account is signed in: run flipdrop auth login, or set FLIPDROP_API_KEY.' : render(listed, ctx.tableWidth, book.fromEnvironment)
    )
    return EXIT.ok
  }
}
