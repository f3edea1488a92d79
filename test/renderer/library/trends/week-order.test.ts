import { describe, expect, it } from 'vitest'
import { createLocalView, isServiceSortKey, type LibraryFilter } from '../../../../src-renderer/src/library/local-view'
import { SORT_OPTIONS, TABLE_COLUMNS, nextSort } from '../../../../src-renderer/src/library/sort-options'
import { row, trend } from './fixtures'

const everything: LibraryFilter = { search: '', folder: null, docType: null, sortBy: 'Name', sortOrder: 'ASC' }

describe('the library ordered by the last 7 days', () => {
  const items = [row(1, 'Spring catalogue'), row(2, 'Annual report'), row(3, 'Price list'), row(4, 'Lookbook'), row(5, 'Never counted')]
  const week = {
    'Flipbook:1': trend(124, 3, true),
    'Flipbook:2': trend(0, 0),
    'Flipbook:3': trend(null, null),
    'Flipbook:4': trend(40, null)
  }

  it('puts the most views first, and a week FlipDrop did not count last in both directions (never as 0)', () => {
    const view = createLocalView()
    const names = (sortBy: 'WeekViews' | 'WeekLeads', sortOrder: 'ASC' | 'DESC') => view(items, { ...everything, sortBy, sortOrder }, week).map((item) => item.name)
    expect(names('WeekViews', 'DESC')).toEqual(['Spring catalogue', 'Lookbook', 'Annual report', 'Never counted', 'Price list'])
    expect(names('WeekViews', 'ASC')).toEqual(['Annual report', 'Lookbook', 'Spring catalogue', 'Never counted', 'Price list'])
    expect(names('WeekLeads', 'DESC')).toEqual(['Spring catalogue', 'Annual report', 'Lookbook', 'Never counted', 'Price list'])
    expect(names('WeekLeads', 'ASC')).toEqual(['Annual report', 'Spring catalogue', 'Lookbook', 'Never counted', 'Price list'])
  })

  it('sorts again when new counts arrive while ordered by them, and not for another order', () => {
    const view = createLocalView()
    const byViews = { ...everything, sortBy: 'WeekViews' as const, sortOrder: 'DESC' as const }
    expect(view(items, byViews, week)[0]?.name).toBe('Spring catalogue')
    const later = { ...week, 'Flipbook:2': trend(900, 1) }
    expect(view(items, byViews, later)[0]?.name).toBe('Annual report')
    const byName = view(items, everything, week)
    expect(view(items, everything, later)).toBe(byName)
  })

  it('is sorted here only: the service is never asked for these orders', () => {
    expect(isServiceSortKey('WeekViews')).toBe(false)
    expect(isServiceSortKey('WeekLeads')).toBe(false)
    expect(isServiceSortKey('NoOfViews')).toBe(true)
  })

  it('offers both orders in the Sort menu, named as people say them, and a column header for each, largest first', () => {
    const labels = SORT_OPTIONS.filter((option) => option.sortBy === 'WeekViews' || option.sortBy === 'WeekLeads').map((option) => option.label)
    expect(labels).toEqual(['Most views this week', 'Fewest views this week', 'Most leads this week', 'Fewest leads this week'])
    const column = TABLE_COLUMNS.find((entry) => entry.id === 'weekViews')
    if (!column) throw new Error('the list has a column for the last 7 days')
    // "last 7 days" is kept on one line of the header (no-break spaces).
    expect([column.label.replace(/\s+/g, ' '), column.shortLabel]).toEqual(['Views, last 7 days', '7-day views'])
    expect(nextSort(column, { sortBy: 'Name', sortOrder: 'ASC' })).toEqual({ sortBy: 'WeekViews', sortOrder: 'DESC' })
    expect(nextSort(column, { sortBy: 'WeekViews', sortOrder: 'DESC' })).toEqual({ sortBy: 'WeekViews', sortOrder: 'ASC' })
  })
})

describe('the Rising filter', () => {
  const items = [row(1, 'Spring catalogue', { folder: 'Catalogues' }), row(2, 'Annual report'), row(3, 'Autumn catalogue', { folder: 'Catalogues' })]
  const week = { 'Flipbook:1': trend(124, 3, true), 'Flipbook:2': trend(5, 0), 'Flipbook:3': trend(80, 1, true) }

  it('shows the items FlipDrop marks rising, with the other filters as they are', () => {
    const view = createLocalView()
    expect(view(items, { ...everything, rising: true }, week).map((item) => item.name)).toEqual(['Autumn catalogue', 'Spring catalogue'])
    expect(view(items, { ...everything, rising: true, search: 'spring' }, week).map((item) => item.name)).toEqual(['Spring catalogue'])
    expect(view(items, { ...everything, rising: false }, week)).toHaveLength(3)
  })

  it('shows nothing when no item is counted (an item never counted is not rising)', () => {
    expect(createLocalView()(items, { ...everything, rising: true }, {})).toEqual([])
  })
})
