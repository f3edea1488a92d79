import { existsSync } from 'node:fs'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../emulator'
import { makePdf } from '../emulator/fixtures/make-pdf'
import { startCommand } from '../support/command-process'
import { QUEUE_KEY } from '../support/queue-fixture'

/*
 * The computer's clock set back mid-run (an NTP step, a resumed virtual machine), for the real
 * command only: libfaketime (Debian package faketime, installed by .ci/run) shifts the wall
 * clock of that process as its timestamp file says, and leaves its monotonic clock alone. The
 * emulator runs in this process, on the true clock, like a real service.
 */
const LIBFAKETIME = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1'

/** Ten files at 6 requests per 2 s: several windows of waiting, and about 10 s of work without a step. */
const FILES = 10
const RATE = { limit: 6, windowSeconds: 2 }
/** Generous for a loaded 2-core machine, and far below the 2 h a timer on the wall clock would wait. */
const BUDGET_MS = 60_000

let emulator: RunningEmulator

beforeAll(async () => {
  emulator = await startEmulator({ keys: [QUEUE_KEY], rateLimit: RATE, maxItems: 1_000, log: () => {} })
})
afterAll(() => emulator.close())

describe('the clock set back 2 h while the queue runs', () => {
  it('queue --wait of 10 files with rate-limit waits and a retry in backoff: all 10 published once, in about the time without the step', async () => {
    expect(existsSync(LIBFAKETIME)).toBe(true)
    const folder = await mkdtemp(join(tmpdir(), 'flipdrop-clock-files-'))
    const names = Array.from({ length: FILES }, (_, index) => `clock-${String(index).padStart(2, '0')}`)
    for (const name of names) await writeFile(join(folder, `${name}.pdf`), await makePdf(1, name))
    const dataDir = await mkdtemp(join(tmpdir(), 'flipdrop-clock-data-'))
    const offset = join(dataDir, '..', `${dataDir.split('/').pop() ?? 'clock'}.faketime`)
    await writeFile(offset, '+0\n')
    const env = {
      FLIPDROP_API_KEY: QUEUE_KEY,
      FLIPDROP_BASE_URL: emulator.baseUrl,
      FLIPDROP_DOCUMENT_URL: emulator.documentUrl,
      FLIPDROP_DATA_DIR: dataDir,
      LD_PRELOAD: LIBFAKETIME,
      FAKETIME_DONT_FAKE_MONOTONIC: '1',
      FAKETIME_NO_CACHE: '1',
      FAKETIME_TIMESTAMP_FILE: offset
    }
    // The fourth create answers 503 before doing anything: that job waits in retry backoff.
    emulator.faults.add({ route: '/api/create-by-file', kind: 'status', status: 503, after: 3, count: 1 })
    const queued = await startCommand(['upload', folder, '--queue'], env).ended
    expect(queued.code).toBe(0)
    const started = Date.now()
    const run = startCommand(['queue', '--wait'], env)
    try {
      // Stepped back once the third is out: the failed fourth waits for its retry, the rest for the window.
      await run.line('stdout', /^done\b[\s\S]*^done\b[\s\S]*^done\b/m)
      await writeFile(offset, '-2h\n')
      const gone = await Promise.race([run.ended, new Promise<null>((resolve) => setTimeout(() => resolve(null), 6_000))])
      // Put right again after a while, as NTP would: still stuck on the old code.
      if (gone === null) await writeFile(offset, '+0\n')
      const end = await Promise.race([run.ended, new Promise<null>((resolve) => setTimeout(() => resolve(null), BUDGET_MS))])
      const published = [...emulator.state.items.values()].map((item) => item.name).sort()
      expect({ exit: end?.code ?? 'still running', published }, run.stderr()).toEqual({ exit: 0, published: names })
      expect(end === null ? Infinity : end.at - started).toBeLessThan(BUDGET_MS)
      // It did meet what it had to wait for: the retried create, and full windows (yet no 429).
      expect(emulator.faults.list()).toEqual([])
      expect(emulator.state.rateWindows.some((window) => window.accepted === RATE.limit)).toBe(true)
      expect(emulator.state.rateWindows.every((window) => window.rejected === 0)).toBe(true)
      console.info(`10 files with a 2 h step back took ${Math.round(((end?.at ?? Date.now()) - started) / 1000)} s`)
    } finally {
      await run.kill()
      emulator.faults.clear()
    }
  }, BUDGET_MS + 30_000)
})
