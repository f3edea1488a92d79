import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { readersFolder } from '../../../../src-main/core/readers/readers-store'
import type { ReadersSummary, StatsResult } from '../../../../src-shared/domain/readers'
import { startEmulator, type RunningEmulator } from '../../../emulator'
import { QUEUE_KEY, startQueueCore, waitForQueue, allFinished, writePdf, type QueueCore } from '../../../support/queue-fixture'

/*
 * Readers' numbers against the emulator: its admin API changes the counts between refreshes,
 * and the core keeps them, tells the change over a period, leaves gaps as gaps, and keeps each
 * account's apart.
 */

const DAY = 86_400_000
let emulator: RunningEmulator | null = null
let running: QueueCore | null = null
afterEach(async () => {
  await running?.core.close()
  await emulator?.close()
  running = null
  emulator = null
})

/** A clock the test moves: "days" pass between refreshes. */
function testClock(start = Date.parse('2026-11-02T09:00:00Z')) {
  let now = start
  return { now: () => now, advance: (ms: number) => void (now += ms) }
}

async function setCounts(id: number, counts: { NoOfViews?: number; NoOfLeads?: number }): Promise<void> {
  const answer = await fetch(`${emulator?.baseUrl}/__emulator/items/${id}`, { method: 'PATCH', body: JSON.stringify(counts) })
  expect(answer.status).toBe(200)
}

async function countedOnce(core: QueueCore['core']): Promise<ReadersSummary> {
  let summary: ReadersSummary | null = null
  await vi.waitFor(async () => {
    summary = await core.readers.summary()
    expect(summary.countedAt).not.toBeNull()
  }, { timeout: 10_000 })
  return summary as unknown as ReadersSummary
}

const sinceDaysAgo = (clock: { now: () => number }, days: number): string => new Date(clock.now() - days * DAY).toISOString()

