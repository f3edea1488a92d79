import type { DocType, ItemSummary } from '../../../src-shared/domain/service/item'
import type { ApiClient } from '../api/api-client'
import { ListCursor } from '../library/list-pages'
import type { CountedItem } from './readers-store'

/** Rows per page: the service's usual cap (a 10,000-item account is 100 requests). */
const PAGE_SIZE = 100

export interface CountsRefreshDependencies {
  client: Pick<ApiClient, 'listItems'>
  docTypes: readonly DocType[]
  /** Waits while uploads are being sent: a refresh yields to them between pages. */
  uploadsIdle: () => Promise<void>
  /** Each page's rows (the library takes their fresh totals too). */
  onPage: (rows: readonly ItemSummary[], hostDocType: DocType) => void
  signal?: AbortSignal
}

/**
 * A row as a count; null when the row does not say its views or leads (unknown is never 0).
 * Sales and approvals a row leaves out are kept as they were (see ReadersStore.record).
 */
export function countedItem(row: ItemSummary, hostDocType: DocType): CountedItem | null {
  if (row.views === null || row.leads === null) return null
  return {
    docType: row.docType ?? hostDocType,
    id: row.id,
    name: row.name ?? '',
    url: row.fullUrl,
    counts: { views: row.views, leads: row.leads, sales: row.sales, approvals: row.approvals }
  }
}

/**
 * Reads the current counts of every item: the list of each host, most viewed first, page by
 * page through the shared per-key limiter (it never exceeds the rate limit, uploads included),
 * waiting between pages while uploads are sent. What was read before a failure is returned
 * with the failure, so it is kept: counts are never invented for what was not read.
 */
export async function readCounts(deps: CountsRefreshDependencies): Promise<{ counted: CountedItem[]; failure: unknown }> {
  const counted: CountedItem[] = []
  try {
    for (const docType of deps.docTypes) {
      const cursor = new ListCursor({ pageSize: PAGE_SIZE, sortBy: 'NoOfViews', sortOrder: 'DESC' }, docType)
      while (!cursor.done) {
        await deps.uploadsIdle()
        deps.signal?.throwIfAborted()
        const rows = await cursor.next(deps.client)
        deps.onPage(rows, docType)
        for (const row of rows) {
          const item = countedItem(row, docType)
          if (item) counted.push(item)
        }
      }
    }
    return { counted, failure: null }
  } catch (failure) {
    return { counted, failure }
  }
}
