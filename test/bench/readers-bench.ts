import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { ReadersStore, type CountedItem } from '../../src-main/core/readers/readers-store'
import { changesSince, weekTrends } from '../../src-main/core/readers/trends'

const DAY = 86_400_000
const quiet = { info: () => {}, warn: () => {}, error: () => {} }

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

export interface ReadersBench {
  writeMs: number
  bytes: number
  samples: number
  openMs: number
  load90Ms: number
  weekMs: number
  items90: number
}

/**
 * A year of daily counts for `items` items, every item changed every day (the worst case for
 * size: real days leave most items unchanged), written as FlipDrop writes them; then the
 * newest month opened (start-up) and the last 90 days read for every item (stats, trends).
 */
export async function benchReadersHistory(items = 10_000, days = 365): Promise<ReadersBench> {
  const dir = await mkdtemp(join(tmpdir(), 'flipdrop-readers-bench-'))
  try {
    const store = await ReadersStore.open(dir, quiet)
    const views = new Float64Array(items)
    const leads = new Float64Array(items)
    // Repeatable: a fixed walk of a few hundred views and now and then a lead a day.
    let seed = 7
    const next = (): number => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648)
    const end = Date.parse('2026-11-28T06:00:00Z')
    let writeMs = 0
    for (let day = days; day >= 1; day--) {
      const counted: CountedItem[] = []
      for (let item = 0; item < items; item++) {
        views[item] = (views[item] ?? 0) + 1 + Math.floor(next() * 300)
        if (next() < 0.1) leads[item] = (leads[item] ?? 0) + 1
        counted.push({ docType: 'Flipbook', id: 1000 + item, name: `Catalogue ${item}`, url: null, counts: { views: views[item] ?? 0, leads: leads[item] ?? 0, sales: 0, approvals: 0 } })
      }
      const started = performance.now()
      await store.record(end - day * DAY, counted)
      writeMs += performance.now() - started
    }
    await store.close()
    let bytes = 0
    for (const name of await readdir(dir)) bytes += (await stat(join(dir, name))).size
    const now = Math.floor((end - DAY) / 1000)
    const opens: number[] = []
    const loads: number[] = []
    const weeks: number[] = []
    let items90 = 0
    // One round first, untimed: the reads are measured warm, as the app reads them after its first.
    for (let round = -1; round < 5; round++) {
      let started = performance.now()
      const opened = await ReadersStore.open(dir, quiet)
      if (round >= 0) opens.push(performance.now() - started)
      started = performance.now()
      const changes = await changesSince(dir, now - 90 * 86_400, opened.current)
      if (round >= 0) loads.push(performance.now() - started)
      items90 = [...changes.values()].filter((change) => change.delta !== null).length
      started = performance.now()
      await weekTrends(dir, now, opened.current)
      if (round >= 0) weeks.push(performance.now() - started)
      await opened.close()
    }
    return { writeMs, bytes, samples: items * days, openMs: median(opens), load90Ms: median(loads), weekMs: median(weeks), items90 }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
