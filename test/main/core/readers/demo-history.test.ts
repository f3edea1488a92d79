import { afterEach, expect, it, vi } from 'vitest'
import { startEmulator, type RunningEmulator } from '../../../emulator'
import { QUEUE_KEY, startQueueCore, type QueueCore } from '../../../support/queue-fixture'
import { seedReadersHistory } from '../../../support/readers-history'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

let emulator: RunningEmulator | null = null
let running: QueueCore | null = null
afterEach(async () => {
  await running?.core.close()
  await emulator?.close()
})

/** The demo's and e2e tests' history reads as a designer's: weeks of counts with a gap, one item rising, and today's sync on top. */
it('gives the demo months of counts, a gap and a rising item', async () => {
  emulator = await startEmulator({ keys: [QUEUE_KEY], log: () => {} })
  await emulator.seed(12)
  const dir = await mkdtemp(join(tmpdir(), 'flipdrop-history-'))
  const seeded = await seedReadersHistory(dir, emulator, QUEUE_KEY, { days: 60 })
  expect(seeded.items).toBeGreaterThan(0)
  running = await startQueueCore(emulator, { dir, core: { backgroundSync: true } })
  const { core } = running
  await vi.waitFor(async () => expect((await core.readers.summary()).countedAt?.slice(0, 10)).toBe(new Date().toISOString().slice(0, 10)), { timeout: 10_000 })
  const summary = await core.readers.summary()
  const trends = Object.values(summary.week)
  expect(trends.filter((trend) => trend.rising)).toHaveLength(1)
  expect(trends.every((trend) => trend.views !== null && trend.views >= 0)).toBe(true)
  const top = Object.entries(summary.week).find(([, trend]) => trend.rising)?.[0] ?? ''
  const [docType, id] = top.split(':')
  const history = await core.readers.history({ id: Number(id), docType: docType === 'Document' ? 'Document' : 'Flipbook', range: '30d' })
  const gaps = history.buckets.filter((bucket) => bucket.totals === null)
  expect(gaps.length).toBe(3)
})
