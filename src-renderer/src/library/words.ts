import type { DetailGroupId } from '../../../src-shared/domain/service/item-details'
import type { DocType } from '../../../src-shared/domain/service/item'
import { groupedCount } from '../format/count'
import { intlLocale, counted, t } from '../i18n/i18n'
import { COMMON_WORDS } from '../words/common'
import { TREND_WORDS } from './trend-words'

/*
 * Every word the library shows: catalog area `library`. Outcomes, not internals (no item
 * numbers, no API field names); counts are plural messages, numbers grouped in the active language.
 */

export const KIND_NAMES: Record<DocType, string> = {
  get Flipbook() { return t('library.kinds.flipbook') },
  get Document() { return t('library.kinds.document') }
}

export const LIBRARY_WORDS = {
  get title() { return t('library.title') },
  get untitled() { return t('library.untitled') },
  get searchLabel() { return t('library.searchLabel') },
  get searchPlaceholder() { return t('library.searchPlaceholder') },
  get kindLabel() { return t('library.kindLabel') },
  get allKinds() { return t('library.allKinds') },
  get flipbooks() { return t('library.flipbooks') },
  get documents() { return t('library.documents') },
  get documentsNeedHost() { return t('library.documentsNeedHost') },
  get sortLabel() { return t('library.sortLabel') },
  get layoutLabel() { return t('library.layoutLabel') },
  get grid() { return t('library.grid') },
  get list() { return t('library.list') },
  get syncNow() { return t('library.syncNow') },
  get resumeSync() { return t('library.resumeSync') },
  get syncing() { return t('library.syncing') },
  get openByLink() { return t('library.openByLink') },
  get openByLinkField() { return t('library.openByLinkField') },
  get openByLinkPlaceholder() { return t('library.openByLinkPlaceholder') },
  get openByLinkMissing() { return t('library.openByLinkMissing') },
  get open() { return t('library.open') },
  get items() { return t('library.items') },
  get keysHelp() { return t('library.keysHelp') },
  get dropToReplace() { return t('library.dropToReplace') },
  get showAll() { return t('library.showAll') },
  get clearSearch() { return t('library.clearSearch') },
  get loading() { return t('library.loading') },
  get publishFirst() { return t('library.publishFirst') },
  get syncFromService() { return t('library.syncFromService') },
  columns: {
    get name() { return t('library.columns.name') },
    get folder() { return t('library.columns.folder') },
    get kind() { return t('library.columns.kind') },
    get pages() { return t('library.columns.pages') },
    get views() { return t('library.columns.views') },
    get leads() { return t('library.columns.leads') },
    get created() { return t('library.columns.created') }
  },
  /** A dash, not a word: the same in every language. */
  noFolder: '—',
  unknownValue: '—'
}

/** "60 items", "12 matches of 60 items", "12 items in Marketing". */
export function summaryOf(shown: number, total: number, folder: string | null): string {
  if (folder !== null && folder !== '') return counted('library.summary.inFolder', shown, { folder })
  return shown === total ? counted('library.summary.all', total) : counted('library.summary.matches', shown, { total: groupedCount(total) })
}

/** "Now" as formatAgo says it (the catalog's "just now") or as Intl does: the moment a sync just finished. */
const isRightNow = (ago: string): boolean =>
  ago === COMMON_WORDS.time.justNow || ago === new Intl.RelativeTimeFormat(intlLocale(), { numeric: 'auto' }).format(0, 'second')

export const syncWords = {
  syncing: (fetched: number, total: number | null): string =>
    total ? counted('library.sync.progress', total, { fetched: groupedCount(fetched) }) : t('library.syncing'),
  synced: (ago: string): string => (isRightNow(ago) ? t('library.sync.justNow') : t('library.sync.synced', { ago })),
  /** Cached content, while the service cannot be asked: what it shows and since when. */
  asOf: (when: string): string => t('library.sync.asOf', { when }),
  get never() { return t('library.sync.never') }
}

export const tileWords = {
  label: (name: string, kind: DocType): string => t('library.tile.label', { name, kind: KIND_NAMES[kind] }),
  views: (views: number | null): string => (views === null ? '' : counted('library.tile.views', views)),
  leads: (leads: number | null): string => (leads === null ? '' : counted('library.tile.leads', leads))
}

/** The bar under the list while several items are selected. */
export const selectionWords = {
  get bar() { return t('library.selection.bar') },
  count: (count: number): string => counted('library.selection.count', count),
  get share() { return t('library.selection.share') },
  /** More than the Share sheet takes at once. */
  tooMany: (most: number): string => t('library.selection.tooMany', { most: groupedCount(most) }),
  get clear() { return t('library.selection.clear') },
  get clearLabel() { return t('library.selection.clearLabel') }
}

