import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../emulator'
import { makePdf } from '../emulator/fixtures/make-pdf'
import { cliKit, jsonOf } from './cli-test-kit'

/*
 * Issue 27: the command, on a new data folder, behind a captive portal or against a slow
 * service, waits as its help says ("--timeout … default: wait until it answers") instead of
 * leaving with exit 4; a slow create is waited for. Child processes: what counts is the wall
 * clock of a whole run and what its exit cuts off, and a run here takes as long as the
 * service, so running it in this process would save nothing.
 */

const KEY = 'fd-cli-portal-slow-key-1'
let emulator: RunningEmulator
let files: string
const { cli } = cliKit(() => emulator, KEY)

beforeAll(async () => {
  emulator = await startEmulator({ keys: [KEY], rateLimit: { limit: 100_000, windowSeconds: 60 }, log: () => {} })
  files = await mkdtemp(join(tmpdir(), 'flipdrop-cli-portal-'))
})
afterAll(() => emulator.close())
beforeEach(() => emulator.faults.clear())

async function pdf(name: string): Promise<string> {
  const path = join(files, name)
  await writeFile(path, await makePdf(1, name))
  return path
}

const named = (name: string): number => emulator.state.allItems().filter((item) => item.name === name).length
const portalHits = (): number => emulator.state.requests.filter((entry) => entry.fault === 'portal').length

describe('behind a sign-in page', () => {
  it('upload on a new data folder waits, saying a sign-in page is in the way, and publishes once it is gone', async () => {
    const [portal] = emulator.faults.add({ route: '*', kind: 'portal', count: 'always' })
    const hitsBefore = portalHits()
    const run = cli(['upload', await pdf('behind-portal.pdf')])
    // The command keeps asking behind the portal (more than once: it waits, it does not leave).
    const started = Date.now()
    while (portalHits() - hitsBefore < 2 && Date.now() - started < 30_000) await sleep(50)
    await sleep(500)
    emulator.faults.remove(portal?.id ?? -1)
    const done = await run
    expect(done.stderr).toContain('sign-in page')
    expect(done.code, done.stderr).toBe(0)
    expect(done.stdout).toMatch(/^done\s/m)
    expect(named('behind-portal')).toBe(1)
  }, 60_000)

  it('--timeout gives up after that long with exit 4, naming the sign-in page; nothing was published', async () => {
    emulator.faults.add({ route: '*', kind: 'portal', status: 302, count: 'always' })
    const started = Date.now()
    const run = await cli(['upload', await pdf('portal-timeout.pdf'), '--timeout', '2s', '--json'])
    expect(run.code).toBe(4)
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000)
    const result = jsonOf<{ error: { code: string; message: string; exitCode: number } }>(run)
    expect(result.error).toMatchObject({ code: 'unreachable', exitCode: 4 })
    expect(result.error.message).toMatch(/^Gave up after \ds/)
    expect(result.error.message).toContain('sign-in page')
    expect(named('portal-timeout')).toBe(0)
  }, 60_000)
})

describe('a slow service', () => {
  it('upload on a new data folder waits while the service takes 8–10 s to say whose the key is, then publishes and exits 0', async () => {
    // Far slower than a drop waits to learn whose the key is (3 s): the command must not leave with exit 4.
    emulator.faults.add({ route: '/api/whoami', kind: 'latency', ms: 8_000, maxMs: 10_000, count: 'always' })
    const run = await cli(['upload', await pdf('slow-whoami.pdf')])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toMatch(/^done\s/m)
    expect(named('slow-whoami')).toBe(1)
  }, 90_000)

  it('upload --wait against a service answering every request in 20–40 s (here 2–4 s, the timeouts scaled alike) publishes and exits 0', async () => {
    emulator.faults.add({ route: '/api', kind: 'latency', ms: 2_000, maxMs: 4_000, count: 'always' })
    const from = emulator.state.requests.length
    const run = await cli(['upload', await pdf('slow-service.pdf'), '--wait'], { extra: { FLIPDROP_TIMEOUT_SCALE: '0.1' } })
    const exitedAt = Date.now()
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toMatch(/^done\s/m)
    expect(named('slow-service')).toBe(1)
    // Every request was waited for: none given up on by the command before the service answered.
    // Reads still on their way when the command leaves (a plan refresh, the library's read of
    // the row just published) are cut by its exit: that is by design, so a cut request counts
    // only when it ended well before the command did.
    const sent = emulator.state.requests.slice(from)
    const cutBeforeExit = sent.filter((entry) => entry.path.startsWith('/api/') && entry.status === 0 && (entry.endedAtMs ?? 0) < exitedAt - 500)
    expect(cutBeforeExit.map((entry) => entry.path)).toEqual([])
    expect(sent.filter((entry) => entry.path.startsWith('/api/') && entry.status === 200).length).toBeGreaterThanOrEqual(4)
  }, 90_000)
})
