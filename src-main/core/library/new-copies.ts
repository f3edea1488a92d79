import type { DocType, ItemSummary, NewItem } from '../../../src-shared/domain/service/item'
import type { ApiClient } from '../api/api-client'

const PAGE_SIZE = 100
/** Copies still missing after the newest pages are read one by one, up to this many (the next sync finds the rest). */
const MAX_SINGLE_READS = 20

/**
 * The list rows of copies just made, for the library: the newest pages (CreatedOn
 * descending), as many as the copies fill plus one, then `get` for any copy those pages did
 * not hold. Some requests for 25 copies instead of a full sync of the whole library.
 */
export async function rowsOfNewItems(
  client: Pick<ApiClient, 'listItems' | 'getItem'>,
  created: readonly NewItem[],
  docType: DocType
): Promise<ItemSummary[]> {
  const wanted = new Set(created.map((item) => item.id))
  const found = new Map<number, ItemSummary>()
  const pages = Math.ceil(created.length / PAGE_SIZE) + 1
  for (let pageNo = 1; pageNo <= pages && found.size < wanted.size; pageNo++) {
    const page = await client.listItems({ pageNo, pageSize: PAGE_SIZE, sortBy: 'CreatedOn', sortOrder: 'DESC' }, docType)
    for (const row of page.items) if (wanted.has(row.id)) found.set(row.id, row)
    if (page.items.length < (page.pageSize ?? PAGE_SIZE)) break
  }
  const missing = [...wanted].filter((id) => !found.has(id)).slice(0, MAX_SINGLE_READS)
  for (const id of missing) found.set(id, (await client.getItem(id, docType)).summary)
  return [...found.values()]
}
