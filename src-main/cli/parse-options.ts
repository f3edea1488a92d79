import { parseArgs } from 'node:util'
import type { Command, FlagSpec, OptionValues } from './command'
import { didYouMean, suggest } from './help/suggest'

type OptionConfig = { type: 'string' | 'boolean'; short?: string; multiple?: boolean }

/** A command line's flags and arguments, or why they cannot be read (bad usage). */
export type ParsedArgs = { ok: true; values: OptionValues; positionals: string[]; help: boolean } | { ok: false; message: string }

/** The parser's options: the spec's flags, and any the command's code declares beyond them. */
function configOf(flags: readonly FlagSpec[], code: Command['options']): Record<string, OptionConfig> {
  const config: Record<string, OptionConfig> = {}
  for (const flag of flags) {
    config[flag.name] = { type: flag.type, ...(flag.short ? { short: flag.short } : {}), ...(flag.multiple ? { multiple: true } : {}) }
  }
  return { ...config, ...code }
}

const spelled = (name: string, config: Record<string, OptionConfig>): string => (name.length === 1 && !config[name] ? `-${name}` : `--${name}`)

/**
 * Reads the flags and arguments (node:util parseArgs, strict). Mistakes are said in a
 * sentence of our own, with the closest flags for an unknown one; `--help` anywhere wins
 * over every other mistake, as in gh and git.
 */
export async function parseOptions(args: readonly string[], flags: readonly FlagSpec[], code?: Command['options']): Promise<ParsedArgs> {
  const options = configOf(flags, code)
  const { tokens } = parseArgs({ args: [...args], options, strict: false, allowPositionals: true, tokens: true })
  const given = tokens.filter((token) => token.kind === 'option')
  if (given.some((token) => token.name === 'help')) return { ok: true, values: {}, positionals: [], help: true }
  for (const token of given) {
    const option = options[token.name]
    if (!option) {
      const known = Object.keys(options).map((name) => `--${name}`)
      return { ok: false, message: `unknown flag ${token.rawName}.${didYouMean(await suggest(`--${token.name}`, known))}` }
    }
    if (option.type === 'string' && token.value === undefined) {
      return { ok: false, message: `${spelled(token.name, options)} needs a value.` }
    }
    if (option.type === 'boolean' && token.inlineValue) return { ok: false, message: `--${token.name} takes no value.` }
  }
  try {
    const parsed = parseArgs({ args: [...args], options, strict: true, allowPositionals: true })
    return { ok: true, values: parsed.values, positionals: parsed.positionals, help: false }
  } catch (error) {
    // Anything the checks above did not foresee: node's own sentence is still a clear one.
    return { ok: false, message: error instanceof Error ? error.message : String(error) }
  }
}
