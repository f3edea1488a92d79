import { describe, expect, it, vi } from 'vitest'
import { MAX_CHECKS_PER_SYNC } from '../../../../src-main/core/library/confirm-gone'
import { LibraryStore } from '../../../../src-main/core/library/library-store'
import { snapshotPath } from '../../../../src-main/core/library/snapshot-file'
import { createLogger } from '../../../../src-main/core/log'
import { libraryKey, type LibraryChange } from '../../../../src-shared/domain/library'
import type { ItemSummary } from '../../../../src-shared/domain/service/item'
import { startEmulator, type RunningEmulator } from '../../../emulator'
import { deleteOnServer, eventsOf, getRequests, LIBRARY_KEY, startLibraryCore, userIdOf, type AfterList } from './library-fixture'

const keysOf = (emulator: RunningEmulator): string[] =>
  emulator.state.itemsOf(LIBRARY_KEY).map((item) => libraryKey(item.docType, item.id)).sort()
const keyOf = (item: Pick<ItemSummary, 'id'> & { docType: 'Flipbook' | 'Document' | null }): string =>
  libraryKey(item.docType ?? 'Flipbook', item.id)
const removedOf = (events: { channel: string; payload: unknown }[]): string[] =>
  eventsOf<LibraryChange>(events, 'library:changed').flatMap((change) => change.removed)

/**
 * Only the default host: the emulator's two hosts both list every item (A-list-both-doctypes),
 * so a second host's pass would list a shifted row again. On a service whose hosts list only
 * their own kind, each kind gets one pass, as here.
 */
const oneHost = (emulator: RunningEmulator): { baseUrl: string; documentUrl: string } => ({ baseUrl: emulator.baseUrl, documentUrl: '' })

