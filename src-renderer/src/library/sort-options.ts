import type { SortOrder } from '../../../src-shared/domain/service/item'
import type { LibrarySortKey } from './local-view'
import { TREND_WORDS } from './trend-words'
import { LIBRARY_WORDS, SORT_WORDS } from './words'

/** One choice of the Sort menu: a key and a direction, named as people say it ("Newest first"). */
export interface SortOption {
  value: string
  sortBy: LibrarySortKey
  sortOrder: SortOrder
  label: string
}

/** The menu's order: the usual first direction of each key, then its reverse. */
const ORDER: [LibrarySortKey, SortOrder][] = [
  ['CreatedOn', 'DESC'],
  ['CreatedOn', 'ASC'],
  ['Name', 'ASC'],
  ['Name', 'DESC'],
  ['NoOfViews', 'DESC'],
  ['NoOfViews', 'ASC'],
  ['NoOfLeads', 'DESC'],
  ['NoOfLeads', 'ASC'],
  ['WeekViews', 'DESC'],
  ['WeekViews', 'ASC'],
  ['WeekLeads', 'DESC'],
  ['WeekLeads', 'ASC'],
  ['Pages', 'DESC'],
  ['Pages', 'ASC'],
  ['Folder', 'ASC'],
  ['Folder', 'DESC'],
  ['DocType', 'ASC'],
  ['DocType', 'DESC']
]

/* Labels are getters: read at render, so they follow a change of language. */
export const SORT_OPTIONS: readonly SortOption[] = ORDER.map(([sortBy, sortOrder]) => ({
  value: `${sortBy}:${sortOrder}`,
  sortBy,
  sortOrder,
  get label() {
    return SORT_WORDS[sortBy][sortOrder as keyof (typeof SORT_WORDS)[typeof sortBy]]
  }
}))

/** The list's columns, in order; each sorts by its key, text columns A–Z and numbers largest first on the first click. */
export interface TableColumn {
  id: 'name' | 'folder' | 'kind' | 'pages' | 'views' | 'leads' | 'weekViews' | 'weekLeads' | 'created'
  label: string
  /** What the header says where the list is narrow (its accessible name and tooltip stay `label`). */
  shortLabel?: string
  sortBy: LibrarySortKey
  firstOrder: SortOrder
  numeric: boolean
}

export const TABLE_COLUMNS: readonly TableColumn[] = [
  { id: 'name', get label() { return LIBRARY_WORDS.columns.name }, sortBy: 'Name', firstOrder: 'ASC', numeric: false },
  { id: 'folder', get label() { return LIBRARY_WORDS.columns.folder }, sortBy: 'Folder', firstOrder: 'ASC', numeric: false },
  { id: 'kind', get label() { return LIBRARY_WORDS.columns.kind }, sortBy: 'DocType', firstOrder: 'ASC', numeric: false },
  { id: 'pages', get label() { return LIBRARY_WORDS.columns.pages }, sortBy: 'Pages', firstOrder: 'DESC', numeric: true },
  { id: 'views', get label() { return LIBRARY_WORDS.columns.views }, sortBy: 'NoOfViews', firstOrder: 'DESC', numeric: true },
  { id: 'leads', get label() { return LIBRARY_WORDS.columns.leads }, sortBy: 'NoOfLeads', firstOrder: 'DESC', numeric: true },
  {
    id: 'weekViews',
    get label() { return TREND_WORDS.columns.weekViews },
    get shortLabel() { return TREND_WORDS.columns.weekViewsShort },
    sortBy: 'WeekViews',
    firstOrder: 'DESC',
    numeric: true
  },
  {
    id: 'weekLeads',
    get label() { return TREND_WORDS.columns.weekLeads },
    get shortLabel() { return TREND_WORDS.columns.weekLeadsShort },
    sortBy: 'WeekLeads',
    firstOrder: 'DESC',
    numeric: true
  },
  { id: 'created', get label() { return LIBRARY_WORDS.columns.created }, sortBy: 'CreatedOn', firstOrder: 'DESC', numeric: true }
]

/** What a column header click sorts by: its first direction, or the other one when it is already the sort. */
export function nextSort(column: TableColumn, current: { sortBy: LibrarySortKey; sortOrder: SortOrder }): { sortBy: LibrarySortKey; sortOrder: SortOrder } {
  if (current.sortBy !== column.sortBy) return { sortBy: column.sortBy, sortOrder: column.firstOrder }
  return { sortBy: column.sortBy, sortOrder: current.sortOrder === 'ASC' ? 'DESC' : 'ASC' }
}
