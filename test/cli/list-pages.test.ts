import { describe, expect, it } from 'vitest'
import type { ItemSummary, ListPage, ListQuery } from '../../src-shared/domain/service/item'
import { listAll } from '../../src-main/core/library/list-pages'

const item = (id: number): ItemSummary =>
  ({ id, name: `Item ${id}` }) as ItemSummary

/** A list endpoint over `ids`, serving at most `cap` a page and reporting `total`. */
function fakeClient(ids: number[], options: { cap?: number; total?: number | null; repeat?: boolean } = {}) {
  const asked: ListQuery[] = []
  return {
    asked,
    async listItems(query: ListQuery = {}): Promise<ListPage> {
      asked.push(query)
      const size = Math.min(query.pageSize ?? 20, options.cap ?? Infinity)
      const start = options.repeat ? 0 : ((query.pageNo ?? 1) - 1) * size
      return {
        items: ids.slice(start, start + size).map(item),
        totalRecordCount: options.total === undefined ? ids.length : options.total,
        totalItems: null,
        userItems: null,
        pageSize: size,
        capped: size < (query.pageSize ?? 20)
      }
    }
  }
}

const ids = (count: number): number[] => Array.from({ length: count }, (_, index) => index + 1)

describe('listAll', () => {
  it('reads PageNo 1..n until the count reaches TotalRecordCount, reporting progress', async () => {
    const client = fakeClient(ids(300))
    const progress: number[] = []
    const list = await listAll(client, { pageSize: 100 }, 'Flipbook', (count) => progress.push(count))
    expect(list.items.map((entry) => entry.id)).toEqual(ids(300))
    expect(client.asked.map((query) => query.pageNo)).toEqual([1, 2, 3])
    expect(progress).toEqual([100, 200, 300])
    expect(list).toMatchObject({ total: 300, capped: false })
  })

  it('measures a short page against the size the service used, so a cap does not end it early', async () => {
    const client = fakeClient(ids(130), { cap: 40, total: null })
    const list = await listAll(client, { pageSize: 100 }, 'Flipbook', () => {})
    expect(list.items).toHaveLength(130)
    expect(list).toMatchObject({ capped: true, total: null, pageSize: 40 })
    expect(client.asked).toHaveLength(4)
  })

  it('stops when a page brings nothing new instead of looping', async () => {
    const client = fakeClient(ids(10), { repeat: true, total: 1000 })
    const list = await listAll(client, { pageSize: 5 }, 'Flipbook', () => {})
    expect(list.items.map((entry) => entry.id)).toEqual([1, 2, 3, 4, 5])
    expect(client.asked).toHaveLength(2)
  })
})
