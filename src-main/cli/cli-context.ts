import type { Logger } from '../core/log'
import { createLogger } from '../core/log'
import { openLogFile } from '../core/logging/log-file'
import { verboseLogging } from '../core/logging/log-level'
import type { KeychainStore, KeyStore } from '../core/secrets/key-store'
import { PROXY_KEYCHAIN_SERVICE } from '../core/settings/proxy-password'
import { cliProxyPassword } from './cli-proxy-password'
import type { AccountBook } from './accounts/account-book'
import type { KeyAccount } from './accounts/key-accounts'
import type { CliServices } from './cli-services'
import { ProgressBoard } from './output/progress-board'
import { printableLines, terminalSafeJson } from './output/sanitize'
import { createStatusLine, type StatusLine } from './output/status-line'
import { detectTerminal, type OutStream, type Terminal } from './output/terminal'

/** Where a command writes, and what it knows about its terminal. */
export interface CliIo {
  stdout: OutStream
  stderr: OutStream
}

/** What every command gets. */
export interface CliContext {
  /** `--json`: one JSON document on stdout, nothing else there. */
  readonly json: boolean
  /** Progress is drawn in place on stderr: it is a terminal (not TERM=dumb), and not --json. */
  readonly tty: boolean
  /** Columns of stderr, where progress goes (read at each use, so a resize applies). */
  readonly columns: number
  /** What the streams are: terminals or not, their widths, colour allowed or not. */
  readonly terminal: Terminal
  /** The width tables are cut to: stdout's when it is a terminal; none for a pipe or a file (nothing is cut). */
  readonly tableWidth: number | undefined
  readonly env: NodeJS.ProcessEnv
  /** The folder relative paths mean: where the user ran the command. */
  readonly cwd: string
  readonly dataDir: string
  readonly log: Logger
  /** Aborts on SIGINT / SIGTERM; every request of `services()` stops with it. */
  readonly signal: AbortSignal
  /** Raw bytes on stdout (`pdf -o -`), never in --json mode. */
  readonly stdout: NodeJS.WritableStream
  /** A line for people (never in --json mode: there it goes to stderr). */
  say(text: string): void
  /** A line on stderr. */
  warn(text: string): void
  /** The command's result: JSON in --json mode, else the human text. */
  result(value: unknown, human: () => string): void
  /** Raw progress text on stderr (a board's redrawing); ignored in --json mode. */
  write(text: string): void
  /** A status line on stderr, redrawn in place, drawn only on a live terminal. */
  statusLine(everyMs?: number): StatusLine
  /** A block of progress lines on stderr, cut to its width. */
  progressBoard(): ProgressBoard
  /** `--account`: the signed-in account the command works for (email, UserID, name or brand), when given. */
  readonly accountChoice: string | undefined
  /** The OS keychain, where the app keeps one key per account (a stand-in in tests). */
  keychain(): Promise<KeychainStore>
  /** The keys held (FLIPDROP_API_KEY, else the keychain's) and whose they are. */
  accounts(): Promise<AccountBook>
  /** The account (and key) the command uses: `--account`'s, else the app's current one; exit 3 without a key. */
  account(): Promise<KeyAccount>
  /** The service for that account's key; exit 3 without one. */
  services(): Promise<CliServices>
  /** Every key read (the one in use and the other accounts'), once found: the logger redacts them from every line. */
  readonly secrets: string[]
  close(): Promise<void>
}

export interface ContextOptions {
  io: CliIo
  env: NodeJS.ProcessEnv
  json: boolean
  dataDir: string
  cwd: string
  signal: AbortSignal
  /** `--account`, when given. */
  account?: string
  keychain?: KeychainStore
  /** Where the Settings proxy's password is (a stand-in in tests); defaults to the OS keychain. */
  proxyKeychain?: KeyStore
}

