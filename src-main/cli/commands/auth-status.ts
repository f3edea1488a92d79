import type { Command } from '../command'
import { EXIT } from '../exit-codes'
import { keySource } from '../service-address'
import { accountWords } from './auth-check'

/**
 * `flipdrop auth status`: where the key comes from and whose it is, asked of the service
 * (whoami). No key is exit 3, a refused one 3, an unreachable service 4 (describeFailure).
 */
export const authStatus: Command = {
  options: {},
  positionals: [0, 0],
  async run(_values, _positionals, ctx) {
    const { client } = await ctx.services()
    const account = await client.whoami({ signal: ctx.signal })
    const from = ctx.env['FLIPDROP_API_KEY']?.trim() ? 'FLIPDROP_API_KEY' : 'keychain'
    ctx.result({ signedIn: true, source: from, account }, () => `Signed in as ${accountWords(account)}, with the key from ${keySource(ctx.env).from}.`)
    return EXIT.ok
  }
}
