import { z } from 'zod'
import {
  exportQuerySchema,
  historyQuerySchema,
  statsQuerySchema,
  type ItemHistory,
  type ReadersExport,
  type ReadersNews,
  type ReadersSummary,
  type StatsResult
} from '../domain/readers'
import { event, invoke } from './define'

/** The `readers` area: views and leads over time, counted by FlipDrop itself (issue 32). */
export const readers = {
  /** The shown account's last seven days per item, at once from memory. */
  summary: invoke<ReadersSummary>()('readers:summary', z.undefined()),
  /** An item's chart: days (7, 30, 90 days) or weeks (all), gaps where nothing was counted. */
  history: invoke<ItemHistory>()('readers:history', historyQuerySchema),
  /** Totals and change since a moment, per item (the command's `stats`). */
  stats: invoke<StatsResult>()('readers:stats', statsQuerySchema),
  /** Asks the service for current counts now (within the rate limit, after uploads) and keeps them. */
  refresh: invoke<ReadersSummary>()('readers:refresh', z.undefined()),
  /** Saves the samples of these items (or the whole account) as CSV where the user chooses. */
  exportCsv: invoke<ReadersExport>()('readers:exportCsv', exportQuerySchema),
  changed: event<ReadersSummary>()('readers:changed'),
  /** Items got new leads since yesterday: main's desktop notification (opt-in in Settings). */
  news: event<ReadersNews>()('readers:news')
}