export const emptyWords = {
  title: (hasDocuments: boolean): string => t(hasDocuments ? 'library.empty.titleBoth' : 'library.empty.titleFlipbooks'),
  get body() { return t('library.empty.body') },
  noMatch: (search: string): string => (search ? t('library.empty.noMatchSearch', { search }) : t('library.empty.noMatch')),
  get noMatchBody() { return t('library.empty.noMatchBody') }
}

/** Sort choices as people say them; each is a key and a direction. */
export const SORT_WORDS = {
  CreatedOn: { get DESC() { return t('library.sort.newest') }, get ASC() { return t('library.sort.oldest') } },
  Name: { get ASC() { return t('library.sort.nameAZ') }, get DESC() { return t('library.sort.nameZA') } },
  NoOfViews: { get DESC() { return t('library.sort.mostViewed') }, get ASC() { return t('library.sort.leastViewed') } },
  NoOfLeads: { get DESC() { return t('library.sort.mostLeads') }, get ASC() { return t('library.sort.fewestLeads') } },
  Pages: { get DESC() { return t('library.sort.mostPages') }, get ASC() { return t('library.sort.fewestPages') } },
  Folder: { get ASC() { return t('library.sort.folderAZ') }, get DESC() { return t('library.sort.folderZA') } },
  DocType: { get ASC() { return t('library.sort.documentsFirst') }, get DESC() { return t('library.sort.flipbooksFirst') } },
  WeekViews: { get DESC() { return TREND_WORDS.sort.mostViewsWeek }, get ASC() { return TREND_WORDS.sort.fewestViewsWeek } },
  WeekLeads: { get DESC() { return TREND_WORDS.sort.mostLeadsWeek }, get ASC() { return TREND_WORDS.sort.fewestLeadsWeek } }
}

export const detailWords = {
  get close() { return t('library.detail.close') },
  get openInBrowser() { return t('library.detail.openInBrowser') },
  get copyLink() { return t('library.detail.copyLink') },
  get share() { return t('library.detail.share') },
  get download() { return t('library.detail.download') },
  get downloading() { return t('library.detail.downloading') },
  get downloadProgress() { return t('library.detail.downloadProgress') },
  get noLinkYet() { return t('library.detail.noLinkYet') },
  readersSee: (title: string): string => t('library.detail.readersSee', { title }),
  get views() { return t('library.detail.views') },
  get leads() { return t('library.detail.leads') },
  get pages() { return t('library.detail.pages') },
  get created() { return t('library.detail.created') },
  get replaceTitle() { return t('library.detail.replaceTitle') },
  get replaceHint() { return t('library.detail.replaceHint') },
  get fromFile() { return t('library.detail.fromFile') },
  get fromLink() { return t('library.detail.fromLink') },
  get linkField() { return t('library.detail.linkField') },
  get linkPlaceholder() { return t('library.detail.linkPlaceholder') },
  get replace() { return t('library.detail.replace') },
  get duplicateTitle() { return t('library.detail.duplicateTitle') },
  get copies() { return t('library.detail.copies') },
  get duplicate() { return t('library.detail.duplicate') },
  get duplicating() { return t('library.detail.duplicating') },
  get linkedFile() { return t('library.detail.linkedFile') },
  get linkFile() { return t('library.detail.linkFile') },
  get linkedNow() { return t('library.detail.linkedNow') },
  get linkHint() { return t('library.detail.linkHint') },
  get settings() { return t('library.detail.settings') },
  get allFields() { return t('library.detail.allFields') },
  get allFieldsHint() { return t('library.detail.allFieldsHint') },
  get technical() { return t('library.detail.technical') },
  get loadingSettings() { return t('library.detail.loadingSettings') },
  get on() { return t('library.detail.on') },
  get off() { return t('library.detail.off') },
  get set() { return t('library.detail.set') },
  get notSet() { return t('library.detail.notSet') },
  /** A dash, not a word. */
  empty: '—',
  get featuresOn() { return t('library.detail.featuresOn') },
  get featuresOff() { return t('library.detail.featuresOff') },
  get networks() { return t('library.detail.networks') },
  get allNetworks() { return t('library.detail.allNetworks') },
  get noNetworks() { return t('library.detail.noNetworks') },
  get linkCopied() { return t('library.detail.linkCopied') },
  noLink: (name: string): string => t('library.detail.noLink', { name }),
  saved: (size: string, path: string): string => t('library.detail.saved', { size, path }),
  /** A finished download's toast: the file, selected in its folder. */
  get showInFolder() { return t('library.detail.showInFolder') },
  seconds: (count: number): string => counted('library.detail.seconds', count),
  pagesCount: (count: number): string => counted('library.detail.pagesCount', count)
}

