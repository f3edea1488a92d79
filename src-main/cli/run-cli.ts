import type { KeychainStore, KeyStore } from '../core/secrets/key-store'
import type { CliContext, CliIo } from './cli-context'
import type { CommandEntry } from './command'
import { COMMANDS } from './commands/registry'
import { defaultDataFolder } from './data-folder'
import { EXIT } from './exit-codes'
import { findCommand } from './find-command'
import { GLOBAL_FLAGS } from './help/global-flags'
import { HELP_MAX_WIDTH, type HelpStyle } from './help/layout'
import { renderCommandHelp, renderGroupHelp, renderOverview } from './help/render-help'
import { didYouMean, suggest } from './help/suggest'
import { SIGNAL_EXIT, stoppedBy, whenAborted } from './interrupt'
import { detectTerminal } from './output/terminal'
import { parseOptions } from './parse-options'
import { staleCommandNote } from './stale-command'
import { version } from './version'

/** After Ctrl+C, how long a command may take to stop by itself and say so, before it is cut short. */
const STOP_GRACE_MS = 400
/** How long closing (the service's connections, a queue session) may take after Ctrl+C. */
const CLOSE_GRACE_MS = 300

export interface RunOptions {
  io: CliIo
  env: NodeJS.ProcessEnv
  signal: AbortSignal
  /** The folder relative paths are resolved against: where the user ran the command. */
  cwd: string
  keychain?: KeychainStore
  /** Where the Settings proxy's password is; defaults to the OS keychain (a stand-in in tests). */
  proxyKeychain?: KeyStore
}

function helpStyle(options: RunOptions): HelpStyle {
  const terminal = detectTerminal(options.io, options.env)
  return { width: Math.min(HELP_MAX_WIDTH, terminal.stdoutColumns()), bold: terminal.color }
}

/** A usage mistake: one short line and where the help is, never the whole overview (exit 2). */
function usageError(io: CliIo, where: string, message: string, help: string): number {
  io.stderr.write(`${where}: ${message}\nRun "${help}" for help.\n`)
  return EXIT.usage
}

/** `flipdrop help [words…]`. */
async function runHelp(words: readonly string[], options: RunOptions): Promise<number> {
  const style = helpStyle(options)
  if (words.length === 0) {
    options.io.stdout.write(`${renderOverview(COMMANDS, style)}\n`)
    return EXIT.ok
  }
  const found = findCommand(COMMANDS, words)
  if (found.kind === 'unknown') return usageError(options.io, 'flipdrop help', `no command "${found.typed}".${didYouMean(await suggest(found.typed, found.known))}`, 'flipdrop help')
  const text = found.kind === 'group' ? renderGroupHelp(found.word, COMMANDS, style) : renderCommandHelp(found.entry, style)
  options.io.stdout.write(`${text}\n`)
  return EXIT.ok
}

/**
 * Runs `flipdrop <argv…>`: finds the command, reads its flags, loads its code, runs it and
 * returns the exit code. Never throws: failures are printed with their message and mapped to
 * the documented codes; Ctrl+C and SIGTERM end it within a second (130, 143).
 */
export async function runCli(argv: readonly string[], options: RunOptions): Promise<number> {
  const { io } = options
  const [first] = argv
  if (first === undefined) {
    io.stderr.write(`${renderOverview(COMMANDS, helpStyle(options))}\n`)
    return EXIT.usage
  }
  if (first === '--version') {
    io.stdout.write(`flipdrop ${version()}\n`)
    // Never passes for current when the app was updated without it (an AppImage's command).
    const stale = staleCommandNote(version(), defaultDataFolder(options.env))
    if (stale) io.stderr.write(stale)
    return EXIT.ok
  }
  if (first === 'help') return runHelp(argv.slice(1), options)
  if (first === '--help' || first === '-h') return runHelp([], options)
  if (first.startsWith('-')) return usageError(io, 'flipdrop', `${first} comes after a command: flipdrop <command> [flags].`, 'flipdrop help')
  const found = findCommand(COMMANDS, argv)
  if (found.kind === 'unknown') {
    const [group] = found.typed.split(' ')
    const help = found.typed.includes(' ') ? `flipdrop help ${group}` : 'flipdrop help'
    return usageError(io, 'flipdrop', `unknown command "${found.typed}".${didYouMean(await suggest(found.typed, found.known))}`, help)
  }
  if (found.kind === 'group') {
    const asked = found.rest.includes('--help') || found.rest.includes('-h')
    const text = renderGroupHelp(found.word, COMMANDS, helpStyle(options))
    ;(asked ? io.stdout : io.stderr).write(`${text}\n`)
    return asked ? EXIT.ok : EXIT.usage
  }
  return runCommand(found.entry, found.rest, options)
}

