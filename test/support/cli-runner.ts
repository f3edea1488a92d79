import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { commandLine } from './command-line'

const root = fileURLToPath(new URL('../..', import.meta.url))

export interface CliRun {
  code: number | null
  stdout: string
  stderr: string
}

/**
 * The command started directly (test/support/command-line.ts), not through npm: npm in front
 * of it cost about 0.4 s of CPU per run, hundreds of runs a suite. `startedIn` goes through
 * `npm run cli` itself, which says where it was started (INIT_CWD).
 */
function startLine(args: readonly string[], startedIn: string | undefined): { file: string; argv: string[] } {
  if (startedIn) return { file: 'npm', argv: ['run', '--prefix', root, '--silent', 'cli', '--', ...args] }
  return commandLine(args)
}

/**
 * Runs the command (`npm run --silent cli -- <args>`) as a child process, as a script would, with only the
 * given FLIPDROP_* variables (and PATH, HOME) from this process: the API key, the addresses
 * and the data folder are the test's own. The key stays out of argv on purpose.
 */
export function runCli(
  args: readonly string[],
  env: Record<string, string>,
  options: { timeoutMs?: number; startedIn?: string } = {}
): Promise<CliRun> {
  // Started elsewhere, as a user would: npm runs the script in the package and says where it began (INIT_CWD).
  const { file, argv } = startLine(args, options.startedIn)
  const child = spawn(file, argv, {
    cwd: options.startedIn ?? root,
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: process.env['HOME'] ?? '',
      // No session bus: the command must not reach a real keychain unless a test says so.
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent',
      ...env
    },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000)
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
  )
}

/** Starts the command and returns the child, for tests that signal or kill it. */
export function spawnCli(args: readonly string[], env: Record<string, string>) {
  const { file, argv } = commandLine(args)
  return spawn(file, argv, {
    cwd: root,
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
}
