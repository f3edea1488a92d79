import type { LibraryItem } from '../../../../src-shared/domain/library'
import type { ReadersSummary, WeekTrend } from '../../../../src-shared/domain/readers'

/** A library row as main sends it, every field unknown unless told. */
export function row(id: number, name: string, fields: Partial<LibraryItem> = {}): LibraryItem {
  return {
    id, key: `Flipbook:${id}`, docType: 'Flipbook', thumbnailUrl: null, name, title: null, description: null, folder: null, customUrl: null,
    fullUrl: null, embedUrl: null, createdOn: null, pages: null, views: null, leads: null, sales: null, approvals: null, isStarred: null,
    isPublished: null, isActive: null, thumbnail: null, ...fields
  }
}

export const trend = (views: number | null, leads: number | null, rising = false): WeekTrend => ({ views, leads, rising })

/** Main's readers' summary of an account: counted since 3 Nov 2026 unless told. */
export function summary(accountId: string | null, week: Record<string, WeekTrend>, fields: Partial<ReadersSummary> = {}): ReadersSummary {
  return { accountId, countedSince: '2026-11-03T09:00:00Z', countedAt: '2026-11-28T09:00:00Z', refreshing: false, week, ...fields }
}
