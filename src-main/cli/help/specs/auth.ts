import type { CommandSpec } from '../../command'

/*
 * `flipdrop auth login|status|logout` (part B of issue 20): the key in the OS keychain, where
 * the FlipDrop app keeps it. FLIPDROP_API_KEY, when set, wins over it.
 */

export const AUTH_LOGIN: CommandSpec = {
  name: 'auth login',
  group: 'account',
  summary: 'Check an API key with the service and keep it in your keychain, where the FlipDrop app keeps it.',
  usage: [''],
  description: 'Reads the key from standard input when it is not a terminal, else asks for it without showing it.',
  positionals: [0, 0],
  flags: [],
  examples: [
    { says: 'Type the key at a prompt (it is not shown):', run: 'flipdrop auth login' },
    { says: 'From a password manager, for a script:', run: 'pass show flipdrop | flipdrop auth login' }
  ],
  interrupted: 'Nothing was stored.'
}

export const AUTH_STATUS: CommandSpec = {
  name: 'auth status',
  group: 'account',
  summary: 'Say where the API key comes from (FLIPDROP_API_KEY or the keychain) and whose it is.',
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
  summary: 'Remove the API key from your keychain (the FlipDrop app signs out with it).',
  usage: [''],
  positionals: [0, 0],
  flags: [],
  examples: [
    { says: 'Forget the stored key:', run: 'flipdrop auth logout' },
    { says: 'Forget it, then see which key (if any) is still in use:', run: 'flipdrop auth logout && flipdrop auth status' }
  ],
  interrupted: 'The key may or may not have been removed: flipdrop auth status says.'
}
