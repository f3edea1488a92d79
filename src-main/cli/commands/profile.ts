import { profileChangeSchema, type ProfileChangeInput } from '../../../src-shared/domain/profile'
import type { Profile, ProfileChangeResult } from '../../../src-shared/domain/service/account'
import { CliError } from '../cli-error'
import { stringOption, type Command, type OptionValues } from '../command'
import { EXIT } from '../exit-codes'
import { facts } from '../output/facts'
import { profileRows } from './account'

const LABELS: Record<keyof Profile, string> = { name: 'Name', phone: 'Phone', profileImage: 'Profile image' }

const EMPTY_KEEPS = 'An empty value keeps the old one: the service cannot clear a field.'

/** The fields given on the command line (--image is the profile image). */
function askedChange(values: OptionValues): ProfileChangeInput | null {
  const change: ProfileChangeInput = {}
  const name = stringOption(values, 'name')
  const phone = stringOption(values, 'phone')
  const image = stringOption(values, 'image')
  if (name !== undefined) change.name = name
  if (phone !== undefined) change.phone = phone
  if (image !== undefined) change.profileImage = image
  return Object.keys(change).length > 0 ? change : null
}

/** What happened to each field: changed, kept by the service, or left alone because it was empty. */
function renderResult(result: ProfileChangeResult, emptied: (keyof Profile)[]): string {
  const lines = [
    ...result.changed.map((key) => `${LABELS[key]} changed to "${result.profile[key] ?? ''}".`),
    ...result.unchanged.map((key) => `${LABELS[key]} did not change: the service kept its old value.`),
    ...emptied.map((key) => `${LABELS[key]} was empty, so it keeps its old value.`),
    EMPTY_KEEPS,
    '',
    facts(profileRows(result.profile))
  ]
  return lines.join('\n')
}

/** `flipdrop profile [--name N] [--phone P] [--image URL]`: shows the profile, or changes it and checks the change. */
export const profile: Command = {
  async run(values, _positionals, ctx) {
    const asked = askedChange(values)
    if (asked === null) {
      const { client } = await ctx.services()
      const current = await client.getProfile()
      ctx.result({ profile: current }, () => facts(profileRows(current)))
      return EXIT.ok
    }
    // Checked before the key is even looked up: a typo is bad usage, whatever the service says.
    const checked = profileChangeSchema.safeParse(asked)
    if (!checked.success) throw new CliError(checked.error.issues[0]?.message ?? 'The profile change is not valid.', EXIT.usage)
    const emptied = (Object.keys(asked) as (keyof Profile)[]).filter((key) => checked.data[key] === undefined)
    const { client } = await ctx.services()
    const result = await client.setProfile(checked.data)
    ctx.result(result, () => renderResult(result, emptied))
    return result.unchanged.length > 0 ? EXIT.failed : EXIT.ok
  }
}
