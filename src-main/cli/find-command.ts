import type { CommandEntry } from './command'
import { topWord } from './help/render-help'

/** What the first words of the command line name. */
export type Found =
  /** A command, and the arguments after its words. */
  | { kind: 'command'; entry: CommandEntry; rest: string[] }
  /** A word that only groups subcommands (`link`), with no subcommand after it. */
  | { kind: 'group'; word: string; rest: string[] }
  /** Nothing known: the word (or `group word`) that was not found, and the words it might have meant. */
  | { kind: 'unknown'; typed: string; known: string[] }

const isWord = (arg: string | undefined): arg is string => arg !== undefined && !arg.startsWith('-')

/** A bare word (no path separator or extension) of two letters or more that begins a subcommand's word. */
function looksLikeSubcommand(word: string, names: readonly string[]): boolean {
  if (word.length < 2 || /[./\\]/.test(word)) return false
  return names.some((name) => (name.split(' ')[1] ?? '').startsWith(word.toLowerCase()))
}

/**
 * Finds the command the arguments name: `link add …` by its words, `unlink …` by an alias.
 * A group word followed by a word that is none of its subcommands is an older spelling
 * when the group word is an alias (`link <file> <id>` runs `link add`).
 */
export function findCommand(commands: readonly CommandEntry[], argv: readonly string[]): Found {
  const [first = '', second] = argv
  const named = (words: string): CommandEntry | undefined =>
    commands.find((entry) => entry.name === words) ?? commands.find((entry) => entry.aliases?.includes(words))
  const subcommands = commands.filter((entry) => entry.name.startsWith(`${first} `))
  if (subcommands.length > 0) {
    const sub = isWord(second) ? subcommands.find((entry) => entry.name === `${first} ${second}`) : undefined
    if (sub) return { kind: 'command', entry: sub, rest: argv.slice(2) }
    if (!isWord(second)) return { kind: 'group', word: first, rest: argv.slice(1) }
    const older = named(first)
    const known = subcommands.map((entry) => entry.name)
    // `link ad x` is a subcommand mistyped, not a file named "ad": a bare word that begins one.
    if (older && looksLikeSubcommand(second, known)) return { kind: 'unknown', typed: `${first} ${second}`, known }
    if (older) return { kind: 'command', entry: older, rest: argv.slice(1) }
    return { kind: 'unknown', typed: `${first} ${second}`, known }
  }
  const entry = named(first)
  if (entry) return { kind: 'command', entry, rest: argv.slice(1) }
  // Suggestions name today's spellings only; the older ones still run, but are not taught.
  const words = commands.map((candidate) => topWord(candidate.name))
  return { kind: 'unknown', typed: first, known: [...words, 'help'] }
}
