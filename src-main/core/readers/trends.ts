import type { HistoryBucket, HistoryRange, ItemHistory, WeekTrend } from '../../../src-shared/domain/readers'
import { CountTable, scanHistory, type HistoryVisitor } from './history-scan'
import { fromCounts, type Counts } from './sample-frames'

const DAY = 86_400
const WEEK = 7 * DAY
/** "Rising": at least this many views in the last seven days… */
const RISING_MIN_VIEWS = 10
/** …and this many times its weekly views over the (up to four) weeks before. */
const RISING_FACTOR = 2

export const isoOf = (time: number): string => new Date(time * 1000).toISOString().replace('.000Z', 'Z')

const countsAt = (counts: Float64Array, at: number): Counts => [counts[at] ?? 0, counts[at + 1] ?? 0, counts[at + 2] ?? 0, counts[at + 3] ?? 0]

const minus = (a: Readonly<Counts>, b: Readonly<Counts>): Counts => [a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3]]

/** Which items a table has counts for. */
class Marks {
  flags = new Uint8Array(1024)

  set(item: number): void {
    if (item >= this.flags.length) {
      const grown = new Uint8Array(Math.max(item + 1, this.flags.length * 2))
      grown.set(this.flags)
      this.flags = grown
    }
    this.flags[item] = 1
  }

  has(item: number): boolean {
    return this.flags[item] === 1
  }
}

/** Counts per item in a table, with which items have them. */
class Known {
  readonly table = new CountTable()
  readonly marks = new Marks()

  put(item: number, counts: Float64Array, at: number): void {
    this.table.ensure(item + 1)
    const data = this.table.data
    const to = item * 4
    // Four numbers by hand: a subarray per count would allocate a million views for 90 days.
    data[to] = counts[at] as number
    data[to + 1] = counts[at + 1] as number
    data[to + 2] = counts[at + 2] as number
    data[to + 3] = counts[at + 3] as number
    this.marks.set(item)
  }

  get(item: number): Counts | undefined {
    if (!this.marks.has(item)) return undefined
    const data = this.table.data
    return [data[item * 4] ?? 0, data[item * 4 + 1] ?? 0, data[item * 4 + 2] ?? 0, data[item * 4 + 3] ?? 0]
  }
}

/**
 * Each item's counts at some moments, how often it was counted from the first moment on, and
 * its first and latest counts: one pass over the history, in typed arrays (10,000 items × 90
 * days is 900,000 counts; objects per count would miss the 100 ms budget).
 */
class CountsAt {
  readonly at: Known[]
  readonly first = new Known()
  readonly latest = new Known()
  firstSeen = new Float64Array(1024).fill(Infinity)
  seenSince = new Int32Array(1024)

  private keys: readonly string[] = []

  constructor(
    private readonly moments: readonly number[],
    private readonly current: CurrentCounts
  ) {
    this.at = moments.map(() => new Known())
  }

  /** The scan's names of the items (set once it is done). */
  name(keys: readonly string[]): void {
    this.keys = keys
  }

  private room(item: number): void {
    if (item < this.firstSeen.length) return
    const size = Math.max(item + 1, this.firstSeen.length * 2)
    const firstSeen = new Float64Array(size).fill(Infinity)
    firstSeen.set(this.firstSeen)
    this.firstSeen = firstSeen
    const seenSince = new Int32Array(size)
    seenSince.set(this.seenSince)
    this.seenSince = seenSince
  }

  visitor(): HistoryVisitor {
    const moments = this.moments
    return {
      named: (item) => this.room(item),
      known: (item, counts, at, firstSeen, lastSeen) => {
        this.firstSeen[item] = firstSeen
        this.latest.put(item, counts, at)
        for (let m = 0; m < moments.length; m++) if (lastSeen <= (moments[m] as number)) this.at[m]?.put(item, counts, at)
      },
      firstSeen: (item, time) => {
        if (this.firstSeen[item] === Infinity) this.firstSeen[item] = time
      },
      counted: (time, items, length) => {
        if (time < (moments[0] ?? Infinity)) return
        const seen = this.seenSince
        for (let i = 0; i < length; i++) seen[items[i] as number] = (seen[items[i] as number] ?? 0) + 1
      },
      changed: (item, time, counts, at) => {
        if (!this.first.marks.has(item)) this.first.put(item, counts, at)
        this.latest.put(item, counts, at)
        for (let m = 0; m < moments.length; m++) if (time <= (moments[m] as number)) this.at[m]?.put(item, counts, at)
      }
    }
  }

  /**
   * The change since `moments[m]`: from its counts then when it was counted before, else from
   * its first counts in the period. Null when nothing counted it since then (a gap, never 0).
   */
  changeSince(item: number, m: number, seenInPeriod: number): Counts | null {
    const key = this.keys[item]
    const latest = (key === undefined ? undefined : this.current(key)) ?? this.latest.get(item)
    if (seenInPeriod === 0 || !latest) return null
    const firstSeen = this.firstSeen[item] ?? Infinity
    const moment = this.moments[m] ?? 0
    const base = firstSeen < moment ? (this.at[m]?.get(item) ?? this.first.get(item)) : this.first.get(item)
    return base ? minus(latest, base) : null
  }
}

export interface ItemChange {
  key: string
  delta: Counts | null
  samples: number
  firstSeen: number | null
}

