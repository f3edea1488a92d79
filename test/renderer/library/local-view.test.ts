import { describe, expect, it } from 'vitest'
import type { LibraryItem } from '../../../src-shared/domain/library'
import { createLocalView, foldersOf, type LibraryFilter } from '../../../src-renderer/src/library/local-view'
import { nextIndex } from '../../../src-renderer/src/library/grid-keys'

function item(id: number, fields: Partial<LibraryItem> = {}): LibraryItem {
  return {
    id,
    key: `Flipbook:${id}`,
    docType: 'Flipbook',
    thumbnailUrl: null,
    name: `Item ${id}`,
    title: null,
    description: null,
    folder: null,
    customUrl: null,
    fullUrl: null,
    embedUrl: null,
    createdOn: null,
    pages: null,
    views: null,
    leads: null,
    sales: null,
    approvals: null,
    isStarred: null,
    isPublished: null,
    isActive: null,
    thumbnail: null,
    ...fields
  }
}

const everything: LibraryFilter = { search: '', folder: null, docType: null, sortBy: 'Name', sortOrder: 'ASC' }

describe('the local view of the library', () => {
  const items = [
    item(1, { name: 'Spring catalogue', folder: 'Catalogues', views: 40, createdOn: '2026-03-01T10:00:00Z' }),
    item(2, { name: 'Annual report 2025', folder: 'Reports', views: null, createdOn: '2026-01-15T10:00:00Z' }),
    item(3, { name: 'item 10', folder: null, views: 7, createdOn: null, key: 'Document:3', docType: 'Document' }),
    item(4, { name: 'item 9', folder: 'Catalogues', views: 120, title: 'Autumn Lookbook' })
  ]

  it('sorts names the way people read them (numbers by value, case ignored)', () => {
    const view = createLocalView()
    expect(view(items, everything).map((entry) => entry.name)).toEqual(['Annual report 2025', 'item 9', 'item 10', 'Spring catalogue'])
    expect(view(items, { ...everything, sortOrder: 'DESC' }).map((entry) => entry.name)).toEqual([
      'Spring catalogue',
      'item 10',
      'item 9',
      'Annual report 2025'
    ])
  })

  it('puts unknown values last in both directions: unknown is not 0', () => {
    const view = createLocalView()
    const ascending = view(items, { ...everything, sortBy: 'NoOfViews' }).map((entry) => entry.id)
    const descending = view(items, { ...everything, sortBy: 'NoOfViews', sortOrder: 'DESC' }).map((entry) => entry.id)
    expect(ascending).toEqual([3, 1, 4, 2])
    expect(descending).toEqual([4, 1, 3, 2])
    expect(view(items, { ...everything, sortBy: 'CreatedOn', sortOrder: 'DESC' }).map((entry) => entry.id).slice(-2)).toEqual([4, 3])
  })

  it('searches every word in names, titles and folders, and filters by folder and kind', () => {
    const view = createLocalView()
    expect(view(items, { ...everything, search: 'lookbook' }).map((entry) => entry.id)).toEqual([4])
    expect(view(items, { ...everything, search: 'catalogues item' }).map((entry) => entry.id)).toEqual([4])
    expect(view(items, { ...everything, folder: 'Catalogues' }).map((entry) => entry.id)).toEqual([4, 1])
    expect(view(items, { ...everything, folder: '' }).map((entry) => entry.id)).toEqual([3])
    expect(view(items, { ...everything, docType: 'Document' }).map((entry) => entry.id)).toEqual([3])
  })

  it('sorts once per list and order: filtering again reuses the sorted list', () => {
    const view = createLocalView()
    const first = view(items, everything)
    expect(view(items, everything)).toBe(first)
    expect(view([...items], everything)).not.toBe(first)
  })

  it('sorts by the table\'s Folder and Pages columns too, unknown last both ways', () => {
    const view = createLocalView()
    const paged = [
      item(1, { name: 'Spring catalogue', folder: 'Catalogues', pages: 40 }),
      ...items.slice(1, 3),
      item(4, { name: 'item 9', folder: 'Catalogues', pages: 12 }),
      item(5, { name: 'Zine', folder: 'zines', pages: 3 })
    ]
    expect(view(paged, { ...everything, sortBy: 'Folder' }).map((entry) => entry.folder)).toEqual(['Catalogues', 'Catalogues', 'Reports', 'zines', null])
    expect(view(paged, { ...everything, sortBy: 'Folder', sortOrder: 'DESC' }).map((entry) => entry.folder)).toEqual(['zines', 'Reports', 'Catalogues', 'Catalogues', null])
    expect(view(paged, { ...everything, sortBy: 'Pages', sortOrder: 'DESC' }).map((entry) => entry.pages)).toEqual([40, 12, 3, null, null])
    expect(view(paged, { ...everything, sortBy: 'Pages' }).map((entry) => entry.pages)).toEqual([3, 12, 40, null, null])
  })

  it('shows what the service found for the search even where the local words would not find it', () => {
    const view = createLocalView()
    const found = new Set(['Flipbook:2'])
    expect(view(items, { ...everything, search: 'lookbook', found }).map((entry) => entry.id)).toEqual([2, 4])
    // Still inside the folder and kind filters.
    expect(view(items, { ...everything, search: 'lookbook', folder: 'Catalogues', found }).map((entry) => entry.id)).toEqual([4])
  })

  it('counts items per folder, "no folder" last', () => {
    expect(foldersOf(items)).toEqual([
      { folder: 'Catalogues', count: 2 },
      { folder: 'Reports', count: 1 },
      { folder: '', count: 1 }
    ])
  })
})

describe('keyboard moves in a grid', () => {
  it('moves by one across and by a row down, staying inside the list', () => {
    expect(nextIndex('ArrowRight', 0, 10, 4)).toBe(1)
    expect(nextIndex('ArrowDown', 1, 10, 4)).toBe(5)
    expect(nextIndex('ArrowDown', 8, 10, 4)).toBe(9)
    expect(nextIndex('ArrowUp', 2, 10, 4)).toBe(0)
    expect(nextIndex('End', 2, 10, 4)).toBe(9)
    expect(nextIndex('Home', 7, 10, 4)).toBe(0)
  })

  it('ignores left and right in a list, and other keys everywhere', () => {
    expect(nextIndex('ArrowRight', 0, 10, 1)).toBeNull()
    expect(nextIndex('ArrowDown', 0, 10, 1)).toBe(1)
    expect(nextIndex('a', 0, 10, 4)).toBeNull()
    expect(nextIndex('ArrowDown', 0, 0, 4)).toBeNull()
  })
})