async function runCommand(entry: CommandEntry, args: readonly string[], options: RunOptions): Promise<number> {
  const { io } = options
  const where = `flipdrop ${entry.name}`
  const helpLine = `${where} --help`
  // Help needs only the spec: the command's code (and the core) is not loaded for it.
  const early = await parseOptions(args, [...entry.flags, ...GLOBAL_FLAGS])
  if (early.ok && early.help) {
    io.stdout.write(`${renderCommandHelp(entry, helpStyle(options))}\n`)
    return EXIT.ok
  }
  const command = await entry.load()
  const parsed = await parseOptions(args, [...entry.flags, ...GLOBAL_FLAGS], command.options)
  if (!parsed.ok) return usageError(io, where, parsed.message, helpLine)
  const [min, max] = command.positionals ?? entry.positionals
  const count = parsed.positionals.length
  if (count < min || count > max) {
    const expected = min === max ? `${min}` : max === Infinity ? `at least ${min}` : `${min} to ${max}`
    return usageError(io, where, `expected ${expected} argument${max === 1 ? '' : 's'}, got ${count}.`, helpLine)
  }
  const json = parsed.values['json'] === true
  const account = parsed.values['account']
  if (typeof account === 'string' && account.trim() === '') return usageError(io, where, '--account needs an email, a user ID or a name.', helpLine)
  const stale = staleCommandNote(version(), defaultDataFolder(options.env))
  if (stale) io.stderr.write(stale)
  // Loaded only to run a command: help, --version and usage mistakes never need it.
  const { createCliContext } = await import('./cli-context')
  const ctx = createCliContext({
    io,
    // --verbose is FLIPDROP_LOG=debug for this run: the log prints every line on stderr too.
    env: parsed.values['verbose'] === true ? { ...options.env, FLIPDROP_LOG: 'debug' } : options.env,
    json,
    dataDir: defaultDataFolder(options.env),
    cwd: options.cwd,
    signal: options.signal,
    ...(typeof account === 'string' ? { account: account.trim() } : {}),
    ...(options.keychain ? { keychain: options.keychain } : {}),
    ...(options.proxyKeychain ? { proxyKeychain: options.proxyKeychain } : {})
  })
  const running = command.run(parsed.values, parsed.positionals, ctx).then(
    (code) => ({ code }),
    (error: unknown) => ({ error })
  )
  const first = await Promise.race([running, whenAborted(options.signal).then(() => null)])
  if (first === null) return stop(entry, ctx, running)
  try {
    if ('code' in first) return stoppedBy(options.signal) ? stop(entry, ctx, running) : first.code
    // The message names the variable or command to fix it with; --json gets {code,message,exitCode}.
    // Loaded only on failure: it knows every error class of the core, and those bring zod along.
    const { describeFailure } = await import('./cli-error')
    const failure = describeFailure(first.error, ctx)
    if (json) ctx.result({ error: failure }, () => '')
    ctx.warn(`${where}: ${failure.message}`)
    return failure.exitCode
  } finally {
    await ctx.close()
  }
}

/**
 * After Ctrl+C (or SIGTERM): the command gets a moment to stop by itself; one that returns
 * has said what it left (a queue command reports its jobs). Otherwise the spec's sentence says
 * it. Either way the exit code is the signal's (130, 143), whatever the command returned.
 */
async function stop(entry: CommandEntry, ctx: CliContext, running: Promise<{ code: number } | { error: unknown }>): Promise<number> {
  const which = stoppedBy(ctx.signal) ?? 'SIGINT'
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), STOP_GRACE_MS)))
  const ended = await Promise.race([running, late]).finally(() => clearTimeout(timer))
  const spokeItself = ended !== null && 'code' in ended
  if (!spokeItself) ctx.warn(`flipdrop ${entry.name}: stopped${which === 'SIGINT' ? ' (Ctrl+C)' : ''}. ${entry.interrupted}`)
  let closeTimer: ReturnType<typeof setTimeout> | undefined
  await Promise.race([ctx.close(), new Promise<void>((resolve) => (closeTimer = setTimeout(resolve, CLOSE_GRACE_MS)))]).finally(() => clearTimeout(closeTimer))
  return SIGNAL_EXIT[which]
}
