import type { CliContext } from './cli-context'
import type { ExitCode } from './exit-codes'

/*
 * What a command is, as data (its spec: words, flags, examples) and as code (its module, loaded
 * only when it runs). The parser, the help, "did you mean" and the shell completions all read
 * the spec, so `--help` and `--version` never import the core.
 */

export type OptionValues = Record<string, string | boolean | (string | boolean)[] | undefined>

/** A command's code. Help and parsing come from its spec in the registry, not from here. */
export interface Command {
  run(values: OptionValues, positionals: string[], ctx: CliContext): Promise<ExitCode>
  /**
   * The options the code reads, in node:util parseArgs form. When given, a test checks they
   * are exactly the spec's flags (test/cli/help.test.ts), so the two cannot drift apart.
   */
  options?: Readonly<Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>>
  /** How many arguments the code takes; when given, checked against the spec like `options`. */
  positionals?: readonly [number, number]
  /** Older fields, no longer read: the spec's summary and synopsis are what help shows. */
  name?: string
  summary?: string
  usage?: string
}

/** What a flag's value is, for shell completion: a file, a folder, or one of some words. */
export type ValueKind = 'file' | 'dir' | readonly string[]

/** One `--flag`. */
export interface FlagSpec {
  readonly name: string
  readonly short?: string
  readonly type: 'boolean' | 'string'
  /** The value's placeholder in help (`--page-size <n>`), for string flags. */
  readonly value?: string
  /** May be given more than once. */
  readonly multiple?: boolean
  readonly description: string
  /** What applies when the flag is not given, in words: help shows "(default: …)". */
  readonly default?: string
  readonly complete?: ValueKind
}

/** One example in a command's help. */
export interface Example {
  /** What it does, said first. */
  readonly says: string
  /** The command line, without the `$ `. */
  readonly run: string
}

/** The overview's sections, in order. */
export const COMMAND_GROUPS = ['publish', 'library', 'links', 'account', 'setup'] as const
export type CommandGroup = (typeof COMMAND_GROUPS)[number]

/** A command as help, completion and the parser see it. */
export interface CommandSpec {
  /** Its words after `flipdrop`: `whoami`, or `link add` for a subcommand of `link`. */
  readonly name: string
  /** One line for the overview and the top of its help. */
  readonly summary: string
  /** Synopsis lines after `flipdrop <name> ` (arguments only; flags are listed below them). */
  readonly usage: readonly string[]
  /** More about what it does, when the summary is not enough. */
  readonly description?: string
  readonly flags: readonly FlagSpec[]
  /** How many arguments it takes: at least [0], at most [1]. */
  readonly positionals: readonly [number, number]
  /** What its arguments are, for shell completion. */
  readonly args?: ValueKind
  readonly examples: readonly Example[]
  readonly group: CommandGroup
  /** Other spellings that run it (`unlink` for `link remove`); kept for scripts, said in its help. */
  readonly aliases?: readonly string[]
  /** What Ctrl+C leaves behind, said on stderr when the command stopped without saying it. */
  readonly interrupted: string
}

/** A spec with the way to load its code. */
export interface CommandEntry extends CommandSpec {
  load(): Promise<Command>
}

/** A string option's value, when given. */
export function stringOption(values: OptionValues, name: string): string | undefined {
  const value = values[name]
  return typeof value === 'string' ? value : undefined
}

/** Every value of a string option given more than once. */
export function stringOptions(values: OptionValues, name: string): string[] {
  const value = values[name]
  if (Array.isArray(value)) return value.filter((entry): entry is string => typeof entry === 'string')
  return typeof value === 'string' ? [value] : []
}

/** A boolean option. */
export function flag(values: OptionValues, name: string): boolean {
  return values[name] === true
}
