import type { FlagSpec } from '../command'

/** The flags every command takes: the parser, the help and the completions read this list. */
export const GLOBAL_FLAGS: readonly FlagSpec[] = [
  {
    name: 'account',
    type: 'string',
    value: 'email|UserID|name',
    description:
      "Work as this signed-in account: its email, user ID, name or brand (flipdrop accounts lists them); else the FlipDrop app's current account. Ignored when FLIPDROP_API_KEY is set: that key's account is used."
  },
  { name: 'json', type: 'boolean', description: 'Print the result as one JSON document on stdout (errors too); nothing else goes there.' },
  { name: 'verbose', type: 'boolean', description: 'Also print what FlipDrop logs on stderr (as FLIPDROP_LOG=debug does).' },
  { name: 'help', short: 'h', type: 'boolean', description: 'Show this help.' }
]
