import { CliUsageError, USAGE, parseCliArgs } from './cli-args'
import { startEmulator } from './emulator'

/**
 * `npm run emulator -- --port 8787 --document-port 8788 --key demo-key`: starts the emulator and
 * prints one line, `emulator ready {"baseUrl":…,"documentUrl":…}`. Bad flags exit with code 2.
 */
async function main(): Promise<void> {
  let parsed
  try {
    parsed = parseCliArgs(process.argv.slice(2))
  } catch (err) {
    if (err instanceof CliUsageError) {
      process.stderr.write(`emulator: ${err.message}\n\n${USAGE}\n`)
      process.exit(2)
    }
    throw err
  }
  if (parsed === 'help') {
    process.stdout.write(`${USAGE}\n`)
    return
  }
  const emulator = await startEmulator(parsed)
  process.stdout.write(`emulator ready ${JSON.stringify({ baseUrl: emulator.baseUrl, documentUrl: emulator.documentUrl })}\n`)
  let stopping = false
  const stop = (): void => {
    if (stopping) return
    stopping = true
    void emulator.close().then(() => process.exit(0))
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((err: unknown) => {
  process.stderr.write(`emulator: ${err instanceof Error ? err.message : String(err)}\n`)
  process.exit(1)
})
