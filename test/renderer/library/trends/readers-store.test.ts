import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { LibrarySnapshot } from '../../../../src-shared/domain/library'
import type { ReadersSummary } from '../../../../src-shared/domain/readers'
import { CONFIRM_DELAY_MS, useLibraryStore } from '../../../../src-renderer/src/stores/library-store'
import { useReadersStore } from '../../../../src-renderer/src/stores/readers-store'
import { installBridge } from '../../fake-main'
import { row, summary, trend } from './fixtures'

const snapshot: LibrarySnapshot = {
  items: [row(1, 'Spring catalogue'), row(2, 'Annual report')],
  sync: { phase: 'idle', fetched: 0, total: null, syncedAt: '2026-11-28T08:00:00Z', message: null, capped: false },
  hasDocumentHost: false
}

function mainWith(first: ReadersSummary) {
  return installBridge((channel) => {
    if (channel === 'readers:summary') return { ok: true, value: first }
    if (channel === 'library:snapshot') return { ok: true, value: snapshot }
    if (channel === 'library:query') return { ok: true, value: { items: [], totalRecordCount: 0, pageSize: 100, capped: false } }
    return { ok: true, value: null }
  })
}

beforeEach(() => setActivePinia(createPinia()))

describe('the readers store', () => {
  it('loads the shown account\'s last 7 days and follows main\'s new counts', async () => {
    const main = mainWith(summary('user-1', { 'Flipbook:1': trend(12, 1) }))
    const readers = useReadersStore()
    const library = useLibraryStore()
    const stop = readers.follow()
    await Promise.all([library.load(), readers.load()])
    expect(readers.loaded).toBe(true)
    expect(library.week['Flipbook:1']).toEqual(trend(12, 1))
    expect(library.trends?.countedSince).toBe('2026-11-03T09:00:00Z')

    main.fire('readers:changed', summary('user-1', { 'Flipbook:1': trend(30, 2, true), 'Flipbook:2': trend(null, null) }))
    expect(library.week['Flipbook:1']).toEqual(trend(30, 2, true))
    expect(library.week['Flipbook:2']).toEqual(trend(null, null))
    stop()
    expect(main.listenerCount('readers:changed')).toBe(0)
  })

  it('never shows one account\'s numbers beside another\'s rows, and shows an account\'s own again at once when switched back', async () => {
    const main = mainWith(summary('user-1', { 'Flipbook:1': trend(12, 1) }))
    const readers = useReadersStore()
    const library = useLibraryStore()
    readers.follow()
    await Promise.all([library.load(), readers.load()])
    main.fire('library:changed', { reset: true, accountId: 'user-1', upserted: snapshot.items, removed: [] })
    expect(library.week['Flipbook:1']?.views).toBe(12)

    // The switch shows the other account's rows at once; its numbers are not known yet (main's event follows).
    library.preview('user-1', 'user-2')
    expect(library.week).toEqual({})
    expect(library.trends).toBeNull()
    main.fire('readers:changed', summary('user-2', { 'Flipbook:1': trend(700, 9) }))
    expect(library.week['Flipbook:1']?.views).toBe(700)

    // Back to the first account: its numbers as last shown, before main says anything.
    library.preview('user-2', 'user-1')
    expect(library.week['Flipbook:1']?.views).toBe(12)
  })

  it('keeps an event that came while the first answer was on its way (the answer is older)', async () => {
    let answer: (value: { ok: true; value: ReadersSummary }) => void = () => undefined
    const main = installBridge((channel) => {
      if (channel === 'readers:summary') return new Promise((resolve) => (answer = resolve))
      return { ok: true, value: null }
    })
    const readers = useReadersStore()
    const library = useLibraryStore()
    readers.follow()
    const loading = readers.load()
    await vi.waitFor(() => expect(main.calls.some((call) => call.channel === 'readers:summary')).toBe(true))
    main.fire('readers:changed', summary('user-1', { 'Flipbook:1': trend(50, 5) }))
    answer({ ok: true, value: summary('user-1', { 'Flipbook:1': trend(10, 1) }) })
    await loading
    expect(library.week['Flipbook:1']?.views).toBe(50)
  })

  it('says main\'s refusal in words and keeps no numbers', async () => {
    installBridge((channel) =>
      channel === 'readers:summary' ? { ok: false, error: { code: 'internal', message: 'The readers\' history could not be read.' } } : { ok: true, value: null }
    )
    const readers = useReadersStore()
    await readers.load()
    expect(readers.error).toBe('The readers\' history could not be read.')
    expect(useLibraryStore().week).toEqual({})
  })

  it('sorts by this week\'s views here, never asking the service for that order when a search is confirmed', async () => {
    vi.useFakeTimers()
    const main = mainWith(summary('user-1', { 'Flipbook:1': trend(3, 0), 'Flipbook:2': trend(90, 0) }))
    const readers = useReadersStore()
    const library = useLibraryStore()
    await Promise.all([library.load(), readers.load()])
    library.setSort('WeekViews', 'DESC')
    expect(library.shown.map((item) => item.name)).toEqual(['Annual report', 'Spring catalogue'])
    library.setSearch('report')
    await vi.advanceTimersByTimeAsync(CONFIRM_DELAY_MS + 10)
    const query = main.calls.find((call) => call.channel === 'library:query')
    expect(query?.input).toEqual({ search: 'report' })
    vi.useRealTimers()
  })

  it('a Rising list is another place: the list starts at its top', async () => {
    mainWith(summary('user-1', { 'Flipbook:1': trend(300, 4, true) }))
    const library = useLibraryStore()
    await Promise.all([library.load(), useReadersStore().load()])
    const before = library.place
    library.setRising(true)
    expect(library.place).toEqual({ ...before, rising: true })
    expect(library.shown.map((item) => item.name)).toEqual(['Spring catalogue'])
  })
})
