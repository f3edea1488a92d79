import { errorText } from '../i18n/spoken'
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { Unsubscribe } from '../../../src-shared/contract/bridge'
import type { LibraryChange, LibraryItem, LibrarySyncState } from '../../../src-shared/domain/library'
import type { ItemDetails } from '../../../src-shared/domain/service/item-details'
import type { DocType, SortOrder } from '../../../src-shared/domain/service/item'
import { bridge } from '../bridge'
import { askAgainForMissingCovers } from '../library/covers'
import { createLocalView, foldersOf, isServiceSortKey, type LibraryFilter, type LibrarySortKey, type WeekTrends } from '../library/local-view'
import type { LibraryPlace } from '../library/list-place'
import { followPublishedCovers } from '../library/published-covers'
import { SORT_OPTIONS } from '../library/sort-options'
import { useReadersStore } from './readers-store'

/** Waits this long after the last keystroke before asking the service to confirm a search. */
export const CONFIRM_DELAY_MS = 350

const PREFERENCES_KEY = 'flipdrop.library'
const NO_TRENDS: WeekTrends = Object.freeze({})

interface Preferences {
  layout: 'grid' | 'list'
  sortBy: LibrarySortKey
  sortOrder: SortOrder
}

function readPreferences(): Preferences {
  const fallback: Preferences = { layout: 'grid', sortBy: 'CreatedOn', sortOrder: 'DESC' }
  try {
    const saved = JSON.parse(localStorage.getItem(PREFERENCES_KEY) ?? '{}') as Partial<Preferences>
    const sort = SORT_OPTIONS.find((option) => option.sortBy === saved.sortBy && option.sortOrder === saved.sortOrder)
    return {
      layout: saved.layout === 'list' ? 'list' : 'grid',
      sortBy: sort?.sortBy ?? fallback.sortBy,
      sortOrder: sort?.sortOrder ?? fallback.sortOrder
    }
  } catch {
    return fallback
  }
}

/**
 * The library as main last synced it. Rows live in a Map by key; the list the view shows
 * is derived (sorted once, filtered per keystroke). A background sync only swaps rows, so
 * the scroll position, the focused item and the open details stay where they are.
 */
