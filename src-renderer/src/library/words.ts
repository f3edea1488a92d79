import type { DetailGroupId } from '../../../src-shared/domain/service/item-details'
import type { DocType } from '../../../src-shared/domain/service/item'
import { groupedCount } from '../format/count'
import { countOf, NOUNS, type NounForms } from '../words/plural'

/*
 * Every word the library shows, in one place for the next copy pass: outcomes, not
 * internals (no item numbers, no API field names), counts through Intl.PluralRules.
 */

const VIEW: NounForms = { one: 'view', other: 'views' }
const LEAD: NounForms = { one: 'lead', other: 'leads' }
const MATCH: NounForms = { one: 'match', other: 'matches' }

const quoted = (name: string): string => `“${name}”`

export const KIND_NAMES: Record<DocType, string> = { Flipbook: 'Flipbook', Document: 'Document' }

export const LIBRARY_WORDS = {
  title: 'Library',
  untitled: 'Untitled',
  searchLabel: 'Search the library',
  searchPlaceholder: 'Search the library',
  kindLabel: 'Kind',
  allKinds: 'All kinds',
  flipbooks: 'Flipbooks',
  documents: 'Documents',
  documentsNeedHost: 'Documents appear once a document host is set in Settings.',
  sortLabel: 'Sort',
  layoutLabel: 'Layout',
  grid: 'Grid',
  list: 'List',
  syncNow: 'Sync now',
  resumeSync: 'Resume sync',
  syncing: 'Syncing…',
  openByLink: 'Open by link',
  openByLinkField: 'Viewer link, custom-domain link or link ending',
  openByLinkPlaceholder: 'https://… or the link’s last part',
  openByLinkMissing: 'Paste a viewer link, a custom-domain link or the end of a link.',
  open: 'Open',
  items: 'Library items',
  keysHelp:
    'Arrow keys move between items, Enter opens an item’s details, Control or Command plus C copies its link. Space or Control-click adds an item to the selection, Shift with an arrow or a click selects a range, Control or Command plus A selects all, Escape clears. Drop a PDF on an item to replace its PDF.',
  dropToReplace: 'Drop to replace this PDF',
  showAll: 'Show all',
  clearSearch: 'Clear the search',
  loading: 'Opening your library…',
  publishFirst: 'Publish your first PDF',
  syncFromService: 'Sync from the service',
  columns: { name: 'Name', folder: 'Folder', kind: 'Kind', pages: 'Pages', views: 'Views', leads: 'Leads', created: 'Created' },
  noFolder: '—',
  unknownValue: '—'
} as const

/** "60 items", "12 of 60 items", "12 items in Marketing". */
export function summaryOf(shown: number, total: number, folder: string | null): string {
  if (folder !== null && folder !== '') return `${countOf(shown, NOUNS.item)} in ${folder}`
  return shown === total ? countOf(total, NOUNS.item) : `${countOf(shown, MATCH)} of ${countOf(total, NOUNS.item)}`
}

export const syncWords = {
  syncing: (fetched: number, total: number | null): string =>
    total ? `Syncing ${groupedCount(fetched)} of ${countOf(total, NOUNS.item)}…` : 'Syncing…',
  synced: (ago: string): string => (ago === 'now' ? 'Last synced just now' : `Last synced ${ago}`),
  /** Cached content, while the service cannot be asked: what it shows and since when. */
  asOf: (when: string): string => `As of ${when}`,
  never: 'Not synced yet'
}

export const tileWords = {
  label: (name: string, kind: DocType): string => `${name}, ${KIND_NAMES[kind]}`,
  views: (views: number | null): string => (views === null ? '' : countOf(views, VIEW)),
  leads: (leads: number | null): string => (leads === null ? '' : countOf(leads, LEAD))
}

/** The bar under the list while several items are selected. */
export const selectionWords = {
  bar: 'Selected items',
  count: (count: number): string => `${groupedCount(count)} selected`,
  share: 'Share…',
  /** More than the Share sheet takes at once. */
  tooMany: (most: number): string => `Select up to ${groupedCount(most)} to share`,
  clear: 'Clear',
  clearLabel: 'Clear the selection'
}

export const emptyWords = {
  title: (hasDocuments: boolean): string => (hasDocuments ? 'No flipbooks or documents yet' : 'No flipbooks yet'),
  body: 'Publish a PDF and it appears here with its cover, its link and how many people read it.',
  noMatch: (search: string): string => (search ? `Nothing matches ${quoted(search)}` : 'Nothing matches these filters'),
  noMatchBody: 'Try other words, or show every kind and folder.'
}

/** Sort choices as people say them; each is a key and a direction. */
export const SORT_WORDS = {
  CreatedOn: { DESC: 'Newest first', ASC: 'Oldest first' },
  Name: { ASC: 'Name A–Z', DESC: 'Name Z–A' },
  NoOfViews: { DESC: 'Most viewed', ASC: 'Least viewed' },
  NoOfLeads: { DESC: 'Most leads', ASC: 'Fewest leads' },
  Pages: { DESC: 'Most pages', ASC: 'Fewest pages' },
  Folder: { ASC: 'Folder A–Z', DESC: 'Folder Z–A' },
  DocType: { ASC: 'Documents first', DESC: 'Flipbooks first' }
} as const

