import { appendFile, mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ReadersStore, type CountedItem } from '../../../../src-main/core/readers/readers-store'
import { changesSince, itemHistory, weekTrends } from '../../../../src-main/core/readers/trends'
import type { Logger } from '../../../../src-main/core/log'

const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} }

const DAY = 86_400_000
const T0 = Date.parse('2026-10-20T12:00:00Z')
const item = (id: number, views: number, leads = 0, name = `Item ${id}`): CountedItem => ({
  docType: 'Flipbook',
  id,
  name,
  url: `https://example.com/${id}`,
  counts: { views, leads, sales: 0, approvals: 0 }
})
const sec = (ms: number): number => Math.floor(ms / 1000)

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'readers-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('the readers store', () => {
  it('keeps counts over time and tells the change since a moment, from its own history', async () => {
    const store = await ReadersStore.open(dir, silentLogger)
    await store.record(T0, [item(1, 100, 2), item(2, 5)])
    await store.record(T0 + DAY, [item(1, 150, 3), item(2, 5)])
    await store.record(T0 + 2 * DAY, [item(1, 160, 3), item(2, 9)])
    const changes = await changesSince(dir, sec(T0 + DAY / 2), store.current)
    expect(changes.get('Flipbook:1')).toMatchObject({ delta: [60, 1, 0, 0], samples: 2, firstSeen: sec(T0) })
    expect(changes.get('Flipbook:2')).toMatchObject({ delta: [4, 0, 0, 0], samples: 2 })
    // From before the first count: the change since FlipDrop first counted it.
    expect((await changesSince(dir, sec(T0 - DAY), store.current)).get('Flipbook:1')).toMatchObject({ delta: [60, 1, 0, 0], samples: 3 })
  })

  it('says an item not counted in the period has no change, never 0', async () => {
    const store = await ReadersStore.open(dir, silentLogger)
    await store.record(T0, [item(1, 100), item(2, 5)])
    // Only item 2 is read again (a refresh cut short).
    await store.record(T0 + 3 * DAY, [item(2, 8)])
    const changes = await changesSince(dir, sec(T0 + DAY), store.current)
    expect(changes.get('Flipbook:1')).toMatchObject({ delta: null, samples: 0 })
    expect(changes.get('Flipbook:2')).toMatchObject({ delta: [3, 0, 0, 0], samples: 1 })
  })

  it('counts an item read unchanged without writing it again', async () => {
    const store = await ReadersStore.open(dir, silentLogger)
    await store.record(T0, [item(1, 100)])
    const size = (await stat(join(dir, '2026-10.samples'))).size
    await store.record(T0 + DAY, [item(1, 100)])
    const grown = (await stat(join(dir, '2026-10.samples'))).size - size
    expect(grown).toBeLessThan(20)
    expect((await changesSince(dir, sec(T0 + DAY / 2), store.current)).get('Flipbook:1')).toMatchObject({ delta: [0, 0, 0, 0], samples: 1 })
  })

  it('reads back what it wrote after a restart, across months, and each month alone', async () => {
    let store = await ReadersStore.open(dir, silentLogger)
    await store.record(T0, [item(1, 10)])
    await store.record(T0 + 15 * DAY, [item(1, 40), item(2, 1)])
    await store.close()
    store = await ReadersStore.open(dir, silentLogger)
    expect(store.get('Flipbook:1')).toMatchObject({ counts: [40, 0, 0, 0], firstSeen: sec(T0) })
    expect(store.countedSince).toBe(sec(T0))
    await store.record(T0 + 16 * DAY, [item(1, 45), item(2, 3)])
    expect((await readdir(dir)).filter((name) => name.endsWith('.samples')).sort()).toEqual(['2026-10.samples', '2026-11.samples'])
    // Since a moment in November: only November is read, its first frame says what was known.
    const changes = await changesSince(dir, sec(T0 + 15 * DAY + 1000), store.current)
    expect(changes.get('Flipbook:1')).toMatchObject({ delta: [5, 0, 0, 0], samples: 1, firstSeen: sec(T0) })
    expect(changes.get('Flipbook:2')).toMatchObject({ delta: [2, 0, 0, 0], samples: 1 })
  })

  it('loses at most the last refresh to a torn write, and appends cleanly after it', async () => {
    let store = await ReadersStore.open(dir, silentLogger)
    await store.record(T0, [item(1, 10)])
    await store.record(T0 + DAY, [item(1, 20)])
    await store.close()
    await appendFile(join(dir, '2026-10.samples'), Buffer.from([0xf5, 2, 40, 1, 2, 3]))
    store = await ReadersStore.open(dir, silentLogger)
    expect(store.get('Flipbook:1')?.counts).toEqual([20, 0, 0, 0])
    await store.record(T0 + 2 * DAY, [item(1, 25)])
    const changes = await changesSince(dir, sec(T0 - DAY), store.current)
    expect(changes.get('Flipbook:1')).toMatchObject({ delta: [15, 0, 0, 0], samples: 3 })
  })

  it('keeps the history of an item the service no longer lists, marked gone', async () => {
    const store = await ReadersStore.open(dir, silentLogger)
    await store.record(T0, [item(1, 10), item(2, 4)])
    await store.record(T0 + DAY, [item(2, 6)], ['Flipbook:1'])
    expect(store.get('Flipbook:1')).toMatchObject({ gone: true, counts: [10, 0, 0, 0] })
    expect(store.nameOf('Flipbook:1')).toEqual({ name: 'Item 1', url: 'https://example.com/1' })
    const history = await itemHistory(dir, 'Flipbook:1', '7d', sec(T0 + 2 * DAY), { firstSeen: sec(T0), gone: true })
    expect(history.gone).toBe(true)
    expect(history.buckets.filter((bucket) => bucket.totals !== null)).toHaveLength(1)
  })
})