/** Group titles in the details panel, by catalog key (the command keeps its own English ones). */
const GROUP_KEYS: Record<DetailGroupId, string> = {
  identity: 'library.groups.identity',
  appearance: 'library.groups.appearance',
  sharing: 'library.groups.sharing',
  'call-to-action': 'library.groups.callToAction',
  password: 'library.groups.password',
  'lead-capture': 'library.groups.leadCapture',
  sale: 'library.groups.sale',
  approval: 'library.groups.approval',
  assistant: 'library.groups.assistant'
}

export const groupTitle = (id: DetailGroupId): string => t(GROUP_KEYS[id])

export const replaceWords = {
  dropOne: (name: string): string => t('library.replace.dropOne', { name }),
  confirmed: (name: string): string => t('library.replace.confirmed', { name }),
  get undo() { return t('library.replace.undo') },
  undone: (name: string): string => t('library.replace.undone', { name }),
  cancelled: (name: string): string => t('library.replace.cancelled', { name }),
  get tooLate() { return t('library.replace.tooLate') },
  get urlMissing() { return t('library.replace.urlMissing') }
}

/** The replace question: both sides named and counted, and what would change for readers. */
export const replaceQuestion = {
  title: (names: string[]): string =>
    names.length === 1 ? t('library.question.titleOne', { name: names[0] ?? '' }) : counted('library.question.titleMany', names.length),
  message: (count: number): string => t(count === 1 ? 'library.question.messageOne' : 'library.question.messageMany'),
  get now() { return t('library.question.now') },
  get next() { return t('library.question.next') },
  /** "24 pages · 1.2 MB", leaving out what is not known. */
  facts: (pages: number | null, size: string | null): string =>
    [pages === null ? null : counted('library.question.pages', pages), size].filter((part) => part !== null).join(' · '),
  get drawing() { return t('library.question.drawing') },
  get noCover() { return t('library.question.noCover') },
  get unreadable() { return t('library.question.unreadable') },
  pagesInstead: (next: number, now: number): string => counted('library.question.pagesInstead', next, { now: groupedCount(now) }),
  orientation: (next: 'portrait' | 'landscape'): string => t(next === 'landscape' ? 'library.question.landscape' : 'library.question.portrait'),
  shape: (next: 'wider' | 'narrower'): string => t(next === 'wider' ? 'library.question.wider' : 'library.question.narrower'),
  get changes() { return t('library.question.changes') },
  get pairs() { return t('library.question.pairs') },
  undoHint: (seconds: number): string => counted('library.question.undoHint', seconds),
  get cancel() { return t('library.question.cancel') },
  confirm: (count: number): string =>
    count === 1 ? t('library.question.confirmOne') : t('library.question.confirmMany', { count: groupedCount(count) })
}

const byKind = (kind: DocType, flipbook: string, document: string): string => (kind === 'Document' ? document : flipbook)

export const duplicateWords = {
  get outOfRange() { return t('library.duplicate.outOfRange', { least: groupedCount(1), most: groupedCount(500) }) },
  question: (count: number, name: string): string => counted('library.duplicate.question', count, { name }),
  cost: (count: number, room: number | null, kind: DocType): string =>
    room === null
      ? t(byKind(kind, 'library.duplicate.costFlipbook', 'library.duplicate.costDocument'))
      : counted(byKind(kind, 'library.duplicate.usesFlipbooks', 'library.duplicate.usesDocuments'), room, { wanted: groupedCount(count) }),
  planFull: (kind: DocType): string => t(byKind(kind, 'library.duplicate.planFullFlipbook', 'library.duplicate.planFullDocument')),
  noRoom: (room: number, kind: DocType): string =>
    room === 0
      ? t(byKind(kind, 'library.duplicate.noRoomFlipbook', 'library.duplicate.noRoomDocument'))
      : counted(byKind(kind, 'library.duplicate.roomFlipbooks', 'library.duplicate.roomDocuments'), room, { most: groupedCount(room) }),
  confirm: (count: number): string => counted('library.duplicate.confirm', count),
  made: (count: number): string => counted('library.duplicate.made', count),
  partly: (made: number, wanted: number, why: string): string => counted('library.duplicate.partly', wanted, { made: groupedCount(made), why })
}