/** Builds the context of one run of the command. */
export function createCliContext(options: ContextOptions): CliContext {
  const { io } = options
  const secrets: string[] = []
  let services: Promise<CliServices> | undefined
  let keychain: Promise<KeychainStore> | undefined
  let book: Promise<AccountBook> | undefined
  let chosen: Promise<KeyAccount> | undefined
  let closing: Promise<void> | undefined
  const redact = (text: string): string => secrets.reduce((line, secret) => line.split(secret).join('[redacted]'), text)
  // Text from the service or the disk is shown, never run by the terminal (sanitize.ts).
  const clean = (text: string): string => printableLines(redact(text))
  const terminal = detectTerminal(io, options.env)
  const live = terminal.live && !options.json
  const progress = (text: string): void => {
    if (!options.json) io.stderr.write(text)
  }
  // The data folder's log, shared with the app (issue 21); --verbose / FLIPDROP_LOG=debug also prints every line.
  // One line when it cannot be written (a full disk), never a stack trace, and the command goes on.
  const logFile = openLogFile(options.dataDir, 'command', { onTrouble: (message) => io.stderr.write(`${message}\n`) })
  const verbose = verboseLogging(options.env)
  const log = createLogger(
    (level, line) => {
      logFile.sink(level, line)
      // Only real errors: scripts read stderr too, and each failure is reported by the command itself.
      if (level === 'error' || verbose) io.stderr.write(`flipdrop: ${clean(line)}\n`)
    },
    () => secrets
  )
  const proxyPassword = cliProxyPassword({
    dataDir: options.dataDir,
    secrets,
    log,
    keychain: async () =>
      options.proxyKeychain ??
      import('../core/secrets/keychain-store').then(({ createKeychainStore }) => createKeychainStore({ service: PROXY_KEYCHAIN_SERVICE }))
  })
  const context: CliContext = {
    json: options.json,
    tty: live,
    get columns() {
      return terminal.stderrColumns()
    },
    terminal,
    get tableWidth() {
      return terminal.stdoutTty ? terminal.stdoutColumns() : undefined
    },
    env: options.env,
    cwd: options.cwd,
    dataDir: options.dataDir,
    log,
    signal: options.signal,
    stdout: io.stdout,
    secrets,
    say(text) {
      ;(options.json ? io.stderr : io.stdout).write(`${clean(text)}\n`)
    },
    warn(text) {
      io.stderr.write(`${clean(text)}\n`)
    },
    result(value, human) {
      if (options.json) io.stdout.write(`${terminalSafeJson(redact(JSON.stringify(value)))}\n`)
      else {
        const text = human()
        if (text !== '') io.stdout.write(`${clean(text)}\n`)
      }
    },
    write: progress,
    statusLine: (everyMs) => createStatusLine(live, () => terminal.stderrColumns(), progress, everyMs),
    progressBoard: () => new ProgressBoard(progress, () => terminal.stderrColumns()),
    accountChoice: options.account,
    keychain() {
      // Imported here, not at the top: commands that never need a key do not load the keychain store.
      keychain ??= options.keychain ? Promise.resolve(options.keychain) : import('../core/secrets/keychain-store').then(({ createKeychainStore }) => createKeychainStore())
      return keychain
    },
    accounts() {
      book ??= import('./accounts/book-for').then(({ accountBookFor }) => accountBookFor(context))
      return book
    },
    account() {
      chosen ??= context.accounts().then((held) => {
        if (held.fromEnvironment && options.account !== undefined) context.warn('FLIPDROP_API_KEY is set, so its account is used and --account is ignored.')
        return held.choose(options.account)
      })
      return chosen
    },
    services() {
      // Imported here, not at the top: commands that never reach the service (help, queue
      // handed to the app) do not load the client, the keychain or the settings store.
      services ??= Promise.all([import('./cli-services'), context.account()]).then(([{ openCliServices }, account]) =>
        openCliServices({ dataDir: options.dataDir, env: options.env, log, signal: options.signal, key: account.held.key, proxyPassword })
      )
      return services
    },
    close() {
      closing ??= (async () => {
        const opened = await services?.catch(() => undefined)
        await opened?.close()
      })()
      return closing
    }
  }
  return context
}
