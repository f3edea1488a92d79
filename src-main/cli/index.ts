/**
 * `flipdrop`: every operation of the service from a terminal or a script, on the same core,
 * key store and queue as the app. Runs in plain Node ≥ 20.19 (`npm run cli -- …` from a
 * clone, `flipdrop` when installed: bin/flipdrop.js runs the build of this file).
 */
import { SIGNAL_EXIT, StopSignal, type StopSignalName } from './interrupt'
import { runCli } from './run-cli'

/** After the first Ctrl+C, the command has this long to stop; then it leaves regardless. */
const HARD_STOP_MS = 900

const controller = new AbortController()
const stop = (signal: StopSignalName): void => {
  // A second Ctrl+C leaves at once.
  if (controller.signal.aborted) process.exit(SIGNAL_EXIT[signal])
  controller.abort(new StopSignal(signal))
  setTimeout(() => process.exit(SIGNAL_EXIT[signal]), HARD_STOP_MS).unref()
}
process.on('SIGINT', () => stop('SIGINT'))
process.on('SIGTERM', () => stop('SIGTERM'))

/**
 * Whoever read our output went away (`| head -1`): leave quietly with 141, as a Unix tool killed
 * by SIGPIPE would. A write queued behind the failed one reports the stream as destroyed: the
 * same cause. Any other failure to write (a full disk under `> file`) is 1, without a stack trace.
 */
const exitForOutput = (error: NodeJS.ErrnoException): number =>
  error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED' ? SIGNAL_EXIT.SIGPIPE : 1
process.stdout.on('error', (error: NodeJS.ErrnoException) => process.exit(exitForOutput(error)))
process.stderr.on('error', (error: NodeJS.ErrnoException) => process.exit(exitForOutput(error)))

/**
 * Relative paths mean the user's folder. Only the source entry, which `npm run cli` runs from
 * the package folder, takes the folder npm was started in (INIT_CWD); the installed command
 * (the build) never does: a variable left over from some npm script must not move its files.
 */
const fromSource = import.meta.url.endsWith('.ts')
const cwd = (fromSource && process.env['INIT_CWD']) || process.cwd()

const code = await runCli(process.argv.slice(2), { io: { stdout: process.stdout, stderr: process.stderr }, env: process.env, signal: controller.signal, cwd })
// Let stdout drain (a pipe may be slow), then leave even if a socket or timer still holds the loop.
process.stdout.write('', (error) => process.exit(error ? exitForOutput(error) : code))
