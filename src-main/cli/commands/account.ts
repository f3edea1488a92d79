import type { Account, Profile } from '../../../src-shared/domain/service/account'
import type { Command } from '../command'
import { EXIT } from '../exit-codes'
import { facts } from '../output/facts'

/** The profile's rows; an empty phone or image is shown as "none" (the service allows both empty). */
export function profileRows(profile: Profile): [string, string | null][] {
  const orNone = (value: string | null): string | null => (value === '' ? 'none' : value)
  return [
    ['Name', profile.name],
    ['Phone', orNone(profile.phone)],
    ['Profile image', orNone(profile.profileImage)]
  ]
}

/** `flipdrop account`: who the key belongs to (whoami) and the profile. */
export const account: Command = {
  name: 'account',
  summary: 'Show the account (whoami) and its profile.',
  usage: 'account [--json]',
  options: {},
  positionals: [0, 0],
  async run(_values, _positionals, ctx) {
    const { client } = await ctx.services()
    // whoami first: it is the root call that validates the key (§4.2).
    const who: Account = await client.whoami()
    const profile: Profile = await client.getProfile()
    ctx.result({ account: who, profile }, () =>
      facts([
        ['Account name', who.name],
        ['Email', who.email],
        ['Brand', who.brand],
        ['App host', who.appUrl],
        ['Largest upload', who.maxFileSizeMb === null ? null : `${who.maxFileSizeMb} MB`],
        ['User ID', who.userId],
        ['Vendor ID', who.vendorId],
        // "Name" twice would be ambiguous: the profile's is the display name.
        ...profileRows(profile).map(([label, value]): [string, string | null] => [label === 'Name' ? 'Display name' : label, value])
      ])
    )
    return EXIT.ok
  }
}
