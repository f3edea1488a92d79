import { accountTag, listAccounts } from '../accounts/list-accounts'
import type { Command } from '../command'
import { EXIT } from '../exit-codes'
import { keySource } from '../service-address'
import { accountWords } from './auth-check'

/**
 * `flipdrop auth status`: where the key comes from and whose it is, asked of the service
 * (whoami), for the account commands use; and every other account signed in here. No key is
 * exit 3, a refused one 3, an unreachable service 4 (describeFailure).
 */
export const authStatus: Command = {
  options: {},
  positionals: [0, 0],
  async run(_values, _positionals, ctx) {
    const { client } = await ctx.services()
    const account = await client.whoami({ signal: ctx.signal })
    const accounts = await listAccounts(ctx)
    const others = accounts.filter((listed) => !listed.current)
    const from = ctx.env['FLIPDROP_API_KEY']?.trim() ? 'FLIPDROP_API_KEY' : 'keychain'
    ctx.result({ signedIn: true, source: from, account, accounts }, () =>
      [
        `Signed in as ${accountWords(account)}, with the key from ${keySource(ctx.env).from}.`,
        ...(others.length > 0 ? [`Also signed in: ${others.map(accountTag).join(', ')}. --account chooses one of them.`] : [])
      ].join('\n')
    )
    return EXIT.ok
  }
}
