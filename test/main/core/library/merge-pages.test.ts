import { describe, expect, it } from 'vitest'
import { toLibraryItem } from '../../../../src-main/core/library/library-item'
import { mergePages } from '../../../../src-main/core/library/merge-pages'
import type { DocType, ItemSummary, ListPage } from '../../../../src-shared/domain/service/item'

function row(id: number, name: string, views: number | null, docType: DocType): ItemSummary {
  return {
    id, name, title: name, description: null, docType, folder: null, customUrl: null, fullUrl: null, embedUrl: null,
    createdOn: new Date(Date.UTC(2025, 0, id)).toISOString(), pages: 1, views, leads: 0, sales: 0, approvals: 0,
    isStarred: false, isPublished: true, isActive: true, thumbnail: `thumbs/${id}.png`
  }
}

function host(docType: DocType, rows: ItemSummary[], total: number) {
  const page: ListPage = { items: rows, totalRecordCount: total, totalItems: total, userItems: total, pageSize: 100, capped: false }
  return { page, items: rows.map((item) => toLibraryItem(item, docType, { Flipbook: 'https://cdn.example/' })) }
}

describe('mergePages', () => {
  it('merges two hosts by the sort key (unknown last), adds their totals, and resolves thumbnails per kind', () => {
    const flipbooks = host('Flipbook', [row(1, 'alpha', 5, 'Flipbook'), row(3, 'Delta', null, 'Flipbook')], 2)
    const documents = host('Document', [row(2, 'beta', 7, 'Document'), row(4, 'charlie', 1, 'Document')], 12)
    const byName = mergePages([flipbooks, documents], 'Name', 'ASC')
    expect(byName.items.map((item) => item.name)).toEqual(['alpha', 'beta', 'charlie', 'Delta'])
    expect(byName.totalRecordCount).toBe(14)
    expect(byName.items[0]?.thumbnailUrl).toBe('https://cdn.example/thumbs/1.png')
    expect(byName.items[1]?.thumbnailUrl).toBeNull()
    expect(mergePages([flipbooks, documents], 'NoOfViews', 'DESC').items.map((item) => item.views)).toEqual([7, 5, 1, null])
    // No sort key: newest first.
    expect(mergePages([flipbooks, documents], undefined, undefined).items.map((item) => item.id)).toEqual([4, 3, 2, 1])
  })

  it('counts one library once when both hosts answer the same rows (a host that lists both kinds)', () => {
    const rows = [row(1, 'a', 1, 'Flipbook'), row(2, 'b', 2, 'Document')]
    const merged = mergePages([host('Flipbook', rows, 2), host('Document', rows, 2)], 'Name', 'ASC')
    expect(merged.items.map((item) => item.key)).toEqual(['Flipbook:1', 'Document:2'])
    expect(merged.totalRecordCount).toBe(2)
  })
})