describe('trends', () => {
  it('draws days with gaps where nothing was counted, and what each counted day gained', async () => {
    const store = await ReadersStore.open(dir, silentLogger)
    await store.record(T0, [item(1, 100, 1)])
    await store.record(T0 + DAY, [item(1, 120, 1)])
    // Two days without a refresh, then one.
    await store.record(T0 + 4 * DAY, [item(1, 200, 4)])
    const history = await itemHistory(dir, 'Flipbook:1', '7d', sec(T0 + 4 * DAY + 3600), { firstSeen: sec(T0), gone: false })
    expect(history.unit).toBe('day')
    expect(history.buckets).toHaveLength(7)
    const days = history.buckets.map((bucket) => (bucket.gained === null ? null : bucket.gained.views))
    expect(days).toEqual([null, null, 0, 20, null, null, 80])
    expect(history.buckets.at(-1)?.totals).toEqual({ views: 200, leads: 4, sales: 0, approvals: 0 })
    const weeks = await itemHistory(dir, 'Flipbook:1', 'all', sec(T0 + 4 * DAY + 3600), { firstSeen: sec(T0), gone: false })
    expect(weeks.unit).toBe('week')
    expect(weeks.buckets.reduce((sum, bucket) => sum + (bucket.gained?.views ?? 0), 0)).toBe(100)
  })

  it('finds the last seven days and what is rising against the weeks before', async () => {
    const store = await ReadersStore.open(dir, silentLogger)
    // Item 1: 10 views a day for five weeks, then 60 a day. Item 2: steady 10 a day.
    for (let day = 0; day <= 42; day++) {
      const one = day <= 35 ? day * 10 : 350 + (day - 35) * 60
      await store.record(T0 + day * DAY, [item(1, one), item(2, day * 10), ...(day >= 40 ? [item(3, (day - 40) * 50)] : [])])
    }
    const trends = await weekTrends(dir, sec(T0 + 42 * DAY + 60), store.current)
    expect(trends.get('Flipbook:1')).toEqual({ views: 420, leads: 0, rising: true })
    expect(trends.get('Flipbook:2')).toEqual({ views: 70, leads: 0, rising: false })
    // New this week: its views count, but nothing says it rises.
    expect(trends.get('Flipbook:3')).toEqual({ views: 100, leads: 0, rising: false })
  })
})
