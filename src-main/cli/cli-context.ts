import type { Logger } from '../core/log'
import { createLogger } from '../core/log'
import type { KeychainStore } from '../core/secrets/key-store'
import { openCliServices, type CliServices } from './cli-services'
import { createStatusLine, type StatusLine } from './output/status-line'

/** Where a command writes, and what it knows about its terminal. */
export interface CliIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number }
  stderr: NodeJS.WritableStream & { isTTY?: boolean }
}

/** What every command gets. */
export interface CliContext {
  /** `--json`: one JSON document on stdout, nothing else there. */
  readonly json: boolean
  /** stdout is a terminal: progress is redrawn in place. */
  readonly tty: boolean
  readonly columns: number
  readonly env: NodeJS.ProcessEnv
  /**
   * The folder relative paths mean: where the user ran the command. `npm run cli` runs in the
   * package folder and says where it was started in INIT_CWD.
   */
  readonly cwd: string
  readonly dataDir: string
  readonly log: Logger
  /** Aborts on SIGINT / SIGTERM. */
  readonly signal: AbortSignal
  /** A line for people (never in --json mode: there it goes to stderr). */
  say(text: string): void
  /** A line on stderr. */
  warn(text: string): void
  /** The command's result: JSON in --json mode, else the human text. */
  result(value: unknown, human: () => string): void
  /** Raw text on stdout (progress redrawing); ignored in --json mode. */
  write(text: string): void
  /** A status line on stderr, redrawn in place, drawn only for a person at a terminal. */
  statusLine(everyMs?: number): StatusLine
  /** The service for the key (FLIPDROP_API_KEY or the app's keychain); exit 3 without one. */
  services(): Promise<CliServices>
  /** The key in use, once found: the logger redacts it from every line. */
  readonly secrets: string[]
  close(): Promise<void>
}

export interface ContextOptions {
  io: CliIo
  env: NodeJS.ProcessEnv
  json: boolean
  dataDir: string
  signal: AbortSignal
  keychain?: KeychainStore
}

/** Builds the context of one run of the command. */
export function createCliContext(options: ContextOptions): CliContext {
  const { io } = options
  const secrets: string[] = []
  let services: Promise<CliServices> | undefined
  const redact = (text: string): string => secrets.reduce((line, secret) => line.split(secret).join('[redacted]'), text)
  const log = createLogger(
    (level, line) => {
      // Only real errors: scripts read stderr too, and each failure is reported by the command itself.
      if (level === 'error') io.stderr.write(`flipdrop: ${line}\n`)
    },
    () => secrets
  )
  const context: CliContext = {
    json: options.json,
    tty: io.stdout.isTTY === true && !options.json,
    columns: io.stdout.columns ?? 100,
    env: options.env,
    cwd: options.env['INIT_CWD'] || process.cwd(),
    dataDir: options.dataDir,
    log,
    signal: options.signal,
    secrets,
    say(text) {
      ;(options.json ? io.stderr : io.stdout).write(`${redact(text)}\n`)
    },
    warn(text) {
      io.stderr.write(`${redact(text)}\n`)
    },
    result(value, human) {
      if (options.json) io.stdout.write(`${redact(JSON.stringify(value))}\n`)
      else {
        const text = human()
        if (text !== '') io.stdout.write(`${redact(text)}\n`)
      }
    },
    write(text) {
      if (!options.json) io.stdout.write(redact(text))
    },
    statusLine: (everyMs) => createStatusLine(io.stdout.isTTY === true && !options.json, everyMs, io.stderr),
    services() {
      services ??= openCliServices({
        dataDir: options.dataDir,
        env: options.env,
        log,
        ...(options.keychain ? { keychain: options.keychain } : {}),
        onKey: (key) => secrets.push(key)
      })
      return services
    },
    async close() {
      const opened = await services?.catch(() => undefined)
      await opened?.close()
    }
  }
  return context
}
