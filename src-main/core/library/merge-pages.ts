import type { LibraryItem, LibraryPage } from '../../../src-shared/domain/library'
import type { ListPage, SortKey, SortOrder } from '../../../src-shared/domain/service/item'

type Comparable = string | number | null

function sortValue(item: LibraryItem, sortBy: SortKey | undefined): Comparable {
  switch (sortBy) {
    case 'Name':
      return item.name?.toLowerCase() ?? null
    case 'DocType':
      return item.docType
    case 'NoOfViews':
      return item.views
    case 'NoOfLeads':
      return item.leads
    default:
      return item.createdOn === null ? null : Date.parse(item.createdOn)
  }
}

/** Unknown values sort last either way: a missing count is not a zero. */
function compare(a: Comparable, b: Comparable, descending: boolean): number {
  if (a === b) return 0
  if (a === null) return 1
  if (b === null) return -1
  const order = a < b ? -1 : 1
  return descending ? -order : order
}

/**
 * One page of several hosts as one: page N of each host, merged by the sort key asked for
 * (each host's page is already in that order, so the merge keeps it), ties in host order.
 * Without a sort key the service's own order is unnamed (§4.4), so the merge uses newest first.
 * A row two hosts both list (a host may list both kinds) appears once. Totals add up, except
 * when every host answered the same rows with the same total: they list one library, counted once.
 */
export function mergePages(
  pages: readonly { page: ListPage; items: LibraryItem[] }[],
  sortBy: SortKey | undefined,
  sortOrder: SortOrder | undefined
): LibraryPage {
  const descending = sortBy === undefined ? true : sortOrder === 'DESC'
  const seen = new Set<string>()
  const rows: { item: LibraryItem; index: number }[] = []
  for (const { items } of pages) {
    for (const item of items) {
      if (seen.has(item.key)) continue
      seen.add(item.key)
      rows.push({ item, index: rows.length })
    }
  }
  if (pages.length > 1) {
    rows.sort((a, b) => compare(sortValue(a.item, sortBy), sortValue(b.item, sortBy), descending) || a.index - b.index)
  }
  const totals = pages.map(({ page }) => page.totalRecordCount)
  const sizes = pages.map(({ page }) => page.pageSize).filter((size): size is number => size !== null)
  const keysOf = (items: LibraryItem[]): string => items.map((item) => item.key).join(',')
  const first = pages[0]
  const oneLibrary =
    first !== undefined && pages.every(({ page, items }) => page.totalRecordCount === first.page.totalRecordCount && keysOf(items) === keysOf(first.items))
  return {
    items: rows.map((row) => row.item),
    totalRecordCount: totals.some((total) => total === null) ? null : oneLibrary ? (first?.page.totalRecordCount ?? null) : totals.reduce<number>((sum, total) => sum + (total ?? 0), 0),
    pageSize: sizes.length === 0 ? null : Math.min(...sizes),
    capped: pages.some(({ page }) => page.capped === true)
  }
}
