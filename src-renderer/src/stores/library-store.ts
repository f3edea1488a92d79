import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { LibraryChange, LibraryDetails, LibraryItem, LibrarySyncState } from '../../../src-shared/domain/library'
import type { DocType, SortKey, SortOrder } from '../../../src-shared/domain/service/item'
import { bridge } from '../bridge'
import { createLocalView, foldersOf, type LibraryFilter } from '../library/local-view'

/** Waits this long after the last keystroke before asking the service to confirm a search. */
export const CONFIRM_DELAY_MS = 350

const PREFERENCES_KEY = 'flipdrop.library'

interface Preferences {
  layout: 'grid' | 'list'
  sortBy: SortKey
  sortOrder: SortOrder
}

function readPreferences(): Preferences {
  const fallback: Preferences = { layout: 'grid', sortBy: 'CreatedOn', sortOrder: 'DESC' }
  try {
    return { ...fallback, ...(JSON.parse(localStorage.getItem(PREFERENCES_KEY) ?? '{}') as Partial<Preferences>) }
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

  const localView = createLocalView()
  const shown = computed(() => localView(items.value, filter.value))
  const folders = computed(() => foldersOf(items.value))

  /** The service's answer to the current search: its total, or the problem; null while none is asked. */
  const confirmation = ref<{ search: string; total: number | null; capped: boolean } | null>(null)
  const confirming = ref(false)
  let confirmTimer: ReturnType<typeof setTimeout> | null = null
  let confirmRun = 0

  const details = ref<LibraryDetails | null>(null)
  const detailsLoading = ref(false)

  function savePreferences(): void {
    const next: Preferences = { layout: layout.value, sortBy: filter.value.sortBy, sortOrder: filter.value.sortOrder }
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify(next))
  }

  function apply(change: LibraryChange): void {
    const map = byKey.value
    for (const key of change.removed) map.delete(key)
    for (const item of change.upserted) map.set(item.key, item)
    byKey.value = new Map(map)
    // The open details follow their item: a new row (renamed, new views) shows at once.
    const open = details.value
    if (open) {
      const fresh = map.get(open.item.key)
      if (fresh && fresh !== open.item) details.value = { ...open, item: fresh }
    }
  }

  async function load(): Promise<void> {
    const reply = await bridge().library.snapshot()
    if (!reply.ok) {
      error.value = reply.error.message
      return
    }
    byKey.value = new Map(reply.value.items.map((item) => [item.key, item]))
    sync.value = reply.value.sync
    hasDocumentHost.value = reply.value.hasDocumentHost
    loaded.value = true
  }

  function follow(): () => void {
    const library = bridge().library
    const stops = [library.onChanged(apply), library.onSyncChanged((next) => (sync.value = next))]
    return () => stops.forEach((stop) => stop())
  }

  async function startSync(): Promise<void> {
    const reply = await bridge().library.sync()
    if (reply.ok) sync.value = reply.value
    else error.value = reply.error.message
  }

  /** Asks the service for the same search; its rows join the local ones (a row not synced yet appears). */
  function confirmSoon(): void {
    if (confirmTimer) clearTimeout(confirmTimer)
    const search = filter.value.search.trim()
    if (search === '') {
      confirmation.value = null
      confirming.value = false
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
      sortBy,
      sortOrder
    })
    if (run !== confirmRun) return
    confirming.value = false
    if (!reply.ok) {
      confirmation.value = null
      return
    }
    const missing = reply.value.items.filter((item) => byKey.value.get(item.key) !== item)
    if (missing.length > 0) apply({ upserted: missing, removed: [] })
    confirmation.value = { search, total: reply.value.totalRecordCount, capped: reply.value.capped }
  }

  function setSearch(search: string): void {
    filter.value = { ...filter.value, search }
    confirmSoon()
  }

  function setFolder(folder: string | null): void {
    filter.value = { ...filter.value, folder }
  }

  function setDocType(docType: DocType | null): void {
    filter.value = { ...filter.value, docType }
  }

  function setSort(sortBy: SortKey, sortOrder: SortOrder): void {
    filter.value = { ...filter.value, sortBy, sortOrder }
    savePreferences()
  }

  function setLayout(next: Preferences['layout']): void {
    layout.value = next
    savePreferences()
  }

  async function openDetails(item: Pick<LibraryItem, 'id' | 'docType'>): Promise<string | null> {
    detailsLoading.value = true
    const reply = await bridge().library.details({ id: item.id, docType: item.docType })
    detailsLoading.value = false
    if (!reply.ok) return reply.error.message
    details.value = reply.value
    return null
  }

  async function openByLink(link: string): Promise<string | null> {
    const reply = await bridge().library.openByLink({ link })
    if (!reply.ok) return reply.error.message
    details.value = reply.value
    return null
  }

  return {
    byKey,
    items,
    shown,
    folders,
    sync,
    hasDocumentHost,
    loaded,
    error,
    layout,
    filter,
    confirmation,
    confirming,
    details,
    detailsLoading,
    load,
    follow,
    apply,
    startSync,
    setSearch,
    setFolder,
    setDocType,
    setSort,
    setLayout,
    openDetails,
    openByLink,
    closeDetails: () => (details.value = null)
  }
})
