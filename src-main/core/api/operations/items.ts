import type { Item, ListPage, ListQuery } from '../../../../src-shared/domain/service/item'
import type { ApiContext } from '../api-context'
import type { Payload } from '../http/read-answer'
import { toItem, toListPage } from '../normalize/item'
import { z } from 'zod'

const itemAnswer = (payload: Payload): Item => toItem(z.looseObject({ Item: z.unknown() }).parse(payload).Item)
const urlAnswer = (payload: Payload): string => z.looseObject({ URL: z.string().min(1) }).parse(payload).URL

/** Reading items (service-api.md §4.4). */
export function itemOperations(api: ApiContext) {
  return {
    async getItem(id: number): Promise<Item> {
      return api.decode(await api.call({ method: 'GET', path: `/api/get/${id}`, idempotent: true }), itemAnswer)
    },

    /** Finds an item by a viewer URL, a CNAME URL or a bare slug. */
    async findByUrl(url: string): Promise<Item> {
      const answer = await api.call({ method: 'GET', path: '/api/find-by-url', query: { URL: url }, idempotent: true })
      return api.decode(answer, itemAnswer)
    },

    /** One page of the library; omitted query values take the service's defaults. */
    async listItems(query: ListQuery = {}): Promise<ListPage> {
      const answer = await api.call({
        method: 'GET',
        path: '/api/list',
        idempotent: true,
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
      return api.decode(answer, toListPage)
    },

    /** The public storage URL of the item's main PDF. */
    async getPdfUrl(id: number): Promise<string> {
      return api.decode(await api.call({ method: 'GET', path: `/api/get-pdf/${id}`, idempotent: true }), urlAnswer)
    }
  }
}
