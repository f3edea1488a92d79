import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { LibraryItem, LibraryPage, LibrarySnapshot, LibrarySyncState } from '../../../src-shared/domain/library'
import { CONFIRM_DELAY_MS, useLibraryStore } from '../../../src-renderer/src/stores/library-store'
import { installBridge } from '../fake-main'

function row(id: number, name: string): LibraryItem {
  return {
    id, key: `Flipbook:${id}`, docType: 'Flipbook', thumbnailUrl: null, name, title: null, description: null, folder: null, customUrl: null,
    fullUrl: null, embedUrl: null, createdOn: null, pages: null, views: null, leads: null, sales: null, approvals: null, isStarred: null,
    isPublished: null, isActive: null, thumbnail: null
  }
}

const synced = (syncedAt: string | null, phase: LibrarySyncState['phase'] = 'idle'): LibrarySyncState => ({
  phase, fetched: 0, total: null, syncedAt, message: null, capped: false
})

beforeEach(() => setActivePinia(createPinia()))

describe('the library in the window never contradicts the service', () => {
  it('shows what the service\'s search found, drops those rows when a full sync completes, and reads the quota again then', async () => {
    vi.useFakeTimers()
    const snapshot: LibrarySnapshot = { items: [row(1, 'Spring catalogue'), row(2, 'Annual report')], sync: synced('2026-01-01T00:00:00Z'), hasDocumentHost: false }
    // The service finds the catalogue by a word it knows (its description) and an item the sync never listed.
    const page: LibraryPage = { items: [row(1, 'Spring catalogue'), row(9, 'Ghost')], totalRecordCount: 2, pageSize: 100, capped: false }
    const main = installBridge((channel) => {
      if (channel === 'library:snapshot') return { ok: true, value: snapshot }
      if (channel === 'library:query') return { ok: true, value: page }
      return { ok: true, value: null }
    })
    const library = useLibraryStore()
    await library.load()
    const stop = library.follow()

    library.setSearch('seasonal')
    expect(library.shown).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(CONFIRM_DELAY_MS + 10)
    // Both of the service's answers show, so the list says what the service said.
    expect(library.shown.map((item) => item.key).sort()).toEqual(['Flipbook:1', 'Flipbook:9'])

    // A sync that ends elsewhere than idle, or without a new time, changes nothing.
    main.fire('library:syncChanged', synced('2026-01-01T00:00:00Z', 'syncing'))
    expect(library.byKey.has('Flipbook:9')).toBe(true)
    main.fire('library:syncChanged', synced('2026-02-01T00:00:00Z'))
    expect(library.byKey.has('Flipbook:9')).toBe(false)
    expect(library.shown.map((item) => item.key)).toEqual(['Flipbook:1'])
    expect(main.calls.filter((call) => call.channel === 'uploads:refreshLimits')).toHaveLength(1)
    stop()
    vi.useRealTimers()
  })

  it('keeps a search-found row that main itself reports afterwards (it is in the synced library now)', async () => {
    vi.useFakeTimers()
    const snapshot: LibrarySnapshot = { items: [row(1, 'Spring catalogue')], sync: synced('2026-01-01T00:00:00Z'), hasDocumentHost: false }
    const page: LibraryPage = { items: [row(5, 'Fresh one')], totalRecordCount: 1, pageSize: 100, capped: false }
    const main = installBridge((channel) => {
      if (channel === 'library:snapshot') return { ok: true, value: snapshot }
      if (channel === 'library:query') return { ok: true, value: page }
      return { ok: true, value: null }
    })
    const library = useLibraryStore()
    await library.load()
    const stop = library.follow()
    library.setSearch('fresh')
    await vi.advanceTimersByTimeAsync(CONFIRM_DELAY_MS + 10)
    main.fire('library:changed', { upserted: [row(5, 'Fresh one')], removed: [] })
    main.fire('library:syncChanged', synced('2026-02-01T00:00:00Z'))
    expect(library.byKey.has('Flipbook:5')).toBe(true)
    stop()
    vi.useRealTimers()
  })

  it("shows only the other account's rows after a reset: the search's own rows and the open item go", async () => {
    vi.useFakeTimers()
    const snapshot: LibrarySnapshot = { items: [row(1, 'Spring catalogue'), row(2, 'Annual report')], sync: synced('2026-01-01T00:00:00Z'), hasDocumentHost: false }
    const page: LibraryPage = { items: [row(9, 'Ghost')], totalRecordCount: 1, pageSize: 100, capped: false }
    const main = installBridge((channel) => {
      if (channel === 'library:snapshot') return { ok: true, value: snapshot }
      if (channel === 'library:query') return { ok: true, value: page }
      if (channel === 'library:details') return { ok: false, error: { code: 'network', message: 'Offline.' } }
      return { ok: true, value: null }
    })
    const library = useLibraryStore()
    await library.load()
    const stop = library.follow()
    library.setSearch('ghost')
    await vi.advanceTimersByTimeAsync(CONFIRM_DELAY_MS + 10)
    expect(library.byKey.has('Flipbook:9')).toBe(true)
    await library.openDetails(row(1, 'Spring catalogue'))
    expect(library.openKey).toBe('Flipbook:1')

    // Another account is current: main sends its whole library as a reset.
    main.fire('library:changed', { upserted: [row(31, 'Other account item')], removed: ['Flipbook:1', 'Flipbook:2'], reset: true })
    expect([...library.byKey.keys()]).toEqual(['Flipbook:31'])
    expect(library.openKey).toBeNull()
    stop()
    vi.useRealTimers()
  })
})