describe('library sync: what leaves the library', () => {
  it('keeps a live item that a deletion during paging shifted onto a page already read, and drops the deleted one next time', async () => {
    const emulator = await startEmulator({ keys: [LIBRARY_KEY], seed: 250, log: () => {} })
    // Armed for the second sync: right after page 1 arrives, an item of page 1 is deleted on the
    // service, so page 2 starts one row later and its old first row is never listed.
    let armed = false
    let deleted: ItemSummary | undefined
    const afterList: AfterList = (call, page) => {
      if (!armed || call.query.pageNo !== 1) return
      armed = false
      deleted = page.items[10]
      if (deleted) deleteOnServer(emulator, [deleted.id])
    }
    const { core, events } = await startLibraryCore(oneHost(emulator), { afterList })
    try {
      await core.library.sync()
      const all = keysOf(emulator)
      expect(core.library.snapshot().items.map((item) => item.key).sort()).toEqual(all)

      const mark = emulator.state.requests.length
      armed = true
      const done = await core.library.sync()
      expect(done).toMatchObject({ phase: 'idle', message: null })
      if (!deleted) throw new Error('the page-1 hook did not run')
      const deletedKey = keyOf(deleted)
      // Every item is still there: the deleted one was listed before it went, the shifted one was asked about.
      expect(core.library.snapshot().items.map((item) => item.key).sort()).toEqual(all)
      expect(removedOf(events)).toEqual([])
      // One get, on the one row the listing missed: the service says it lives.
      const gets = getRequests(emulator, mark)
      expect(gets).toHaveLength(1)
      expect(gets[0]?.status).toBe(200)
      expect(emulator.state.items.has(gets[0]?.id ?? 0)).toBe(true)

      // The next sync does not list the deleted item; a get says it is gone, and it leaves.
      const next = emulator.state.requests.length
      await core.library.sync()
      expect(core.library.snapshot().items.map((item) => item.key).sort()).toEqual(keysOf(emulator))
      expect(removedOf(events)).toEqual([deletedKey])
      expect(getRequests(emulator, next).map((get) => get.id)).toEqual([deleted.id])
    } finally {
      await core.close()
      await emulator.close()
    }
  }, 60_000)

  it.each([
    { what: 'a network error', fault: { kind: 'reset-request' as const } },
    { what: 'HTTP 503', fault: { kind: 'status' as const, status: 503 } }
  ])('keeps an unlisted row when its get fails with $what, and drops it once a get says it is gone', async ({ fault }) => {
    const emulator = await startEmulator({ keys: [LIBRARY_KEY], seed: 120, log: () => {} })
    const { core, events, logLines } = await startLibraryCore(emulator)
    try {
      await core.library.sync()
      const [gone] = emulator.state.itemsOf(LIBRARY_KEY)
      if (!gone) throw new Error('no items')
      const goneKey = libraryKey(gone.docType, gone.id)
      deleteOnServer(emulator, [gone.id])
      emulator.faults.add({ route: `/api/get/${gone.id}`, ...fault, count: 'always' })

      const mark = emulator.state.requests.length
      const done = await core.library.sync()
      // The listing is complete, so the sync is; the row whose fate is unknown stays.
      expect(done).toMatchObject({ phase: 'idle', message: null })
      expect(core.library.snapshot().items.map((item) => item.key)).toContain(goneKey)
      expect(removedOf(events)).toEqual([])
      const gets = getRequests(emulator, mark)
      expect(gets.length).toBeGreaterThan(0)
      expect(gets.every((get) => get.id === gone.id && get.host === gone.docType)).toBe(true)
      expect(logLines.some((line) => line.includes('stay until a later sync'))).toBe(true)

      emulator.faults.clear()
      await core.library.sync()
      expect(core.library.snapshot().items.map((item) => item.key).sort()).toEqual(keysOf(emulator))
      expect(removedOf(events)).toEqual([goneKey])
    } finally {
      await core.close()
      await emulator.close()
    }
  }, 60_000)

  it(`asks about at most ${MAX_CHECKS_PER_SYNC} unlisted rows per sync; the rest stay until a later sync confirms them`, async () => {
    const emulator = await startEmulator({ keys: [LIBRARY_KEY], seed: 300, log: () => {} })
    const { core, events } = await startLibraryCore(oneHost(emulator))
    try {
      await core.library.sync()
      const doomed = emulator.state.itemsOf(LIBRARY_KEY).slice(0, MAX_CHECKS_PER_SYNC + 20)
      deleteOnServer(emulator, doomed.map((item) => item.id))

      let mark = emulator.state.requests.length
      await core.library.sync()
      expect(getRequests(emulator, mark)).toHaveLength(MAX_CHECKS_PER_SYNC)
      expect(removedOf(events)).toHaveLength(MAX_CHECKS_PER_SYNC)
      expect(core.library.snapshot().items).toHaveLength(300 - MAX_CHECKS_PER_SYNC)

      mark = emulator.state.requests.length
      await core.library.sync()
      expect(getRequests(emulator, mark)).toHaveLength(20)
      expect(core.library.snapshot().items.map((item) => item.key).sort()).toEqual(keysOf(emulator))
      expect(removedOf(events).sort()).toEqual(doomed.map((item) => libraryKey(item.docType, item.id)).sort())
    } finally {
      await core.close()
      await emulator.close()
    }
  }, 60_000)

  it('removes nothing when the app closes while the gets are under way', async () => {
    const emulator = await startEmulator({ keys: [LIBRARY_KEY], seed: 120, log: () => {} })
    const { core, events, dir } = await startLibraryCore(emulator)
    try {
      await core.library.sync()
      deleteOnServer(emulator, emulator.state.itemsOf(LIBRARY_KEY).slice(0, 3).map((item) => item.id))
      const [slow] = emulator.faults.add({ route: '/api/get', kind: 'latency', ms: 1_000, count: 'always' })
      void core.library.sync()
      // A fault counts a request when it arrives: the first get is under way.
      await vi.waitFor(() => expect(emulator.faults.list().find((fault) => fault.id === slow?.id)?.hits).toBeGreaterThan(0), { timeout: 10_000 })
      await core.close()
      // The gets answer "Item not found" after the close; nothing may act on them.
      await vi.waitFor(() => expect(getRequests(emulator).filter((get) => get.status === 200).length).toBeGreaterThan(0), { timeout: 10_000 })
      expect(removedOf(events)).toEqual([])
      const store = await LibraryStore.open(snapshotPath(dir, userIdOf(emulator, LIBRARY_KEY)), createLogger(() => {}))
      expect(store.all()).toHaveLength(120)
    } finally {
      await core.close()
      await emulator.close()
    }
  }, 60_000)

  it('carries on from the page an abandoned run had read when the client is rebuilt mid-page, skipping none', async () => {
    const emulator = await startEmulator({ keys: [LIBRARY_KEY], seed: 250, log: () => {} })
    let armed = false
    let rebuild = (): void => {}
    // A settings change rebuilds the client while page 2's answer is on its way to the sync.
    const afterList: AfterList = (call) => {
      if (!armed || call.query.pageNo !== 2) return
      armed = false
      rebuild()
    }
    const { core, events, calls } = await startLibraryCore(oneHost(emulator), { afterList })
    rebuild = () => core.connection.reconfigure()
    try {
      await core.library.sync()
      expect(core.library.snapshot().items).toHaveLength(250)
      const first = calls.length
      const mark = emulator.state.requests.length
      armed = true
      const done = await core.library.sync()
      // sync() ends with the run that took over, not with the abandoned one.
      expect(done).toMatchObject({ phase: 'idle', fetched: 250, total: 250 })
      expect(calls.slice(first).map((call) => call.query.pageNo)).toEqual([1, 2, 2, 3])
      expect(core.library.snapshot().items.map((item) => item.key).sort()).toEqual(keysOf(emulator))
      expect(removedOf(events)).toEqual([])
      expect(getRequests(emulator, mark)).toEqual([])
    } finally {
      await core.close()
      await emulator.close()
    }
  }, 60_000)
})
