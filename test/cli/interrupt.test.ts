import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../emulator'
import { dataFolder, ended, start, until } from './terminal-kit'

const KEY = 'fd-cli-interrupt-key-7a1c'
let emulator: RunningEmulator

beforeAll(async () => {
  emulator = await startEmulator({ keys: [KEY], seed: 250, maxItems: 1000, log: () => {} })
})
afterAll(async () => {
  await emulator?.close()
})

async function env(): Promise<Record<string, string>> {
  return { FLIPDROP_API_KEY: KEY, FLIPDROP_BASE_URL: emulator.baseUrl, FLIPDROP_DOCUMENT_URL: emulator.documentUrl, FLIPDROP_DATA_DIR: await dataFolder() }
}

/** Hits of the one fault on `route` so far: the request has reached the service once this is > 0. */
const hitsOn = (route: string): number => emulator.faults.list().find((fault) => fault.route === route)?.hits ?? 0

/**
 * Starts the command, waits until its request hangs at the service, sends `signal`, and
 * measures how long the command takes to end.
 */
async function interrupt(args: string[], route: string, signal: NodeJS.Signals) {
  emulator.faults.clear()
  // The service takes 20 s to answer: far longer than the command may take to stop.
  emulator.faults.add({ route, kind: 'latency', ms: 20_000, count: 'always' })
  const child = start(args, await env())
  await until(() => hitsOn(route) > 0, 20_000, `a request to ${route}`)
  const sent = Date.now()
  child.kill(signal)
  const code = await ended(child)
  const tookMs = Date.now() - sent
  emulator.faults.clear()
  return { ...child.output, code, tookMs }
}

describe('Ctrl+C and SIGTERM', { timeout: 60_000 }, () => {
  it('whoami stops within a second of Ctrl+C: exit 130, nothing on stdout, what it left on stderr', async () => {
    const run = await interrupt(['whoami'], '/api/whoami', 'SIGINT')
    expect(run.code).toBe(130)
    expect(run.tookMs).toBeLessThan(1000)
    expect(run.stdout).toBe('')
    expect(run.stderr).toBe('flipdrop whoami: stopped (Ctrl+C). Nothing was changed.\n')
  })

  it('list --all stops within a second of Ctrl+C in the middle of its pages, and its request is abandoned', async () => {
    const run = await interrupt(['list', '--all', '--json'], '/api/list', 'SIGINT')
    expect(run.code).toBe(130)
    expect(run.tookMs).toBeLessThan(1000)
    expect(run.stdout).toBe('')
    expect(run.stderr).toContain('flipdrop list: stopped (Ctrl+C). Nothing was changed.')
    // The service saw the request go away (its connection closed before an answer: status 0).
    await until(() => emulator.state.requests.some((entry) => entry.path === '/api/list' && entry.status === 0), 5_000, 'the abandoned request')
  })

  it('SIGTERM stops a command the same way, with exit 143', async () => {
    const run = await interrupt(['whoami'], '/api/whoami', 'SIGTERM')
    expect(run.code).toBe(143)
    expect(run.tookMs).toBeLessThan(1000)
    expect(run.stderr).toBe('flipdrop whoami: stopped. Nothing was changed.\n')
  })
})
