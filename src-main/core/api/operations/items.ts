import { z } from 'zod'
import type { DocType, ListPage, ListQuery } from '../../../../src-shared/domain/service/item'
import { hostFor, type ApiContext, type ReadOptions } from '../api-context'
import type { Payload } from '../http/read-answer'
import { dotNetDateMs, listDateAsUtc, offsetFromPair } from '../normalize/dates'
import { toItemSummary, toListPage, toServiceItem, type RawRecord, type ServiceItem } from '../normalize/item'

const urlAnswer = (payload: Payload): string => z.looseObject({ URL: z.string().min(1) }).parse(payload).URL

/** Reading items (service-api.md §4.4). */
export function itemOperations(api: ApiContext) {
  const itemAnswer = (payload: Payload): ServiceItem =>
    toServiceItem(z.looseObject({ Item: z.unknown() }).parse(payload).Item, api.read)

  /** One item's full record, from the host of `docType` (IDs are the host's). */
  async function getItem(id: number, docType: DocType = 'Flipbook', options: ReadOptions = {}): Promise<ServiceItem> {
    return api.decode(await api.call({ method: 'GET', path: `/api/get/${id}`, idempotent: true, host: hostFor(docType), ...options }), itemAnswer)
  }

  /**
   * List dates carry no zone (§2.6). When no answer has taught the server's zone yet, the
   * `/Date(ms)/` of one listed item (from get) against its list text gives it: one extra
   * request per client, only when a page has zone-less dates.
   */
  async function learnZoneFrom(rows: RawRecord[], docType: DocType, options: ReadOptions): Promise<boolean> {
    const row = rows.find((candidate) => listDateAsUtc(candidate['CreatedOn']) !== null && typeof candidate['ID'] === 'number')
    if (!row) return false
    const listUtc = listDateAsUtc(row['CreatedOn'])
    // The row came from this host, so its ID is this host's.
    const record = await getItem(Number(row['ID']), docType, options)
    const instant = dotNetDateMs(record.raw['CreatedOn'])
    if (listUtc === null || instant === null) return false
    api.read.zone.learn(offsetFromPair(listUtc, instant), `item ${String(row['ID'])}`)
    return true
  }

  return {
    getItem,

    /** Finds an item by a viewer URL, a CNAME URL or a bare slug. */
    async findByUrl(url: string, docType: DocType = 'Flipbook', options: ReadOptions = {}): Promise<ServiceItem> {
      const answer = await api.call({ method: 'GET', path: '/api/find-by-url', query: { URL: url }, idempotent: true, host: hostFor(docType), ...options })
      return api.decode(answer, itemAnswer)
    },

    /** One page of the library on the host of `docType`; omitted query values take the service's defaults. */
    async listItems(query: ListQuery = {}, docType: DocType = 'Flipbook', options: ReadOptions = {}): Promise<ListPage> {
      const answer = await api.call({
        method: 'GET',
        path: '/api/list',
        idempotent: true,
        host: hostFor(docType),
        ...options,
        query: {
          Folder: query.folder,
          SearchText: query.search,
          PageNo: query.pageNo,
          PageSize: query.pageSize,
          Offset: query.offset,
          SortBy: query.sortBy,
          // The service ignores SortOrder without SortBy (§4.4); do not send it alone.
          SortOrder: query.sortBy ? query.sortOrder : undefined
        }
      })
      const { rows, ...page } = api.decode(answer, toListPage)
      const zoneless = page.items.some((item, index) => item.createdOn === null && listDateAsUtc(rows[index]?.['CreatedOn']) !== null)
      // A failed calibration leaves those dates unknown rather than failing the whole page.
      if (zoneless && api.read.zone.offsetMinutes === null && (await learnZoneFrom(rows, docType, options).catch(() => false))) {
        return { ...page, items: rows.map((row) => toItemSummary(row, { ...api.read, gaps: () => {} }, 'list row')) }
      }
      return page
    },

    /** The public storage URL of the item's main PDF. */
    async getPdfUrl(id: number, docType: DocType = 'Flipbook', options: ReadOptions = {}): Promise<string> {
      return api.decode(await api.call({ method: 'GET', path: `/api/get-pdf/${id}`, idempotent: true, host: hostFor(docType), ...options }), urlAnswer)
    }
  }
}
