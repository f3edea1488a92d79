import type { HistoryBucket } from '../../../src-shared/domain/readers'

/** One day (or week) of the chart, as drawn: heights in 0..1 of its band, or a gap. */
export interface ChartBar {
  index: number
  start: string
  gap: boolean
  /** Gained in the bucket (never below 0 on the chart: a service correction draws as nothing). */
  views: number
  leads: number
  viewsHeight: number
  leadsHeight: number
  totals: { views: number; leads: number } | null
}

export interface ChartBars {
  bars: ChartBar[]
  /** The tallest bucket of each band (what 1.0 means), at least 1. */
  maxViews: number
  maxLeads: number
  /** Whether anything was counted in the range at all. */
  counted: boolean
}

/**
 * The buckets as bars: what each day gained, scaled to the range's busiest day. A bucket with
 * nothing counted is a gap, drawn as one, never as a zero bar.
 */
export function chartBars(buckets: readonly HistoryBucket[]): ChartBars {
  const gained = buckets.map((bucket) => (bucket.gained ? { views: Math.max(0, bucket.gained.views), leads: Math.max(0, bucket.gained.leads) } : null))
  const maxViews = Math.max(1, ...gained.map((value) => value?.views ?? 0))
  const maxLeads = Math.max(1, ...gained.map((value) => value?.leads ?? 0))
  const bars = buckets.map((bucket, index): ChartBar => {
    const value = gained[index] ?? null
    return {
      index,
      start: bucket.start,
      gap: value === null,
      views: value?.views ?? 0,
      leads: value?.leads ?? 0,
      viewsHeight: value ? value.views / maxViews : 0,
      leadsHeight: value ? value.leads / maxLeads : 0,
      totals: bucket.totals ? { views: bucket.totals.views, leads: bucket.totals.leads } : null
    }
  })
  return { bars, maxViews, maxLeads, counted: bars.some((bar) => !bar.gap) }
}

/** The bar a key moves to from `current` (arrows, Home, End; right to left mirrors the arrows); null for other keys. */
export function nextBar(key: string, current: number, count: number, rightToLeft: boolean): number | null {
  if (count === 0) return null
  const forward = rightToLeft ? 'ArrowLeft' : 'ArrowRight'
  const back = rightToLeft ? 'ArrowRight' : 'ArrowLeft'
  if (key === forward) return Math.min(count - 1, current + 1)
  if (key === back) return Math.max(0, current - 1)
  if (key === 'Home') return 0
  if (key === 'End') return count - 1
  return null
}
