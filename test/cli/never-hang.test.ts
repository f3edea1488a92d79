import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../emulator'
import { makePdf } from '../emulator/fixtures/make-pdf'
import { cliKit, jsonOf } from './cli-test-kit'
import { runCliInProcess } from './in-process-cli'

/*
 * Issue 20 (B): the command never hangs. A refused key stops at once (exit 3) naming where the
 * key came from; an unreachable service is said on stderr and --timeout gives up (exit 4);
 * every "could not reach" is exit 4 naming the address and the variable to fix.
 */

const KEY = 'fd-cli-never-hang-key-1'
let emulator: RunningEmulator
let files: string
const { env, cli } = cliKit(() => emulator, KEY, runCliInProcess)

beforeAll(async () => {
  emulator = await startEmulator({ keys: [KEY], rateLimit: { limit: 100_000, windowSeconds: 60 }, log: () => {} })
  files = await mkdtemp(join(tmpdir(), 'flipdrop-cli-hang-'))
})
afterAll(() => emulator.close())

async function pdf(name: string): Promise<string> {
  const path = join(files, name)
  await writeFile(path, await makePdf(1, name))
  return path
}

/** A data folder that has met the key's account once (a published file), as a real user's has. */
async function knownFolder(): Promise<Record<string, string>> {
  const vars = await env()
  expect((await cli(['upload', await pdf(`first-${Math.random()}.pdf`)], { extra: vars })).code).toBe(0)
  return vars
}

interface Jobs {
  jobs: { state: string; code: string | null }[]
  error?: { code: string; message: string; exitCode: number }
}

describe('a refused key', () => {
  it('stops a foreground upload at once with exit 3, naming FLIPDROP_API_KEY; a refused key is nobody\'s, so nothing is queued', async () => {
    const vars = await knownFolder()
    const started = Date.now()
    const run = await cli(['upload', await pdf('refused.pdf'), '--json'], { extra: { ...vars, FLIPDROP_API_KEY: 'fd-refused-key-000' } })
    const tookMs = Date.now() - started
    expect(run.code).toBe(3)
    const result = jsonOf<Jobs>(run)
    expect(result.jobs ?? []).toEqual([])
    expect(result.error).toEqual({
      code: 'key-refused',
      message: 'The service did not accept the API key from FLIPDROP_API_KEY. Set FLIPDROP_API_KEY to a valid key. Nothing was queued.',
      exitCode: 3
    })
    expect(tookMs).toBeLessThan(15_000)
    // Whose the job would be is unknown: it is not left for the data folder's account to publish.
    const queued = jsonOf<{ jobs: { name: string }[] }>(await cli(['queue', '--json'], { extra: vars }))
    expect(queued.jobs.filter((job) => job.name === 'refused')).toEqual([])
    expect((await cli(['queue', '--wait'], { extra: vars })).code).toBe(0)
    expect(emulator.state.allItems().filter((item) => item.name === 'refused')).toEqual([])
  })

  it('whoami with a refused key: exit 3, and in --json mode an error document with its code', async () => {
    const run = await cli(['whoami', '--json'], { extra: { FLIPDROP_API_KEY: 'fd-refused-key-000' } })
    expect(run.code).toBe(3)
    expect(jsonOf(run)).toEqual({ error: { code: 'key-refused', message: expect.stringContaining('FLIPDROP_API_KEY'), exitCode: 3 } })
    expect(run.stderr).not.toContain('Sign in again')
  })
})

describe('an unreachable service', () => {
  it('upload says on stderr what it waits for, and --timeout 2s gives up with exit 4 saying the time it waited', async () => {
    const vars = await knownFolder()
    const started = Date.now()
    const run = await cli(['upload', await pdf('offline.pdf'), '--timeout', '2s'], { extra: { ...vars, FLIPDROP_BASE_URL: 'http://127.0.0.1:9' } })
    const tookMs = Date.now() - started
    expect(run.code).toBe(4)
    expect(run.stderr).toContain('Waiting for the service at http://127.0.0.1:9 to answer')
    expect(run.stderr).toContain('The address comes from FLIPDROP_BASE_URL')
    expect(run.stderr).toMatch(/Gave up after [23]s: the service at http:\/\/127\.0\.0\.1:9 could not be reached\./)
    expect(run.stdout).toMatch(/^waiting\s+[0-9a-f]{8}\s+offline\.pdf\s+The service cannot be reached/m)
    expect(run.stdout).toContain('1 queued: they wait in the queue; flipdrop queue --wait (or the FlipDrop app) publishes them')
    expect(tookMs).toBeLessThan(15_000)
    // Only --queue leaves at once; the job waits for the service.
    const queued = await cli(['upload', await pdf('offline-q.pdf'), '--queue'], { extra: { ...vars, FLIPDROP_BASE_URL: 'http://127.0.0.1:9' } })
    expect(queued.code).toBe(0)
    expect(queued.stdout).toMatch(/^queued\s+[0-9a-f]{8}\s+offline-q\.pdf\s+The service cannot be reached/m)
  })

  it('every "could not reach" is exit 4 naming the address and FLIPDROP_BASE_URL: refused, no such host, TLS, bad address, cut off', async () => {
    const cases: [string, string, RegExp][] = [
      ['refused', 'http://127.0.0.1:9', /\(connection refused\)/],
      ['dns', 'http://flipdrop-nowhere.invalid', /\(no such host\)/],
      ['tls', emulator.baseUrl.replace('http:', 'https:'), /\(no secure connection could be made: /],
      ['bad address', 'not-an-address', /\(that is not a valid address\)/]
    ]
    for (const [what, address, why] of cases) {
      const run = await cli(['whoami'], { extra: { FLIPDROP_BASE_URL: address } })
      expect(run.code, what).toBe(4)
      expect(run.stderr, what).toContain(`Could not reach the service at ${address}`)
      expect(run.stderr, what).toMatch(why)
      expect(run.stderr, what).toContain('The address comes from FLIPDROP_BASE_URL')
    }
    emulator.faults.add({ route: '/api/whoami', kind: 'stall', ms: 300, count: 'always' })
    try {
      const cut = await cli(['whoami', '--json'])
      expect(cut.code).toBe(4)
      expect(jsonOf(cut)).toEqual({ error: { code: 'unreachable', message: expect.stringContaining(`Could not reach the service at ${emulator.baseUrl}`), exitCode: 4 } })
    } finally {
      emulator.faults.clear()
    }
  }, 60_000)

  it('--timeout takes a duration; anything else is exit 2', async () => {
    const run = await cli(['upload', await pdf('bad-timeout.pdf'), '--timeout', 'soon'])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('--timeout takes a duration such as 30s, 2m or 1h, not "soon".')
  })
})
