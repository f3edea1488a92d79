import type { HistoryBucket, HistoryRange, ItemHistory, WeekTrend } from '../../../src-shared/domain/readers'
import { scanHistory } from './history-scan'
import { fromCounts, type Counts } from './sample-frames'

const DAY = 86_400
const WEEK = 7 * DAY
/** "Rising": at least this many views in the last seven days… */
const RISING_MIN_VIEWS = 10
/** …and this many times its weekly views over the (up to four) weeks before. */
const RISING_FACTOR = 2

export const isoOf = (time: number): string => new Date(time * 1000).toISOString().replace('.000Z', 'Z')

const minus = (a: Readonly<Counts>, b: Readonly<Counts>): Counts => [a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3]]

/** Each item's counts at some moments, how often it was counted since the first, and its first counts. */
class CountsAt {
  readonly at: (Counts | undefined)[][]
  readonly first: (Counts | undefined)[] = []
  readonly firstSeen: (number | undefined)[] = []
  readonly seenSince: number[] = []
  readonly latest: (Counts | undefined)[] = []

  constructor(private readonly moments: readonly number[]) {
    this.at = moments.map(() => [])
  }

  visitor() {
    return {
      known: (item: number, counts: Readonly<Counts>, firstSeen: number, lastSeen: number) => {
        this.firstSeen[item] = firstSeen
        this.latest[item] = [...counts]
        this.moments.forEach((moment, m) => {
          if (lastSeen <= moment) (this.at[m] as (Counts | undefined)[])[item] = [...counts]
        })
      },
      firstSeen: (item: number, time: number) => {
        this.firstSeen[item] ??= time
      },
      counted: (time: number, items: readonly number[]) => {
        if (time < (this.moments[0] ?? Infinity)) return
        for (const item of items) this.seenSince[item] = (this.seenSince[item] ?? 0) + 1
      },
      changed: (item: number, time: number, counts: Readonly<Counts>) => {
        this.first[item] ??= [...counts]
        this.latest[item] = [...counts]
        this.moments.forEach((moment, m) => {
          if (time <= moment) (this.at[m] as (Counts | undefined)[])[item] = [...counts]
        })
      }
    }
  }

  /**
   * The change since `moments[m]`: from its counts then when it was counted before, else from
   * its first counts in the period. Null when nothing counted it since then (a gap, never 0).
   */
  changeSince(item: number, m: number, seenInPeriod: number): Counts | null {
    const latest = this.latest[item]
    if (seenInPeriod === 0 || !latest) return null
    const firstSeen = this.firstSeen[item] ?? Infinity
    const moment = this.moments[m] ?? 0
    const base = firstSeen < moment ? (this.at[m]?.[item] ?? this.first[item]) : this.first[item]
    return base ? minus(latest, base) : null
  }
}

export interface ItemChange {
  key: string
  delta: Counts | null
  samples: number
  firstSeen: number | null
}

/** Every item's change since `since` (seconds), from the history in `dir`. */
export async function changesSince(dir: string, since: number): Promise<Map<string, ItemChange>> {
  const at = new CountsAt([since])
  const { keys } = await scanHistory(dir, since, at.visitor())
  const out = new Map<string, ItemChange>()
  keys.forEach((key, item) => {
    const samples = at.seenSince[item] ?? 0
    out.set(key, { key, delta: at.changeSince(item, 0, samples), samples, firstSeen: at.firstSeen[item] ?? null })
  })
  return out
}

/**
 * Each item's last seven days for the library, and whether it is rising: at least 10 views in
 * them and twice its weekly views over the up to four full weeks before (an item counted for
 * less than a week before is never rising: there is nothing to compare with).
 */
export async function weekTrends(dir: string, now: number): Promise<Map<string, WeekTrend>> {
  const moments = [1, 2, 3, 4, 5].map((weeks) => now - weeks * WEEK)
  const at = new CountsAt(moments)
  // From five weeks back (the weeks it is compared with); `seenSince` counts from the first moment, a week back.
  const { keys } = await scanHistory(dir, moments[4] as number, at.visitor())
  const out = new Map<string, WeekTrend>()
  keys.forEach((key, item) => {
    const week = at.changeSince(item, 0, at.seenSince[item] ?? 0)
    const firstSeen = at.firstSeen[item] ?? Infinity
    let rising = false
    if (week && week[0] >= RISING_MIN_VIEWS) {
      let weeks = 0
      for (let w = 1; w <= 4; w++) if (firstSeen <= (moments[w] as number) && at.at[w]?.[item]) weeks = w
      const then = at.at[0]?.[item]
      const before = weeks > 0 ? at.at[weeks]?.[item] : undefined
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
      known: (_item, counts, _firstSeen, lastSeen) => void changes.push({ time: lastSeen, counts: [...counts] }),
      changed: (_item, time, counts) => void changes.push({ time, counts: [...counts] }),
      counted: (time, items) => {
        if (items.length > 0) seen.push(time)
      }
    },
    key
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
