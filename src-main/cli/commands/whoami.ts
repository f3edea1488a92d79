import type { Account } from '../../../src-shared/domain/service/account'
import type { Command } from '../command'
import { EXIT } from '../exit-codes'
import { facts } from '../output/facts'

/** `flipdrop whoami`: the account the key belongs to (whoami, the root call). */
export const whoami: Command = {
  name: 'whoami',
  summary: 'Show the account the API key belongs to.',
  usage: 'whoami [--json]',
  options: {},
  positionals: [0, 0],
  async run(_values, _positionals, ctx) {
    const { client } = await ctx.services()
    const account: Account = await client.whoami()
    ctx.result(account, () =>
      facts([
        ['Name', account.name],
        ['Email', account.email],
        ['Brand', account.brand],
        ['App host', account.appUrl],
        ['Largest upload', account.maxFileSizeMb === null ? null : `${account.maxFileSizeMb} MB`],
        ['User ID', account.userId],
        ['Vendor ID', account.vendorId]
      ])
    )
    return EXIT.ok
  }
}
