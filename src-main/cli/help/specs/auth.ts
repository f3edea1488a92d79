import type { CommandSpec } from '../../command'

/*
 * `flipdrop auth login|status|logout` (part B of issue 20): the keys in the OS keychain, one
 * per account, where the FlipDrop app keeps them. FLIPDROP_API_KEY, when set, wins over them.
 */

export const AUTH_LOGIN: CommandSpec = {
  name: 'auth login',
  group: 'account',
  summary: 'Check an API key with the service and keep it in your keychain, where the FlipDrop app keeps it.',
  usage: [''],
  description:
    "Reads the key from standard input when it is not a terminal, else asks for it without showing it. Other accounts stay signed in; a new key for an account replaces its old one. Which account is current stays the FlipDrop app's choice.",
  positionals: [0, 0],
  flags: [],
  examples: [
    { says: 'Type the key at a prompt (it is not shown):', run: 'flipdrop auth login' },
    { says: 'From a password manager, for a script:', run: 'pass show flipdrop | flipdrop auth login' },
    { says: 'Add a second account, then see both:', run: 'pass show flipdrop-kite | flipdrop auth login && flipdrop accounts' }
  ],
  interrupted: 'Nothing was stored.'
}

export const AUTH_STATUS: CommandSpec = {
  name: 'auth status',
  group: 'account',
  summary: 'Say whose API key commands use, where it comes from, and which other accounts are signed in.',
  usage: [''],
  positionals: [0, 0],
  flags: [],
  examples: [
    { says: 'Which key is used, and whose account it is:', run: 'flipdrop auth status' },
    { says: 'The same as JSON:', run: 'flipdrop auth status --json' }
  ],
  interrupted: 'Nothing was changed.'
}

export const AUTH_LOGOUT: CommandSpec = {
  name: 'auth logout',
  group: 'account',
  summary: 'Sign out of one account: remove its API key from your keychain (the FlipDrop app signs out with it).',
  usage: [''],
  description: "The account --account names, else the FlipDrop app's current one. Other accounts stay signed in.",
  positionals: [0, 0],
  flags: [],
  examples: [
    { says: 'Sign out of the current account:', run: 'flipdrop auth logout' },
    { says: 'Sign out of one account by its email, then see who is still signed in:', run: 'flipdrop auth logout --account ravi@example.com && flipdrop accounts' }
  ],
  interrupted: 'The key may or may not have been removed: flipdrop auth status says.'
}
