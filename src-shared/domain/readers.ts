import { z } from 'zod'
import { DOC_TYPES } from './service/item'

/** What readers did with an item, as the service counts it (running totals). */
export const READER_COUNTS = ['views', 'leads', 'sales', 'approvals'] as const
export type ReaderCount = (typeof READER_COUNTS)[number]
export type ReaderCounts = Record<ReaderCount, number>

/** How often FlipDrop asks the service for current counts while the app runs (Settings). */
export const READERS_REFRESH = ['off', 'hourly', '6h', 'daily'] as const
export type ReadersRefresh = (typeof READERS_REFRESH)[number]

/** The chart's ranges: days for the first three, weeks for all. */
export const HISTORY_RANGES = ['7d', '30d', '90d', 'all'] as const
export type HistoryRange = (typeof HISTORY_RANGES)[number]

/** An item's last seven days, for the library's columns, sort orders, the Rising filter and the grid card. */
export interface WeekTrend {
  /** Views gained in the last 7 days; null when FlipDrop has no count of it in that time (a gap, never 0). */
  views: number | null
  leads: number | null
  /** Its last-7-days views are well above its weekly views before (see trends.ts). */
  rising: boolean
}

/** The shown account's readers' numbers as the window needs them at once. */
export interface ReadersSummary {
  accountId: string | null
  /** When FlipDrop first counted anything of this account (ISO); null before the first count. */
  countedSince: string | null
  /** When the counts were last read from the service (ISO); null when never. */
  countedAt: string | null
  /** A counts-only refresh is running now. */
  refreshing: boolean
  /** By library key (`Flipbook:12`); items without any count are left out. */
  week: Record<string, WeekTrend>
}

const itemRef = z.object({ id: z.number().int().positive(), docType: z.enum(DOC_TYPES) }).strict()

export const historyQuerySchema = itemRef.extend({ range: z.enum(HISTORY_RANGES) }).strict()
export type HistoryQuery = z.infer<typeof historyQuerySchema>

/** One day (or week) of an item's chart. */
export interface HistoryBucket {
  /** Its first moment (ISO, the reader's midnight is the window's business: buckets are UTC days). */
  start: string
  /** Totals at the last count within it; null when nothing was counted then (a gap). */
  totals: ReaderCounts | null
  /** Gained since the previous counted bucket (or since the first count); null in a gap. */
  gained: ReaderCounts | null
}

export interface ItemHistory {
  key: string
  range: HistoryRange
  unit: 'day' | 'week'
  /** When FlipDrop first counted this item (ISO); null when it never did. */
  countedSince: string | null
  /** The service no longer lists it: its history stays until the account is removed. */
  gone: boolean
  buckets: HistoryBucket[]
}

/** The command's `--since` and sorting, and the window's export. */
export const statsQuerySchema = z
  .object({
    refs: z.array(itemRef).max(10_000).optional(),
    /** ISO moment the change is measured from. */
    since: z.iso.datetime({ offset: true }),
    sort: z.enum(['views', 'leads']).optional(),
    limit: z.number().int().min(1).max(1_000_000).optional(),
    /** Asks the service for current counts first (within the rate limit) and stores them. */
    refresh: z.boolean().optional(),
    /** Whose numbers (a signed-in account's UserID: the command's `--account`); default the account shown. */
    accountId: z.string().min(1).max(200).optional()
  })
  .strict()
export type StatsQuery = z.infer<typeof statsQuerySchema>

/** One item's totals and change over the period, from FlipDrop's own history. */
export interface ItemStats {
  id: number
  docType: 'Flipbook' | 'Document'
  name: string
  url: string | null
  views: number
  leads: number
  sales: number
  approvals: number
  /** Change since `since`; null when FlipDrop has no count of the item in the period (never 0 for "unknown"). */
  delta: ReaderCounts | null
  /** Counts of the item in the period: each time FlipDrop read it (a read that found it unchanged counts too). */
  samples: number
  /** When FlipDrop first counted it (ISO); null when never. */
  firstSample: string | null
  /** The service no longer lists it. */
  gone: boolean
}

export interface StatsResult {
  since: string
  /** When FlipDrop first counted anything of this account. */
  countedSince: string | null
  items: ItemStats[]
  /** Refs asked for that FlipDrop has never counted (the command says so). */
  unknown: { id: number; docType: 'Flipbook' | 'Document' }[]
}

export const exportQuerySchema = z.object({ refs: z.array(itemRef).min(1).max(10_000).optional() }).strict()

/** A CSV saved; null path when the save dialog was cancelled. */
export interface ReadersExport {
  path: string | null
  rows: number
}

/** New leads since yesterday for a notification (at most one a day per account, never during a batch). */
export interface ReadersNews {
  accountId: string
  /** Items with new leads in the last day, most first. */
  items: { name: string; leads: number }[]
}
