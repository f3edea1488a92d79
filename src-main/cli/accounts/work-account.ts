import type { CliContext } from '../cli-context'

/**
 * The account (UserID) new work is made for, when `--account` chose one: the jobs, links and
 * hot folders carry it, also when handed to a running app, whose current account may be
 * another. Undefined without `--account`, or with FLIPDROP_API_KEY (which overrides it): the
 * queue's own current account then. Resolved here, with the command's own keys, so an
 * ambiguous or unknown name is said before anything is queued.
 */
export async function workAccountId(ctx: CliContext): Promise<string | undefined> {
  if (ctx.accountChoice === undefined) return undefined
  const chosen = await ctx.account()
  return (await ctx.accounts()).fromEnvironment ? undefined : (chosen.userId ?? undefined)
}
