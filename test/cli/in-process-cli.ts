import { fileURLToPath } from 'node:url'
import { runCli } from '../../src-main/cli/run-cli'
import type { KeychainStore, KeyStore } from '../../src-main/core/secrets/key-store'
import type { CliRun } from '../support/cli-runner'
import { createMemoryKeychain } from '../support/memory-keychain'
import { pipeCollector } from './pipe-collector'
import { processTimeZone } from './process-time-zone'
import { watchProcessListeners } from './process-listeners'
import { watchWritesInFlight } from './writes-in-flight'

const root = fileURLToPath(new URL('../..', import.meta.url))

export interface InProcessOptions {
  env: Record<string, string>
  keychain: KeychainStore
  /** Where the Settings proxy's password is; like a machine without a keychain unless given. */
  proxyKeychain?: KeyStore
  cwd?: string
  /** Cut the run short after this long, as the child runner's SIGKILL would (code null). */
  timeoutMs?: number
}

// Every durable write of this process is followed, so a failure names the one left going.
const listeners = watchProcessListeners(watchWritesInFlight().now)

/**
 * Runs `flipdrop <args>` in this process through runCli, as the entry (src-main/cli/index.ts)
 * would: only the given variables are seen, stdout and stderr are pipes (not a terminal), the
 * code is the one the process would exit with, and TZ sets the zone dates are printed in (as
 * it does for a process). A run that leaves a listener on `process` fails: a process would take
 * it away on exit, this one would keep it for every later run.
 */
export async function runInProcess(args: readonly string[], options: InProcessOptions): Promise<CliRun> {
  const stdout = pipeCollector()
  const stderr = pipeCollector()
  const controller = new AbortController()
  const restoreZone = processTimeZone.use(options.env['TZ'])
  const endWatch = listeners.begin()
  let timer: ReturnType<typeof setTimeout> | undefined
  try {
    const running = runCli(args, {
      io: { stdout: stdout.stream, stderr: stderr.stream },
      env: options.env,
      signal: controller.signal,
      cwd: options.cwd ?? process.cwd(),
      keychain: options.keychain,
      proxyKeychain: options.proxyKeychain ?? createMemoryKeychain('unavailable')
    }).catch((error: unknown) => {
      // An uncaught failure ends a Node process with 1 and the stack on stderr.
      stderr.stream.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
      return 1
    })
    const cut = new Promise<null>((resolve) => {
      if (options.timeoutMs !== undefined) timer = setTimeout(() => resolve(null), options.timeoutMs)
    })
    const code = await Promise.race([running, cut])
    // Cut short: stop the run and let it close what it opened before the next test starts.
    if (code === null) {
      controller.abort()
      await running
    }
    return { code, stdout: stdout.text(), stderr: stderr.text() }
  } finally {
    clearTimeout(timer)
    restoreZone()
    endWatch()
  }
}

/**
 * The child runner's signature (test/support/cli-runner.ts `runCli`) in this process: a test
 * file switches by its import. What the child has is given: PATH, HOME, no keychain (the child's
 * session bus does not exist), the package folder as the folder npm runs in, or `startedIn`.
 */
export function runCliInProcess(
  args: readonly string[],
  env: Record<string, string>,
  options: { timeoutMs?: number; startedIn?: string } = {}
): Promise<CliRun> {
  return runInProcess(args, {
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent', ...env },
    keychain: createMemoryKeychain('unavailable'),
    cwd: options.startedIn ?? root,
    timeoutMs: options.timeoutMs ?? 60_000
  })
}
