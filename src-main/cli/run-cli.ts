import { parseArgs } from 'node:util'
import type { KeychainStore } from '../core/secrets/key-store'
import { createCliContext, type CliIo } from './cli-context'
import { describeFailure } from './cli-error'
import type { Command } from './command'
import { COMMANDS } from './commands/registry'
import { defaultDataFolder } from './data-folder'
import { EXIT, type ExitCode } from './exit-codes'

const GLOBAL_OPTIONS = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' }
} as const

/** The overview: every command with its one-line summary. */
export function overview(): string {
  const width = Math.max(...COMMANDS.map((command) => command.name.length))
  return [
    'Usage: flipdrop <command> [options] [--json]',
    '',
    'Publish PDFs as flipbooks and documents, and work with your library, from a terminal.',
    'Key: FLIPDROP_API_KEY, else the key the FlipDrop app keeps in your keychain.',
    'Data folder: FLIPDROP_DATA_DIR, else the app\'s. With the app running, uploads go to its queue.',
    '',
    ...COMMANDS.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
    '',
    'Every command takes --json (one JSON document on stdout) and --help.',
    'Exit codes: 0 ok, 1 something failed, 2 bad usage, 3 no key or key refused, 4 service unreachable.'
  ].join('\n')
}

function usageOf(command: Command): string {
  return `Usage: flipdrop ${command.usage}\n\n${command.summary}`
}

/**
 * Runs `flipdrop <argv…>`: picks the command, parses its options (node:util parseArgs,
 * strict), runs it and returns the exit code. Never throws: failures are printed with
 * their message and mapped to the documented codes.
 */
export async function runCli(
  argv: readonly string[],
  options: { io: CliIo; env: NodeJS.ProcessEnv; signal: AbortSignal; keychain?: KeychainStore }
): Promise<ExitCode> {
  const { io } = options
  const [name, ...rest] = argv
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(`${overview()}\n`)
    return name === undefined ? EXIT.usage : EXIT.ok
  }
  const command = COMMANDS.find((candidate) => candidate.name === name)
  if (!command) {
    io.stderr.write(`flipdrop: unknown command "${name}".\n\n${overview()}\n`)
    return EXIT.usage
  }
  let parsed: ReturnType<typeof parseArgs>
  try {
    parsed = parseArgs({ args: [...rest], options: { ...command.options, ...GLOBAL_OPTIONS }, allowPositionals: true, strict: true })
  } catch (error) {
    io.stderr.write(`flipdrop ${name}: ${error instanceof Error ? error.message : String(error)}\n\n${usageOf(command)}\n`)
    return EXIT.usage
  }
  if (parsed.values['help'] === true) {
    io.stdout.write(`${usageOf(command)}\n`)
    return EXIT.ok
  }
  const [min, max] = command.positionals
  if (parsed.positionals.length < min || parsed.positionals.length > max) {
    const expected = min === max ? `${min}` : max === Infinity ? `at least ${min}` : `${min} to ${max}`
    io.stderr.write(`flipdrop ${name}: expected ${expected} argument${max === 1 ? '' : 's'}, got ${parsed.positionals.length}.\n\n${usageOf(command)}\n`)
    return EXIT.usage
  }
  const json = parsed.values['json'] === true
  const ctx = createCliContext({
    io,
    env: options.env,
    json,
    dataDir: defaultDataFolder(options.env),
    signal: options.signal,
    ...(options.keychain ? { keychain: options.keychain } : {})
  })
  try {
    return await command.run(parsed.values, parsed.positionals, ctx)
  } catch (error) {
    const { message, exitCode } = describeFailure(error)
    if (json) ctx.result({ error: { message, exitCode } }, () => '')
    ctx.warn(`flipdrop ${name}: ${message}`)
    return exitCode
  } finally {
    await ctx.close()
  }
}