/** Each item's counts now, from memory (the store's). */
export type CurrentCounts = (key: string) => Readonly<Counts> | undefined

/** Every item's change since `since` (seconds), from the history in `dir` and the counts now. */
export async function changesSince(dir: string, since: number, current: CurrentCounts): Promise<Map<string, ItemChange>> {
  const at = new CountsAt([since], current)
  const { keys } = await scanHistory(dir, since, at.visitor(), { valuesUntil: since })
  at.name(keys)
  const out = new Map<string, ItemChange>()
  keys.forEach((key, item) => {
    const samples = at.seenSince[item] ?? 0
    const firstSeen = at.firstSeen[item] ?? Infinity
    out.set(key, { key, delta: at.changeSince(item, 0, samples), samples, firstSeen: firstSeen === Infinity ? null : firstSeen })
  })
  return out
}

/**
 * Each item's last seven days for the library, and whether it is rising: at least 10 views in
 * them and twice its weekly views over the up to four full weeks before (an item counted for
 * less than a week before is never rising: there is nothing to compare with).
 */
export async function weekTrends(dir: string, now: number, current: CurrentCounts): Promise<Map<string, WeekTrend>> {
  const moments = [1, 2, 3, 4, 5].map((weeks) => now - weeks * WEEK)
  const at = new CountsAt(moments, current)
  // From five weeks back (the weeks it is compared with); `seenSince` counts from the first moment, a week back.
  const { keys } = await scanHistory(dir, moments[4] as number, at.visitor(), { valuesUntil: moments[0] as number })
  at.name(keys)
  const out = new Map<string, WeekTrend>()
  keys.forEach((key, item) => {
    const week = at.changeSince(item, 0, at.seenSince[item] ?? 0)
    const firstSeen = at.firstSeen[item] ?? Infinity
    let rising = false
    if (week && week[0] >= RISING_MIN_VIEWS) {
      let weeks = 0
      for (let w = 1; w <= 4; w++) if (firstSeen <= (moments[w] as number) && at.at[w]?.get(item)) weeks = w
      const then = at.at[0]?.get(item)
      const before = weeks > 0 ? at.at[weeks]?.get(item) : undefined
      if (then && before) rising = week[0] >= RISING_FACTOR * Math.max((then[0] - before[0]) / weeks, RISING_MIN_VIEWS / RISING_FACTOR)
    }
    out.set(key, { views: week ? week[0] : null, leads: week ? week[1] : null, rising })
  })
  return out
}

function bucketStarts(range: HistoryRange, now: number, firstSeen: number | null): number[] {
  const today = Math.floor(now / DAY) * DAY
  if (range !== 'all') {
    const days = range === '7d' ? 7 : range === '30d' ? 30 : 90
    return Array.from({ length: days }, (_, i) => today - (days - 1 - i) * DAY)
  }
  if (firstSeen === null) return []
  // Weeks start on Monday (1970-01-01 was a Thursday).
  const weekOf = (time: number): number => Math.floor((time - 4 * DAY) / WEEK) * WEEK + 4 * DAY
  const starts: number[] = []
  for (let start = weekOf(firstSeen); start <= today; start += WEEK) starts.push(start)
  return starts
}

/** One item's chart: per day (7, 30, 90 days) or week (all), its totals at the last count and what it gained. */
export async function itemHistory(dir: string, key: string, range: HistoryRange, now: number, known: { firstSeen: number | null; gone: boolean }): Promise<ItemHistory> {
  const starts = bucketStarts(range, now, known.firstSeen)
  const unit = range === 'all' ? 'week' : 'day'
  const base = { key, range, unit, countedSince: known.firstSeen === null ? null : isoOf(known.firstSeen), gone: known.gone } as const
  if (starts.length === 0 || known.firstSeen === null) return { ...base, buckets: starts.map((start) => ({ start: isoOf(start), totals: null, gained: null })) }
  const rangeStart = starts[0] as number
  const changes: { time: number; counts: Counts }[] = []
  const seen: number[] = []
  await scanHistory(
    dir,
    rangeStart,
    {
      known: (_item, counts, at, _firstSeen, lastSeen) => void changes.push({ time: lastSeen, counts: countsAt(counts, at) }),
      changed: (_item, time, counts, at) => void changes.push({ time, counts: countsAt(counts, at) }),
      counted: (time, _items, length) => {
        if (length > 0) seen.push(time)
      }
    },
    { onlyKey: key }
  )
  const valueAt = (time: number): Counts | undefined => {
    let value: Counts | undefined
    for (const change of changes) {
      if (change.time > time) break
      value = change.counts
    }
    return value
  }
  const step = unit === 'week' ? WEEK : DAY
  let previous = known.firstSeen < rangeStart ? valueAt(rangeStart) : changes[0]?.counts
  let cursor = 0
  const buckets: HistoryBucket[] = starts.map((start) => {
    let last: number | null = null
    while (cursor < seen.length && (seen[cursor] as number) < start + step) {
      if ((seen[cursor] as number) >= start) last = seen[cursor] as number
      cursor++
    }
    const totals = last === null ? undefined : valueAt(last)
    if (!totals) return { start: isoOf(start), totals: null, gained: null }
    const gained = previous ? minus(totals, previous) : ([0, 0, 0, 0] as Counts)
    previous = totals
    return { start: isoOf(start), totals: fromCounts(totals), gained: fromCounts(gained) }
  })
  return { ...base, buckets }
}