export const useLibraryStore = defineStore('library', () => {
  const byKey = shallowRef(new Map<string, LibraryItem>())
  /** A new array whenever rows change: the local view's sort cache keys on it. */
  const items = computed(() => [...byKey.value.values()])
  const sync = ref<LibrarySyncState | null>(null)
  const hasDocumentHost = ref(false)
  const loaded = ref(false)
  const error = ref<string | null>(null)

  const preferences = readPreferences()
  const layout = ref<Preferences['layout']>(preferences.layout)
  const filter = ref<LibraryFilter>({ search: '', folder: null, docType: null, sortBy: preferences.sortBy, sortOrder: preferences.sortOrder })

  /** Readers' numbers of the last seven days of the account shown, for its columns, orders, Rising and cards. */
  const readers = useReadersStore()
  const trends = computed(() => readers.summaryOf(account.value))
  const week = computed<WeekTrends>(() => trends.value?.week ?? NO_TRENDS)

  const localView = createLocalView()
  const shown = computed(() => localView(items.value, filter.value, week.value))
  /** Where the list is: whose library, which folder and kind, in which order, for which search. */
  const place = computed<LibraryPlace>(() => ({
    account: account.value,
    folder: filter.value.folder,
    docType: filter.value.docType,
    sortBy: filter.value.sortBy,
    sortOrder: filter.value.sortOrder,
    search: filter.value.search.trim(),
    rising: filter.value.rising === true
  }))
  const folders = computed(() => foldersOf(items.value))

  /**
   * Rows the service's search found that main's synced library does not hold (yet): shown
   * while they match, and gone when a full sync completes (the sync is the library's truth).
   */
  const searchOnly = new Set<string>()
  const confirming = ref(false)
  let confirmTimer: ReturnType<typeof setTimeout> | null = null
  let confirmRun = 0

  /** The item whose details are open, by key (its row follows every change), and its settings once read. */
  const openKey = ref<string | null>(null)
  /** The row an item was opened with (by link), until the library holds it. */
  const openedRow = shallowRef<LibraryItem | null>(null)
  const openItem = computed(() => (openKey.value === null ? null : (byKey.value.get(openKey.value) ?? openedRow.value)))
  const details = shallowRef<ItemDetails | null>(null)
  const detailsProblem = ref<string | null>(null)
  const detailsLoading = ref(false)
  let detailsRun = 0

  function savePreferences(): void {
    const next: Preferences = { layout: layout.value, sortBy: filter.value.sortBy, sortOrder: filter.value.sortOrder }
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify(next))
  }

  /**
   * Each account's rows as last shown, so switching back shows them in the same frame; main's
   * reset follows with what it has now. (Main reads them from disk at once too, but 10,000
   * rows through IPC take longer than a switch should.)
   */
  const byAccount = new Map<string, Map<string, LibraryItem>>()
  let shownAccount: string | null = null
  /** Whose rows are shown, for views that follow it (reactive, unlike the bookkeeping above). */
  const account = ref<string | null>(null)

  function put(change: LibraryChange): void {
    const map = byKey.value
    for (const key of change.removed) map.delete(key)
    for (const item of change.upserted) map.set(item.key, item)
    byKey.value = new Map(map)
    if (shownAccount !== null) byAccount.set(shownAccount, byKey.value)
  }

  /** The user switches accounts: the rows kept for that account show now, before main's answer. */
  function preview(from: string | null, to: string): void {
    if (from !== null) byAccount.set(from, byKey.value)
    shownAccount = to
    account.value = to
    const kept = byAccount.get(to)
    if (!kept || from === to) return
    searchOnly.clear()
    closeDetails()
    byKey.value = kept
  }

  /** Main's own change: what it sends is in its library, so no longer the search's alone. */
  function apply(change: LibraryChange): void {
    if (change.reset) {
      shownAccount = change.accountId ?? null
      account.value = shownAccount
      replaceAll(change.upserted)
      if (shownAccount !== null) byAccount.set(shownAccount, byKey.value)
      return
    }
    for (const item of change.upserted) searchOnly.delete(item.key)
    put(change)
    // The service says the open item is gone: its details go too, rather than show a ghost.
    if (openKey.value !== null && change.removed.includes(openKey.value)) closeDetails()
  }

  /** Another account's library: its rows only; nothing found or opened for the one before stays. */
  function replaceAll(rows: LibraryItem[]): void {
    searchOnly.clear()
    closeDetails()
    byKey.value = new Map(rows.map((item) => [item.key, item]))
    // What the service's search found was the other account's: asked again of this one.
    if (filter.value.found) filter.value = { ...filter.value, found: undefined }
    if (filter.value.search.trim() !== '') confirmSoon()
  }

  async function load(): Promise<void> {
    const reply = await bridge().library.snapshot()
    if (!reply.ok) {
      error.value = errorText(reply.error)
      return
    }
    searchOnly.clear()
    byKey.value = new Map(reply.value.items.map((item) => [item.key, item]))
    sync.value = reply.value.sync
    hasDocumentHost.value = reply.value.hasDocumentHost
    error.value = null
    loaded.value = true
  }

  /**
   * A full sync completed: the service's search may have shown rows the sync did not list
   * (gone since, or another account's); they leave now. The plan's quota is read again too,
   * so the sidebar never shows room the library contradicts; covers still missing are asked again.
   */
  function syncCompleted(): void {
    if (searchOnly.size > 0) {
      if (openKey.value !== null && searchOnly.has(openKey.value)) closeDetails()
      put({ upserted: [], removed: [...searchOnly] })
      searchOnly.clear()
    }
    void bridge().uploads.refreshLimits()
    askAgainForMissingCovers()
  }

  function onSync(next: LibrarySyncState): void {
    const before = sync.value
    sync.value = next
    if (next.phase === 'idle' && next.syncedAt !== null && next.syncedAt !== before?.syncedAt) syncCompleted()
  }

  function follow(): Unsubscribe {
    const library = bridge().library
    const stops = [library.onChanged(apply), library.onSyncChanged(onSync), followPublishedCovers()]
    return () => stops.forEach((stop) => stop())
  }

  async function startSync(): Promise<void> {
    const reply = await bridge().library.sync()
    if (reply.ok) onSync(reply.value)
    else error.value = errorText(reply.error)
  }

  /** Asks the service for the same search; the rows it finds are shown too (a row not synced yet appears). */
  function confirmSoon(): void {
    if (confirmTimer) clearTimeout(confirmTimer)
    const search = filter.value.search.trim()
    confirmRun += 1
    if (search === '') {
      confirming.value = false
      if (filter.value.found) filter.value = { ...filter.value, found: undefined }
      return
    }
    confirming.value = true
    confirmTimer = setTimeout(() => void confirm(search), CONFIRM_DELAY_MS)
  }

  async function confirm(search: string): Promise<void> {
    const run = ++confirmRun
    const { folder, docType, sortBy, sortOrder } = filter.value
    const reply = await bridge().library.query({
      search,
      ...(folder !== null && folder !== '' ? { folder } : {}),
      ...(docType ? { docTypes: [docType] } : {}),
      // Folder and Pages are sorted here only; the service's order does not matter for what it found.
      ...(isServiceSortKey(sortBy) ? { sortBy, sortOrder } : {})
    })
    if (run !== confirmRun) return
    confirming.value = false
    if (!reply.ok) return
    const missing = reply.value.items.filter((item) => !byKey.value.has(item.key))
    for (const item of missing) searchOnly.add(item.key)
    if (missing.length > 0) put({ upserted: missing, removed: [] })
    if (filter.value.search.trim() === search) filter.value = { ...filter.value, found: new Set(reply.value.items.map((item) => item.key)) }
  }

  function setSearch(search: string): void {
    // What the service found was for the old words.
    filter.value = { ...filter.value, search, found: undefined }
    confirmSoon()
  }

  function setFolder(folder: string | null): void {
    filter.value = { ...filter.value, folder }
    if (filter.value.search.trim() !== '') confirmSoon()
  }

  function setDocType(docType: DocType | null): void {
    filter.value = { ...filter.value, docType }
    if (filter.value.search.trim() !== '') confirmSoon()
  }

  /** Only the rising items, or all again; the service knows nothing of it, so nothing is asked. */
  function setRising(rising: boolean): void {
    filter.value = { ...filter.value, rising }
  }

  function setSort(sortBy: LibrarySortKey, sortOrder: SortOrder): void {
    filter.value = { ...filter.value, sortBy, sortOrder }
    savePreferences()
  }

  function setLayout(next: Preferences['layout']): void {
    layout.value = next
    savePreferences()
  }

  async function readDetails(item: Pick<LibraryItem, 'id' | 'docType'>): Promise<void> {
    const run = ++detailsRun
    detailsLoading.value = true
    detailsProblem.value = null
    const reply = await bridge().library.details({ id: item.id, docType: item.docType })
    if (run !== detailsRun) return
    detailsLoading.value = false
    if (reply.ok) details.value = reply.value.details
    else detailsProblem.value = errorText(reply.error)
  }

  /** Opens an item's details at once with its row (cover, link, numbers); its settings follow from the service. */
  function openDetails(item: LibraryItem): Promise<void> {
    openKey.value = item.key
    openedRow.value = item
    details.value = null
    return readDetails(item)
  }

  /** Finds an item by a link and opens it; the refusal in main's words, or null. */
  async function openByLink(link: string): Promise<string | null> {
    const reply = await bridge().library.openByLink({ link })
    if (!reply.ok) return errorText(reply.error)
    detailsRun += 1
    openKey.value = reply.value.item.key
    openedRow.value = reply.value.item
    details.value = reply.value.details
    detailsProblem.value = null
    detailsLoading.value = false
    return null
  }

  function closeDetails(): void {
    detailsRun += 1
    openKey.value = null
    openedRow.value = null
    details.value = null
    detailsProblem.value = null
    detailsLoading.value = false
  }

  return {
    byKey,
    preview,
    items,
    shown,
    folders,
    trends,
    week,
    sync,
    hasDocumentHost,
    loaded,
    error,
    layout,
    filter,
    place,
    confirming,
    openKey,
    openItem,
    details,
    detailsProblem,
    detailsLoading,
    load,
    follow,
    apply,
    startSync,
    setSearch,
    setFolder,
    setDocType,
    setRising,
    setSort,
    setLayout,
    openDetails,
    openByLink,
    closeDetails
  }
})
