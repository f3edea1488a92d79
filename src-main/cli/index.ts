/**
 * `flipdrop`: every operation of the service from a terminal or a script, on the same core,
 * key store and queue as the app. Runs in plain Node ≥ 20.19 (`npm run cli -- …` from a
 * clone, `flipdrop` when installed: bin/flipdrop.js runs the build of this file).
 */
import { runCli } from './run-cli'

const controller = new AbortController()
let interrupted = 0
const stop = (): void => {
  interrupted += 1
  // A second Ctrl+C leaves at once; the first lets a running queue stop cleanly.
  if (interrupted > 1) process.exit(1)
  controller.abort()
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)

const code = await runCli(process.argv.slice(2), { io: { stdout: process.stdout, stderr: process.stderr }, env: process.env, signal: controller.signal })
// Let stdout drain (a pipe may be slow), then leave even if a socket or timer still holds the loop.
process.stdout.write('', () => process.exit(code))