describe("readers' numbers", () => {
  it('keeps every refresh and tells each item its change over the period, with gaps as gaps', async () => {
    emulator = await startEmulator({ keys: [QUEUE_KEY], log: () => {} })
    const [a, b] = await emulator.seed(2)
    if (!a || !b) throw new Error('no items')
    await setCounts(a.id, { NoOfViews: 100, NoOfLeads: 1 })
    await setCounts(b.id, { NoOfViews: 10, NoOfLeads: 0 })
    const clock = testClock()
    running = await startQueueCore(emulator, { core: { backgroundSync: true, readers: { now: clock.now } } })
    const { core } = running
    // The library's first complete sync is the first sample.
    const first = await countedOnce(core)
    expect(first.countedSince).toBe('2026-11-02T09:00:00Z')

    clock.advance(DAY)
    await setCounts(a.id, { NoOfViews: 160, NoOfLeads: 4 })
    await core.readers.refresh()
    clock.advance(DAY)
    await setCounts(a.id, { NoOfViews: 190 })
    await core.readers.refresh()

    const stats: StatsResult = await core.readers.stats({ since: sinceDaysAgo(clock, 0.5) })
    const byId = new Map(stats.items.map((item) => [item.id, item]))
    expect(byId.get(a.id)).toMatchObject({ views: 190, leads: 4, delta: { views: 30, leads: 0, sales: 0, approvals: 0 }, samples: 1, firstSample: '2026-11-02T09:00:00Z' })
    // Read unchanged by the same refresh: a change of 0, counted.
    expect(byId.get(b.id)).toMatchObject({ views: 10, delta: { views: 0, leads: 0 }, samples: 1 })
    // Largest change first.
    expect(stats.items[0]?.id).toBe(a.id)
    const week = await core.readers.stats({ since: sinceDaysAgo(clock, 7) })
    expect(week.items.find((item) => item.id === a.id)).toMatchObject({ delta: { views: 90, leads: 3 }, samples: 3 })

    // Three days without a refresh: a period inside them has no count of anything.
    clock.advance(3 * DAY)
    const gap = await core.readers.stats({ since: sinceDaysAgo(clock, 2) })
    expect(gap.items.map((item) => item.delta)).toEqual([null, null])
    expect(gap.items.map((item) => item.samples)).toEqual([0, 0])

    // The chart: days with a count, gaps between.
    const history = await core.readers.history({ id: a.id, docType: 'Flipbook', range: '7d' })
    expect(history.buckets.map((bucket) => bucket.gained?.views ?? null)).toEqual([null, 0, 60, 30, null, null, null])

    // The library shows the totals the refresh read.
    expect(core.library.localItem({ id: a.id, docType: 'Flipbook' })).toMatchObject({ views: 190, leads: 4 })
    const summary = await core.readers.summary()
    expect(summary.week[`Flipbook:${a.id}`]).toEqual({ views: 90, leads: 3, rising: false })
  })

  it('exports the samples as CSV, and forgets them on sign-out', async () => {
    emulator = await startEmulator({ keys: [QUEUE_KEY], log: () => {} })
    const [a] = await emulator.seed(1)
    if (!a) throw new Error('no item')
    await setCounts(a.id, { NoOfViews: 5 })
    const clock = testClock()
    const saved: string[] = []
    let target = ''
    running = await startQueueCore(emulator, {
      core: {
        backgroundSync: true,
        readers: { now: clock.now },
        chooseSavePath: async (name) => {
          saved.push(name)
          return target
        }
      }
    })
    const { core, dir } = running
    await countedOnce(core)
    clock.advance(DAY)
    await setCounts(a.id, { NoOfViews: 12, NoOfLeads: 1 })
    await core.readers.refresh()
    target = join(dir, 'numbers.csv')
    const result = await core.readers.exportCsv({})
    expect(result).toEqual({ path: target, rows: 2 })
    expect(saved).toEqual(['Readers numbers 2026-11-03.csv'])
    const lines = (await readFile(target, 'utf8')).replace(/^\uFEFF/, '').trimEnd().split('\r\n')
    expect(lines[0]).toBe('Time,ID,Kind,Name,Link,Views,Leads,Sales,Approvals')
    expect(lines[1]).toMatch(new RegExp(`^2026-11-02T09:00:00Z,${a.id},Flipbook,`))
    expect(lines[2]).toMatch(/^2026-11-03T09:00:00Z,.*,12,1,\d+,\d+$/)

    const userId = core.connection.accountId
    if (!userId) throw new Error('no account')
    const folder = readersFolder(dir, userId)
    expect(existsSync(folder)).toBe(true)
    await core.auth.signOut({ userId })
    await vi.waitFor(() => expect(existsSync(folder)).toBe(false))
  })

  it('waits for uploads before it reads counts, and stays within the rate limit', async () => {
    emulator = await startEmulator({ keys: [QUEUE_KEY], log: () => {}, rateLimit: { limit: 8, windowSeconds: 1 }, maxItems: 1000 })
    await emulator.seed(250)
    const clock = testClock()
    running = await startQueueCore(emulator, { core: { backgroundSync: true, readers: { now: clock.now, uploadsPollMs: 20 } } })
    const { core, dir } = running
    await countedOnce(core)
    const pdfs = await Promise.all(['one.pdf', 'two.pdf', 'three.pdf'].map((name) => writePdf(dir, name)))
    await core.uploads.enqueuePaths({ paths: pdfs, docType: 'Flipbook', onSameContent: 'ask' })
    const from = emulator.state.requests.length
    clock.advance(DAY)
    await core.readers.refresh()
    await waitForQueue(core, allFinished)
    const requests = emulator.state.requests.slice(from)
    expect(requests.filter((entry) => entry.status === 429)).toEqual([])
    const lastUpload = Math.max(...requests.filter((entry) => entry.method === 'POST').map((entry) => entry.atMs))
    const lists = requests.filter((entry) => entry.method === 'GET' && entry.path === '/api/list')
    expect(lists.length).toBeGreaterThanOrEqual(3)
    // Every page of the refresh was asked for after the last upload was sent.
    expect(Math.min(...lists.map((entry) => entry.atMs))).toBeGreaterThan(lastUpload)
  })

  it('tells of new leads at most once a day, only when asked for in Settings', async () => {
    emulator = await startEmulator({ keys: [QUEUE_KEY], log: () => {} })
    const [a, b] = await emulator.seed(2)
    if (!a || !b) throw new Error('no items')
    await setCounts(a.id, { NoOfLeads: 1 })
    await setCounts(b.id, { NoOfLeads: 1 })
    const clock = testClock()
    running = await startQueueCore(emulator, { settings: { readersNotifications: false }, core: { backgroundSync: true, readers: { now: clock.now } } })
    const { core, events } = running
    const news = () => events.filter((event) => event.channel === 'readers:news').map((event) => event.payload)
    await countedOnce(core)
    clock.advance(DAY)
    await setCounts(a.id, { NoOfLeads: 13 })
    await core.readers.refresh()
    expect(news()).toEqual([])

    await core.settings.update({ readersNotifications: true })
    clock.advance(DAY)
    await setCounts(a.id, { NoOfLeads: 25 })
    await setCounts(b.id, { NoOfLeads: 3 })
    await core.readers.refresh()
    expect(news()).toEqual([{ accountId: core.connection.accountId, items: [{ name: a.name, leads: 12 }, { name: b.name, leads: 2 }] }])
    // The same day: nothing more, however many leads come.
    clock.advance(DAY / 2)
    await setCounts(a.id, { NoOfLeads: 40 })
    await core.readers.refresh()
    expect(news()).toHaveLength(1)
    clock.advance(DAY)
    await setCounts(a.id, { NoOfLeads: 41 })
    await core.readers.refresh()
    expect(news()).toHaveLength(2)
  })
})
