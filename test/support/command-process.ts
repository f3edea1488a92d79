import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { commandLine } from './command-line'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** How a command process ended, and when (Date.now()). */
export interface Ended {
  code: number | null
  signal: NodeJS.Signals | null
  at: number
}

/** A running `flipdrop` process: its output so far, lines as they come, and its end. */
export interface CommandProcess {
  readonly child: ChildProcessWithoutNullStreams
  readonly pid: number
  stdout(): string
  stderr(): string
  /** When a line matching `pattern` appeared (Date.now()); rejects if the process ends first. */
  line(stream: 'stdout' | 'stderr', pattern: RegExp): Promise<number>
  readonly ended: Promise<Ended>
  /** SIGKILL, and wait until it is gone. */
  kill(): Promise<Ended>
}

/**
 * Starts `flipdrop <args>` as its own Node process (not through npm, so a signal reaches the
 * process that holds the data folder), with only the given variables plus PATH and HOME.
 */
export function startCommand(args: readonly string[], env: Record<string, string>): CommandProcess {
  const { file, argv } = commandLine(args)
  const child = spawn(file, argv, {
    cwd: root,
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent', ...env },
    stdio: ['pipe', 'pipe', 'pipe']
  })
  const text = { stdout: '', stderr: '' }
  const watchers: { stream: 'stdout' | 'stderr'; pattern: RegExp; found: (at: number) => void }[] = []
  const check = (): void => {
    for (const watcher of [...watchers]) {
      if (!watcher.pattern.test(text[watcher.stream])) continue
      watchers.splice(watchers.indexOf(watcher), 1)
      watcher.found(Date.now())
    }
  }
  child.stdout.on('data', (chunk: Buffer) => {
    text.stdout += chunk.toString()
    check()
  })
  child.stderr.on('data', (chunk: Buffer) => {
    text.stderr += chunk.toString()
    check()
  })
  const ended = new Promise<Ended>((resolve) => child.once('close', (code, signal) => resolve({ code, signal, at: Date.now() })))
  const pid = child.pid
  if (pid === undefined) throw new Error('the command did not start')
  return {
    child,
    pid,
    stdout: () => text.stdout,
    stderr: () => text.stderr,
    line(stream, pattern) {
      const found = new Promise<number>((resolve) => {
        watchers.push({ stream, pattern, found: resolve })
        check()
      })
      const early = ended.then((end) => {
        throw new Error(`flipdrop ${args.join(' ')} ended (${end.code ?? end.signal}) before printing ${pattern} on ${stream}.\nstdout: ${text.stdout}\nstderr: ${text.stderr}`)
      })
      // Once the line was found, the process ending later is no failure.
      early.catch(() => undefined)
      return Promise.race([found, early])
    },
    ended,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      return ended
    }
  }
}

/** `promise`, or a rejection saying what did not happen within `ms`. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms)
  })
  return Promise.race([promise, late]).finally(() => clearTimeout(timer))
}
