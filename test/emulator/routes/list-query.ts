import type { StoredItem } from '../state/types'

/** The list query after defaults and silent fallbacks (§4.4). */
export interface ListQuery {
  folder: string
  search: string
  start: number
  pageSize: number
  capped: boolean
  compare: (a: StoredItem, b: StoredItem) => number
  /** Identifies filter and order (not the page), to cache the sorted result. */
  orderKey: string
}

const SORT_KEYS: Record<string, (i: StoredItem) => string | number> = {
  name: (i) => i.name.toLowerCase(),
  doctype: (i) => i.docType,
  createdon: (i) => i.createdMs,
  noofviews: (i) => i.views,
  noofleads: (i) => i.leads
}

/** Default order: newest first. */
const NEWEST_FIRST = (a: StoredItem, b: StoredItem): number => b.createdMs - a.createdMs || b.id - a.id

function intParam(raw: string | null): number | undefined {
  if (raw === null || !/^\s*-?\d{1,9}\s*$/.test(raw)) return undefined
  return Number(raw)
}

function sortOrder(sortBy: string | null, sortOrder: string | null): { compare: ListQuery['compare']; key: string } {
  const name = (sortBy ?? '').trim().toLowerCase()
  const key = SORT_KEYS[name]
  // Empty or unknown SortBy: default order; SortOrder is then ignored (§4.4).
  if (!key) return { compare: NEWEST_FIRST, key: 'default' }
  // Unknown SortOrder falls back silently to ASC.
  const dir = (sortOrder ?? '').trim().toUpperCase() === 'DESC' ? -1 : 1
  return { key: `${name}:${String(dir)}`, compare: (a, b) => {
    const ka = key(a)
    const kb = key(b)
    const c = ka < kb ? -1 : ka > kb ? 1 : 0
    return c * dir || a.id - b.id
  } }
}

/**
 * Reads Folder, SearchText, PageNo, PageSize, Offset, SortBy, SortOrder. PageNo is 1-based;
 * a given Offset (>= 0) overrides PageNo. Invalid numbers fall back to the defaults; a PageSize
 * over the cap is cut to the cap and sets Capped.
 */
export function parseListQuery(q: URLSearchParams, defaults: { pageSize: number; cap: number }): ListQuery {
  const requested = intParam(q.get('PageSize'))
  let pageSize = requested !== undefined && requested > 0 ? requested : defaults.pageSize
  const capped = pageSize > defaults.cap
  if (capped) pageSize = defaults.cap
  const pageNo = intParam(q.get('PageNo'))
  const offset = intParam(q.get('Offset'))
  const start = offset !== undefined && offset >= 0 ? offset : (pageNo !== undefined && pageNo > 1 ? pageNo - 1 : 0) * pageSize
  const folder = (q.get('Folder') ?? '').trim()
  const search = (q.get('SearchText') ?? '').trim().toLowerCase()
  const order = sortOrder(q.get('SortBy'), q.get('SortOrder'))
  return { folder, search, start, pageSize, capped, compare: order.compare, orderKey: JSON.stringify([folder.toLowerCase(), search, order.key]) }
}

/** Applies the folder filter (exact, case-insensitive) and the search (Name or Title contains). */
export function filterItems(items: readonly StoredItem[], query: ListQuery): StoredItem[] {
  const folder = query.folder.toLowerCase()
  return items.filter(
    (i) =>
      (folder === '' || i.folder.toLowerCase() === folder) &&
      (query.search === '' || i.name.toLowerCase().includes(query.search) || i.title.toLowerCase().includes(query.search))
  )
}
