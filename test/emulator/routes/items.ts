import { MESSAGES } from '../http/envelope'
import type { Route, RouteContext } from '../http/route-context'
import { buildFullRecord, buildListRow, filePath, mainFileId } from '../state/item-record'
import { filterItems, parseListQuery, type ListQuery } from './list-query'
import type { StoredItem } from '../state/types'
import { parseItemId } from './item-helpers'

/** GET /api/get/{flipbookId}: `{Item: full record}`; missing or foreign → "Item not found" (§4.4). */
function getItem(ctx: RouteContext): void {
  const id = parseItemId(ctx.params['flipbookId'])
  const item = id === undefined ? undefined : ctx.env.state.ownedItem(ctx.key, ctx.host, id)
  if (!item) return ctx.ex.error(MESSAGES.notFound)
  ctx.ex.ok({ Item: buildFullRecord(item, ctx.account.vendorId, ctx.env.record) })
}

/**
 * The slug of a find-by-url `URL`: the last path segment of a viewer URL or a CNAME URL, or
 * the value itself when it is a bare slug (§4.4).
 */
export function slugOf(value: string): string {
  let path = value.trim()
  try {
    path = new URL(path).pathname
  } catch {
    path = path.split(/[?#]/)[0] ?? ''
  }
  const last = path.split('/').filter((s) => s !== '').pop() ?? ''
  try {
    return decodeURIComponent(last)
  } catch {
    return last
  }
}

/** GET /api/find-by-url?URL=… (§4.4). */
function findByUrl(ctx: RouteContext): void {
  const raw = ctx.query.get('URL') ?? ''
  if (raw.trim() === '') return ctx.ex.error('URL is required.')
  const item = ctx.env.state.ownedBySlug(ctx.key, ctx.host, slugOf(raw))
  if (!item) return ctx.ex.error(MESSAGES.notFound)
  ctx.ex.ok({ Item: buildFullRecord(item, ctx.account.vendorId, ctx.env.record) })
}

/** The last sorted list per state, key and host: paging through a big library sorts it once. */
const sortedCache = new WeakMap<object, { key: string; items: StoredItem[] }>()

function sortedItems(ctx: RouteContext, query: ListQuery): StoredItem[] {
  const { state } = ctx.env
  // Both hosts list the same items unless each has its own: then they must not share an entry.
  const host = state.separateHostIds ? ctx.host : ''
  const cacheKey = `${String(state.version)}|${ctx.key}|${host}|${query.orderKey}`
  const cached = sortedCache.get(state)
  if (cached?.key === cacheKey) return cached.items
  const items = filterItems(state.itemsOf(ctx.key, ctx.host), query).sort(query.compare)
  sortedCache.set(state, { key: cacheKey, items })
  return items
}

/**
 * GET /api/list (§4.4). Lists all of the key's items, Flipbooks and Documents alike, on either
 * host; each row carries its DocType. With `separateHostIds`, only the items of the host asked.
 */
function listItems(ctx: RouteContext): void {
  const { options, state, record } = ctx.env
  const query = parseListQuery(ctx.query, { pageSize: options.listDefaultPageSize, cap: options.listPageSizeCap })
  const total = state.itemsOf(ctx.key, ctx.host).length
  const matching = sortedItems(ctx, query)
  const page = matching.slice(query.start, query.start + query.pageSize)
  ctx.ex.ok({
    Items: page.map((i) => buildListRow(i, ctx.account.vendorId, record)),
    TotalRecordCount: matching.length,
    TotalItems: total,
    UserItems: total,
    PageSize: query.pageSize,
    Capped: query.capped
  })
}

/** GET /api/get-pdf/{flipbookId}: public URL of the main (merged when wrapped) PDF (§4.4). */
function getPdf(ctx: RouteContext): void {
  const id = parseItemId(ctx.params['flipbookId'])
  const item = id === undefined ? undefined : ctx.env.state.ownedItem(ctx.key, ctx.host, id)
  if (!item) return ctx.ex.error(MESSAGES.notFound)
  ctx.ex.ok({ URL: `${ctx.origin}/__files/${filePath(mainFileId(item))}` })
}

/** Reading operations (§4.4). */
export const itemRoutes: Route[] = [
  { method: 'GET', path: '/api/get/:flipbookId', handler: getItem },
  { method: 'GET', path: '/api/find-by-url', handler: findByUrl },
  { method: 'GET', path: '/api/list', handler: listItems },
  { method: 'GET', path: '/api/get-pdf/:flipbookId', handler: getPdf }
]
