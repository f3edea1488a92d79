import type { ParseArgsConfig } from 'node:util'
import type { CliContext } from './cli-context'
import type { ExitCode } from './exit-codes'

export type OptionValues = Record<string, string | boolean | (string | boolean)[] | undefined>

/** One `flipdrop <name>` command. */
export interface Command {
  name: string
  /** One line for the overview. */
  summary: string
  /** The usage line(s) after "flipdrop ". */
  usage: string
  options: NonNullable<ParseArgsConfig['options']>
  /** How many positional arguments it takes: at least [0], at most [1]. */
  positionals: readonly [number, number]
  run(values: OptionValues, positionals: string[], ctx: CliContext): Promise<ExitCode>
}

/** A string option's value, when given. */
export function stringOption(values: OptionValues, name: string): string | undefined {
  const value = values[name]
  return typeof value === 'string' ? value : undefined
}

/** A boolean option. */
export function flag(values: OptionValues, name: string): boolean {
  return values[name] === true
}
