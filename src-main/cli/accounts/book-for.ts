import { environmentOverrides } from '../../core/settings/environment-overrides'
import type { CliContext } from '../cli-context'
import { whoseKey } from '../commands/auth-check'
import { openAccountBook, type AccountBook } from './account-book'

/**
 * The account book of a command's run: FLIPDROP_API_KEY alone when set (unless
 * `keychainOnly`: auth login and logout manage the keychain), else every keychain entry.
 * Every key read is redacted from every line from then on, whichever one the command uses.
 */
export async function accountBookFor(ctx: CliContext, options: { keychainOnly?: boolean } = {}): Promise<AccountBook> {
  const book = await openAccountBook({
    dataDir: ctx.dataDir,
    environmentKey: options.keychainOnly ? undefined : environmentOverrides(ctx.env).apiKey,
    keychain: await ctx.keychain(),
    log: ctx.log,
    whose: (key) => whoseKey(ctx, key)
  })
  for (const account of book.list()) ctx.secrets.push(account.held.key)
  return book
}
