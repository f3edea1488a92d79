import type { CommandSpec, FlagSpec } from '../../command'

const READ_ONLY = 'Nothing was changed.'
const DOCUMENT: FlagSpec = { name: 'document', type: 'boolean', description: "The document host's list instead of the Flipbooks'.", default: 'Flipbooks' }

/** A command that takes no arguments and only reads one list or record. */
function reader(name: string, summary: string, example: string, flags: readonly FlagSpec[] = []): CommandSpec {
  return {
    name,
    group: 'account',
    summary,
    usage: [''],
    positionals: [0, 0],
    flags,
    examples: [
      { says: `${example}:`, run: `flipdrop ${name}${flags.length > 0 ? ' --document' : ''}` },
      { says: 'The same as JSON, for a script:', run: `flipdrop ${name} --json` }
    ],
    interrupted: READ_ONLY
  }
}

export const WHOAMI = reader('whoami', 'Show the account the API key belongs to.', 'Who the key in FLIPDROP_API_KEY or the keychain belongs to')
export const ACCOUNT = reader('account', 'Show the account (whoami) and its profile.', 'The account and its profile')
export const PLAN = reader('plan', 'Show the plan: fees, status, limits and how many items are left.', 'The plan and how many items are left')
export const PAYMENTS = reader('payments', 'List your payments, newest first.', 'Every payment, newest first')
export const TEMPLATES = reader('templates', 'List the templates for flipbooks (or documents with --document).', 'The templates for Documents', [DOCUMENT])
export const SKINS = reader('skins', 'List the viewer skins for flipbooks (or documents with --document).', 'The viewer skins for Documents', [DOCUMENT])
export const CURRENCIES = reader('currencies', 'List the currencies an item can be sold in.', 'The currencies')
export const MUSIC = reader('music', 'List the background music a viewer can play.', 'The background music')

export const ACCOUNTS: CommandSpec = {
  name: 'accounts',
  group: 'account',
  summary: 'List the accounts signed in here (one API key each); * marks the one commands use.',
  usage: [''],
  positionals: [0, 0],
  description:
    'Each key in your keychain is one account; FLIPDROP_API_KEY, when set, is the only one. Commands use the FlipDrop app\'s current account, or the one --account names (its email, user ID, name or brand). Keys are never shown.',
  flags: [],
  examples: [
    { says: 'Every account, the one in use marked with *:', run: 'flipdrop accounts' },
    { says: 'As JSON, for a script:', run: 'flipdrop accounts --json' },
    { says: 'Then publish into another of them:', run: 'flipdrop upload catalogue.pdf --account ravi@example.com' }
  ],
  interrupted: READ_ONLY
}

export const PROFILE: CommandSpec = {
  name: 'profile',
  group: 'account',
  summary: 'Show your profile, or change its name, phone or image (checked by reading it back).',
  usage: [''],
  positionals: [0, 0],
  description: 'An empty value keeps the old one: the service cannot clear a field.',
  flags: [
    { name: 'name', type: 'string', value: 'name', description: 'Change the display name.', default: 'unchanged' },
    { name: 'phone', type: 'string', value: 'phone', description: 'Change the phone number.', default: 'unchanged' },
    { name: 'image', type: 'string', value: 'url', description: 'Change the profile image (a link to it).', default: 'unchanged' }
  ],
  examples: [
    { says: 'Show the profile:', run: 'flipdrop profile' },
    { says: 'Change the name and the phone:', run: 'flipdrop profile --name "Ada Lovelace" --phone "+44 20 7946 0000"' }
  ],
  interrupted: 'The change may have reached the service before it stopped; flipdrop profile shows the profile as it is.'
}