export const detailWords = {
  close: 'Close details',
  openInBrowser: 'Open in browser',
  copyLink: 'Copy link',
  share: 'Share…',
  download: 'Download PDF',
  downloading: 'Downloading…',
  downloadProgress: 'Download progress',
  noLinkYet: 'No link yet',
  readersSee: (title: string): string => `Readers see the title ${quoted(title)}`,
  views: 'Views',
  leads: 'Leads',
  pages: 'Pages',
  created: 'Created',
  replaceTitle: 'Replace the PDF',
  replaceHint: 'The link stays the same. You can also drop a PDF on the item.',
  fromFile: 'From a file…',
  fromLink: 'From a link…',
  linkField: 'Link to the new PDF',
  replace: 'Replace',
  duplicateTitle: 'Duplicate',
  copies: 'Copies',
  duplicate: 'Duplicate',
  duplicating: 'Duplicating…',
  linkedFile: 'Updates from a file on this computer',
  linkFile: 'Link a local file…',
  linkedNow: 'Linked to a file on this computer',
  linkHint: 'Saving that file again updates this item, with the same link.',
  settings: 'Settings',
  allFields: 'All fields',
  allFieldsHint: 'Every setting the service keeps for this item, set or not.',
  technical: 'Technical details',
  loadingSettings: 'Reading its settings…',
  on: 'On',
  off: 'Off',
  set: 'Set',
  notSet: 'Not set',
  empty: '—',
  featuresOn: 'Turned on',
  featuresOff: 'Turned off',
  networks: 'Networks',
  allNetworks: 'All networks',
  noNetworks: 'None',
  linkCopied: 'Link copied.',
  noLink: (name: string): string => `${quoted(name)} has no link yet.`,
  saved: (size: string, path: string): string => `Saved ${size} to ${path}`,
  /** A finished download's toast: the file, selected in its folder. */
  showInFolder: 'Show in folder',
  seconds: (count: number): string => countOf(count, { one: 'second', other: 'seconds' }),
  pagesCount: (count: number): string => countOf(count, NOUNS.page)
}

/** Group titles in the details panel (the command keeps its own). */
export const GROUP_TITLES: Record<DetailGroupId, string> = {
  identity: 'Item',
  appearance: 'Viewer',
  sharing: 'Sharing',
  'call-to-action': 'Call-to-action buttons',
  password: 'Password',
  'lead-capture': 'Lead form',
  sale: 'Selling',
  approval: 'Approval button',
  assistant: 'AI assistant'
}

export const replaceWords = {
  dropOne: (name: string): string => `Drop one PDF on ${quoted(name)} to replace its PDF.`,
  confirmed: (name: string): string => `${quoted(name)} gets its new PDF in a few seconds.`,
  undo: 'Undo',
  undone: (name: string): string => `${quoted(name)} keeps its current PDF. Nothing was sent.`,
  cancelled: (name: string): string => `${quoted(name)} was not changed.`,
  tooLate: 'It has already started; cancel it in Publish instead.',
  urlMissing: 'Paste the link of the new PDF.'
}

/** The replace question: both sides named and counted, and what would change for readers. */
export const replaceQuestion = {
  title: (names: string[]): string => (names.length === 1 ? `Replace ${quoted(names[0] ?? '')}?` : `Replace ${countOf(names.length, NOUNS.item)}?`),
  message: (count: number): string =>
    count === 1
      ? 'Readers of its link will see the new PDF. The link stays the same.'
      : 'Readers of their links will see the new PDFs. Every link stays the same.',
  now: 'Now',
  next: 'New',
  /** "24 pages · 1.2 MB", leaving out what is not known. */
  facts: (pages: number | null, size: string | null): string =>
    [pages === null ? null : countOf(pages, NOUNS.page), size].filter((part) => part !== null).join(' · '),
  drawing: 'Drawing the first page…',
  noCover: 'No picture yet',
  unreadable: 'Its first page can’t be shown',
  pagesInstead: (next: number, now: number): string => `${countOf(next, NOUNS.page)} instead of ${groupedCount(now)}`,
  orientation: (next: 'portrait' | 'landscape'): string =>
    next === 'landscape' ? 'Landscape pages instead of portrait' : 'Portrait pages instead of landscape',
  shape: (next: 'wider' | 'narrower'): string => (next === 'wider' ? 'Much wider pages than now' : 'Much narrower pages than now'),
  changes: 'What readers will notice',
  pairs: 'What changes',
  undoHint: (seconds: number): string => `After you confirm, you can undo for ${seconds} seconds before anything is sent.`,
  cancel: 'Cancel',
  confirm: (count: number): string => (count === 1 ? 'Replace' : `Replace ${count}`)
}

export const duplicateWords = {
  outOfRange: 'Make between 1 and 500 copies.',
  question: (count: number, name: string): string => `Make ${countOf(count, NOUNS.copy)} of ${quoted(name)}?`,
  cost: (count: number, room: number | null, kind: DocType): string => {
    const noun = kind === 'Document' ? NOUNS.document : NOUNS.flipbook
    return room === null
      ? `Each copy is a new ${noun.one} with its own link and counts toward your plan.`
      : `This uses ${groupedCount(count)} of your ${countOf(room, noun).replace(/ (\S+)$/, ' remaining $1')}. Each copy gets its own link.`
  },
  planFull: (kind: DocType): string => `Your plan is full: no ${(kind === 'Document' ? NOUNS.document : NOUNS.flipbook).other} left.`,
  noRoom: (room: number, kind: DocType): string => {
    const noun = kind === 'Document' ? NOUNS.document : NOUNS.flipbook
    return room === 0 ? `Your plan has no room for another ${noun.one}.` : `Your plan has room for ${countOf(room, noun)} more: make at most ${groupedCount(room)}.`
  },
  confirm: (count: number): string => `Make ${countOf(count, NOUNS.copy)}`,
  made: (count: number): string => `Made ${countOf(count, NOUNS.copy)}:`,
  partly: (made: number, wanted: number, why: string): string => `Made ${groupedCount(made)} of ${countOf(wanted, NOUNS.copy)}: ${why}`
}
