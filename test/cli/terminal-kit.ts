import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { commandEntry } from '../support/command-line'

/*
 * The command run the way a person or a shell runs it: straight from the source entry (no npm
 * in between, so signals and timings are the command's own), on a pseudo-terminal (`script`),
 * in a tmux window of a given size, or in a shell pipeline.
 */

const exec = promisify(execFile)
export const ROOT = fileURLToPath(new URL('../..', import.meta.url))
/** The command as argv: the source entry under tsx, or the build `npm test` just made (test/support/command-line.ts). */
export const COMMAND: readonly string[] = [process.execPath, ...commandEntry()]
/** The installed command: bin/flipdrop.js, which runs the build in out/main. */
export const BUILT_COMMAND: readonly string[] = [process.execPath, join(ROOT, 'bin/flipdrop.js')]

/** A quiet environment: no real keychain, no inherited npm or terminal variables. */
export function baseEnv(extra: Record<string, string>): Record<string, string> {
  return { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent', ...extra }
}

/** A quoted word for sh. */
export const sh = (word: string): string => `'${word.replace(/'/g, "'\\''")}'`

export const shellCommand = (args: readonly string[], command: readonly string[] = COMMAND): string => [...command, ...args].map(sh).join(' ')

export interface Finished {
  code: number | null
  stdout: string
  stderr: string
}

/**
 * Runs a shell line (`bash -c`), e.g. a pipeline; its exit code and output. `--norc`: Node's
 * pipes are socket pairs, which bash takes for a remote shell and so reads ~/.bashrc, whose
 * machine-wide extras (pyenv rehashing its shims) then raced between parallel shells and wrote
 * to stderr (CI, terminal.test.ts "pdf ID -o -").
 */
export async function shell(line: string, env: Record<string, string>, cwd = ROOT): Promise<Finished> {
  try {
    const { stdout, stderr } = await exec('bash', ['--norc', '--noprofile', '-c', line], { env: baseEnv(env), cwd, maxBuffer: 64 * 1024 * 1024, timeout: 60_000 })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string }
    return { code: typeof failed.code === 'number' ? failed.code : null, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' }
  }
}

/**
 * Runs a shell line on a pseudo-terminal of `columns` × 40 (util-linux `script`): what a person
 * sees, stdout and stderr together, as the terminal got it (with \r\n line ends).
 */
export async function onTerminal(line: string, env: Record<string, string>, columns = 80): Promise<Finished> {
  const inner = `stty cols ${columns} rows 40; ${line}`
  return shell(`script -qefc ${sh(inner)} /dev/null`, { TERM: 'xterm-256color', ...env })
}

/** Starts the command as a child process (stdout and stderr piped), for tests that signal it. */
export function start(args: readonly string[], env: Record<string, string>, command: readonly string[] = COMMAND): ChildProcess & { output: Finished } {
  const [program = process.execPath, ...rest] = command
  const child = spawn(program, [...rest, ...args], { cwd: ROOT, env: baseEnv(env), stdio: ['ignore', 'pipe', 'pipe'] })
  const output: Finished = { code: null, stdout: '', stderr: '' }
  child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()))
  return Object.assign(child, { output })
}

/** Resolves with the exit code (or the signal's 128 + n) once the child has ended. */
export function ended(child: ChildProcess): Promise<number> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode)
  return new Promise((resolve) => child.once('close', (code, signal) => resolve(code ?? (signal === 'SIGKILL' ? 137 : -1))))
}

/** Polls until `check` holds (or fails after `timeoutMs`). */
export async function until(check: () => boolean, timeoutMs = 20_000, what = 'the condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** A tmux server of our own (its own socket), with one window of a given size. */
export async function tmuxWindow(line: string, env: Record<string, string>, columns: number, rows = 30) {
  const socket = `flipdrop-test-${process.pid}-${Date.now()}`
  const tmux = (...args: string[]) => exec('tmux', ['-L', socket, '-f', '/dev/null', ...args], { env: baseEnv({ TERM: 'xterm-256color', ...env }) })
  // The window stays after the command ends, so its last screen can be read.
  await tmux('new-session', '-d', '-x', String(columns), '-y', String(rows), `${line}; echo "[exit $?]"; sleep 120`)
  return {
    /** The visible screen, one string per row (trailing spaces cut). */
    async screen(): Promise<string[]> {
      const { stdout } = await tmux('capture-pane', '-p')
      return stdout.split('\n').map((row) => row.trimEnd())
    },
    async close(): Promise<void> {
      await tmux('kill-server').catch(() => undefined)
    }
  }
}

/** A fresh data folder. */
export const dataFolder = (): Promise<string> => mkdtemp(join(tmpdir(), 'flipdrop-cli-data-'))

/** Runs the command to its end (no terminal: pipes), with its exit code and output. */
export async function run(args: readonly string[], env: Record<string, string> = {}, command: readonly string[] = COMMAND): Promise<Finished> {
  const child = start(args, env, command)
  const code = await ended(child)
  return { ...child.output, code }
}
