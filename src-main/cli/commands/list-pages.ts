import type { DocType, ItemSummary, ListPage, ListQuery } from '../../../src-shared/domain/service/item'
import type { ApiClient } from '../../core/api/api-client'

/** Everything --all gathered. */
export interface WholeList {
  items: ItemSummary[]
  /** TotalRecordCount of the last page read; null when the service did not say. */
  total: number | null
  /** Whether the service lowered the page size on any page. */
  capped: boolean
  /** The page size the service last said it used; null when it did not say. */
  pageSize: number | null
}

/**
 * Reads every page of the list (PageNo 1, 2, …) until a page comes back short or empty, or
 * the count reaches TotalRecordCount. "Short" is measured against the page size the
 * service says it used, so a capped page size does not end the listing early. Rows are kept
 * once by ID: an item added while paging shifts the newest-first order by one row.
 */
export async function listAll(
  client: Pick<ApiClient, 'listItems'>,
  query: Omit<ListQuery, 'pageNo' | 'offset'>,
  docType: DocType,
  onPage: (count: number, total: number | null) => void,
  signal?: AbortSignal
): Promise<WholeList> {
  const seen = new Map<number, ItemSummary>()
  let total: number | null
  let capped = false
  let pageSize: number | null
  for (let pageNo = 1; ; pageNo++) {
    signal?.throwIfAborted()
    const page: ListPage = await client.listItems({ ...query, pageNo }, docType)
    total = page.totalRecordCount
    capped ||= page.capped === true
    pageSize = page.pageSize
    const before = seen.size
    for (const item of page.items) if (!seen.has(item.id)) seen.set(item.id, item)
    onPage(seen.size, total)
    const size = page.pageSize ?? query.pageSize ?? page.items.length
    const short = page.items.length === 0 || page.items.length < size
    const complete = total !== null && seen.size >= total
    // A page of nothing new means the service repeats itself: stop rather than loop forever.
    if (short || complete || seen.size === before) break
  }
  return { items: [...seen.values()], total, capped, pageSize }
}
