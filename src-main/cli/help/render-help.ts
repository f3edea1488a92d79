import { COMMAND_GROUPS, type CommandGroup, type CommandSpec, type FlagSpec } from '../command'
import { GLOBAL_FLAGS } from './global-flags'
import { heading, paragraph, shellLines, twoColumns, type HelpStyle } from './layout'

const GROUP_TITLES: Record<CommandGroup, string> = {
  publish: 'Publish',
  library: 'Your library',
  links: 'Linked files and hot folders',
  account: 'Account',
  setup: 'Setup'
}

const VERSION_FLAG: FlagSpec = { name: 'version', type: 'boolean', description: "Print flipdrop's version." }

/** `-o, --output <file>` / `    --all`: short flags first, long ones lined up under them. */
function flagTerm(flag: FlagSpec): string {
  const long = `--${flag.name}${flag.type === 'string' ? ` <${flag.value ?? 'value'}>` : ''}`
  return flag.short ? `-${flag.short}, ${long}` : `    ${long}`
}

/** What a flag does and what applies without it; a boolean is off unless its spec says more. */
function flagText(flag: FlagSpec): string {
  const fallback = flag.default ?? (flag.type === 'boolean' ? 'off' : undefined)
  const repeat = flag.multiple ? ' May be given more than once.' : ''
  return `${flag.description}${repeat}${fallback === undefined ? '' : ` (default: ${fallback})`}`
}

/** The first word of a command's name: `link` for `link add`. */
export function topWord(name: string): string {
  return name.split(' ')[0] ?? name
}

/** The overview: every command with its summary, by group, and where to read more. */
export function renderOverview(commands: readonly CommandSpec[], style: HelpStyle): string {
  const lines: string[] = [
    ...paragraph('Publish PDFs as flipbooks and documents, and work with your library, from a terminal.', style),
    '',
    heading('Usage:', style),
    '  flipdrop <command> [flags]',
    ''
  ]
  const column = Math.max(...commands.map((command) => command.name.length), 'help <command>'.length)
  for (const group of COMMAND_GROUPS) {
    const rows = commands.filter((command) => command.group === group).map((command): [string, string] => [command.name, command.summary])
    if (group === 'setup') rows.push(['help <command>', "Show a command's flags and examples."])
    if (rows.length === 0) continue
    lines.push(heading(`${GROUP_TITLES[group]}:`, style), ...twoColumns(rows, style, 2, column), '')
  }
  lines.push(heading('Flags:', style), ...twoColumns([...GLOBAL_FLAGS, VERSION_FLAG].map((flag) => [flagTerm(flag), flag.description]), style), '')
  lines.push(
    heading('Environment:', style),
    ...twoColumns(
      [
        ['FLIPDROP_API_KEY', 'The API key, and so the account (--account is then ignored); else the keys the FlipDrop app keeps in your keychain, one per account.'],
        ['FLIPDROP_BASE_URL', 'The service address; else the app\'s setting.'],
        ['FLIPDROP_DOCUMENT_URL', 'The document host; else the app\'s setting.'],
        ['FLIPDROP_DATA_DIR', "The data folder (settings, queue); else the app's. With the app running, uploads go to its queue."],
        ['NO_COLOR', 'Set to turn colour off.']
      ],
      style
    ),
    '',
    ...paragraph('Exit codes: 0 done, 1 something asked for failed, 2 bad usage, 3 no key or the key was refused, 4 the service could not be reached, 130 stopped by Ctrl+C.', style),
    '',
    ...paragraph('Run "flipdrop help <command>" or "flipdrop <command> --help" for its flags and examples.', style),
    '',
    // The command's words stay English, as git's and gh's do: scripts and pasted output read the same everywhere.
    ...paragraph("FlipDrop's command speaks English, like git and gh; the app follows your language.", style)
  )
  return lines.join('\n')
}

/** One command's help: summary, synopsis, flags with defaults, aliases and examples. */
export function renderCommandHelp(command: CommandSpec, style: HelpStyle): string {
  const lines: string[] = [...paragraph(command.summary, style)]
  if (command.description) lines.push('', ...paragraph(command.description, style))
  lines.push('', heading('Usage:', style))
  for (const usage of command.usage) lines.push(...shellLines(`flipdrop ${command.name}${usage ? ` ${usage}` : ''} [flags]`, style, 2))
  if (command.flags.length > 0) lines.push('', heading('Flags:', style), ...twoColumns(command.flags.map((flag) => [flagTerm(flag), flagText(flag)]), style))
  lines.push('', heading('Global flags:', style), ...twoColumns(GLOBAL_FLAGS.map((flag) => [flagTerm(flag), flag.description]), style))
  if (command.aliases && command.aliases.length > 0) {
    lines.push('', ...paragraph(`Also runs as: ${command.aliases.map((alias) => `flipdrop ${alias}`).join(', ')} (older spellings, kept for scripts).`, style))
  }
  lines.push('', heading('Examples:', style))
  for (const example of command.examples) lines.push(...paragraph(`# ${example.says}`, style, 2), ...shellLines(`$ ${example.run}`, style, 2), '')
  return lines.join('\n').trimEnd()
}

/** The help of a word that only groups subcommands (`flipdrop link`): each of them. */
export function renderGroupHelp(word: string, commands: readonly CommandSpec[], style: HelpStyle): string {
  const subcommands = commands.filter((command) => topWord(command.name) === word)
  return [
    heading('Usage:', style),
    `  flipdrop ${word} <${subcommands.map((command) => command.name.slice(word.length + 1)).join('|')}> [flags]`,
    '',
    heading('Commands:', style),
    ...twoColumns(subcommands.map((command) => [command.name, command.summary]), style),
    '',
    ...paragraph(`Run "flipdrop help ${word} <command>" for its flags and examples.`, style)
  ].join('\n')
}
