import { accountLabel } from '../../../src-shared/domain/auth'
import type { CliContext } from '../cli-context'
import type { KeyAccount } from './key-accounts'

/** One signed-in account as `flipdrop accounts --json` prints it: never its key. Unknown strings are null. */
export interface ListedAccount {
  userId: string | null
  name: string | null
  email: string | null
  brand: string | null
  /** The account this command uses (`--account`'s, else the app's current one). */
  current: boolean
}

/**
 * The signed-in accounts (every keychain key, or FLIPDROP_API_KEY's alone), one line per
 * account, named by what FlipDrop remembers, else by asking the service (whoami). A key the
 * service cannot name just now (offline) is still listed, with what is known. FLIPDROP_API_KEY
 * is named by whoami only: when that fails, so does the listing (exit 3 or 4).
 */
export async function listAccounts(ctx: CliContext): Promise<ListedAccount[]> {
  const book = await ctx.accounts()
  if (book.list().length === 0) return []
  const failed = await book.learn()
  const [environmentFailure] = book.fromEnvironment ? failed.values() : []
  if (environmentFailure !== undefined) throw environmentFailure
  const chosen = await ctx.account()
  const listed: ListedAccount[] = []
  for (const account of book.list()) {
    const current = account.held === chosen.held
    const same = account.userId === null ? undefined : listed.find((entry) => entry.userId === account.userId)
    if (same) same.current ||= current
    else listed.push(listedAccount(account, current))
  }
  return listed
}

function listedAccount(account: KeyAccount, current: boolean): ListedAccount {
  const { userId, name, email, brand } = account
  return { userId, name, email, brand, current }
}

/** "Northwind Press (dana@…) [52000]": how the command names an account beside others. */
export function accountTag(account: Pick<ListedAccount, 'userId' | 'name' | 'email' | 'brand'>): string {
  return `${accountLabel(account)}${account.userId === null ? '' : ` [${account.userId}]`}`
}
