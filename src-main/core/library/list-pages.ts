import type { DocType, ItemSummary, ListPage, ListQuery } from '../../../src-shared/domain/service/item'
import type { ApiClient } from '../api/api-client'

/** Everything a listing to the end gathered. */
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
 * Reads the list of one host page by page (PageNo 1, 2, …), one `next()` at a time, so a
 * listing that failed on page 7 carries on from page 7. It ends when a page comes back short
 * or empty, or the count reaches TotalRecordCount. "Short" is measured against the page size
 * the service says it used, so a capped page size does not end the listing early. Rows are
 * kept once by ID: an item added while paging shifts the newest-first order by one row.
 */
export class ListCursor {
  readonly seen = new Map<number, ItemSummary>()
  /** The page the next `next()` asks for. */
  pageNo = 1
  total: number | null = null
  capped = false
  pageSize: number | null = null
  done = false

  constructor(
    private readonly query: Omit<ListQuery, 'pageNo' | 'offset'>,
    readonly docType: DocType
  ) {}

  /**
   * Fetches the next page with `client` (the client in use now: it may have been rebuilt since
   * the last page) and moves on; returns its rows. A failure leaves the cursor on the same page.
   */
  async next(client: Pick<ApiClient, 'listItems'>): Promise<ItemSummary[]> {
    return this.accept(await this.fetch(client))
  }

  /**
   * Fetches the next page without moving on: a caller that may drop the answer (a sync
   * abandoned meanwhile) must not advance a cursor another caller carries on with.
   */
  fetch(client: Pick<ApiClient, 'listItems'>): Promise<ListPage> {
    return client.listItems({ ...this.query, pageNo: this.pageNo }, this.docType)
  }

  /** Takes the page `fetch` got and moves on to the next; returns its rows. */
  accept(page: ListPage): ItemSummary[] {
    this.total = page.totalRecordCount
    this.capped ||= page.capped === true
    this.pageSize = page.pageSize
    const before = this.seen.size
    for (const item of page.items) if (!this.seen.has(item.id)) this.seen.set(item.id, item)
    const size = page.pageSize ?? this.query.pageSize ?? page.items.length
    const short = page.items.length === 0 || page.items.length < size
    const complete = this.total !== null && this.seen.size >= this.total
    // A page of nothing new means the service repeats itself: stop rather than loop forever.
    this.done = short || complete || this.seen.size === before
    this.pageNo += 1
    return page.items
  }

  result(): WholeList {
    return { items: [...this.seen.values()], total: this.total, capped: this.capped, pageSize: this.pageSize }
  }
}

/** Reads every page of the list (see ListCursor), telling `onPage` the count so far and the total. */
export async function listAll(
  client: Pick<ApiClient, 'listItems'>,
  query: Omit<ListQuery, 'pageNo' | 'offset'>,
  docType: DocType,
  onPage: (count: number, total: number | null) => void,
  signal?: AbortSignal
): Promise<WholeList> {
  const cursor = new ListCursor(query, docType)
  while (!cursor.done) {
    signal?.throwIfAborted()
    await cursor.next(client)
    onPage(cursor.seen.size, cursor.total)
  }
  return cursor.result()
}
