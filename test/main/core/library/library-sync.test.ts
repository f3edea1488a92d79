import { mkdtemp, readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { describe, expect, it, vi } from 'vitest'
import { createLogger } from '../../../../src-main/core/log'
import { LibraryStore } from '../../../../src-main/core/library/library-store'
import { snapshotPath } from '../../../../src-main/core/library/snapshot-file'
import { libraryKey, type LibraryChange, type LibrarySyncState } from '../../../../src-shared/domain/library'
import { startEmulator } from '../../../emulator'
import { freePorts } from '../../../support/free-ports'
import { deleteOnServer, eventsOf, getRequests, LIBRARY_KEY, startLibraryCore, userIdOf, waitForSync, type ListCall } from './library-fixture'

const keysOf = (emulator: Awaited<ReturnType<typeof startEmulator>>, key = LIBRARY_KEY): string[] =>
  emulator.state.itemsOf(key).map((item) => libraryKey(item.docType, item.id)).sort()

describe('library sync', () => {
  it('syncs 10,000 items of both hosts: each once, progress at most 10 a second, within the rate limit, thumbnails resolved', async () => {
    const emulator = await startEmulator({ keys: [LIBRARY_KEY], seed: 10_000, log: () => {} })
    const started = performance.now()
    const { core, events, calls, dir } = await startLibraryCore(emulator)
    try {
      // The sync started with the core (signed in); sync() joins it.
      const state = await core.library.sync()
      const ms = performance.now() - started
      expect(state).toMatchObject({ phase: 'idle', message: null, capped: false })
      expect(state.syncedAt).not.toBeNull()
      const snapshot = core.library.snapshot()
      expect(snapshot.hasDocumentHost).toBe(true)
      const keys = snapshot.items.map((item) => item.key)
      expect(new Set(keys).size).toBe(keys.length)
      expect(keys.sort()).toEqual(keysOf(emulator))

      // Both hosts, 100 rows a page, each page once.
      const pages = (docType: string): number[] => calls.filter((call) => call.docType === docType).map((call) => call.query.pageNo ?? 0)
      const hundred = Array.from({ length: 100 }, (_, index) => index + 1)
      expect(pages('Flipbook')).toEqual(hundred)
      expect(pages('Document')).toEqual(hundred)
      expect(calls.every((call) => call.query.pageSize === 100)).toBe(true)
      const requests = emulator.state.requests.filter((entry) => entry.path.startsWith('/api/'))
      expect(emulator.state.rateWindows.every((window) => window.rejected === 0)).toBe(true)
      // Progress: fetched grows to every row of both hosts; no more than ~10 events a second.
      const progress = eventsOf<LibrarySyncState>(events, 'library:syncChanged')
      expect(progress.at(-1)).toMatchObject({ phase: 'idle', fetched: 20_000, total: 20_000 })
      expect(progress.some((event) => event.phase === 'syncing' && event.fetched > 0 && event.fetched < 20_000)).toBe(true)
      expect(progress.length).toBeLessThanOrEqual(Math.ceil(ms / 100) + 4)
      console.info(`sync of 10,000 items: ${requests.length} requests (${calls.length} list), ${ms.toFixed(0)} ms, ${progress.length} progress events`)

      // Thumbnails: the storage root learned from get-pdf + FilePDF, one per kind, and they load.
      const flipbook = snapshot.items.find((item) => item.docType === 'Flipbook')
      const document = snapshot.items.find((item) => item.docType === 'Document')
      expect(flipbook?.thumbnailUrl).toBe(`${emulator.baseUrl}/__files/thumbs/${flipbook?.id}.png`)
      expect(document?.thumbnailUrl).toBe(`${emulator.documentUrl}/__files/thumbs/${document?.id}.png`)
      const image = await fetch(flipbook?.thumbnailUrl ?? '')
      expect(image.headers.get('content-type')).toBe('image/png')
      expect(requests.filter((entry) => /^\/api\/get(-pdf)?\//.test(entry.path))).toHaveLength(4)

      // Changes went out as deltas: every item once, never the list again.
      const upserted = eventsOf<LibraryChange>(events, 'library:changed').flatMap((change) => change.upserted.map((item) => item.key))
      expect(new Set(upserted).size).toBe(10_000)

      // The snapshot on disk reads back whole (its load time is a row of `npm run bench`, not a timed test).
      await core.close()
      const store = await LibraryStore.open(snapshotPath(dir, userIdOf(emulator, LIBRARY_KEY)), createLogger(() => {}))
      expect(store.all()).toHaveLength(10_000)
    } finally {
      await core.close()
      await emulator.close()
    }
  }, 120_000)

  it('stops with a message when the service goes away, keeps what it fetched, and resumes from the page it stopped at', async () => {
    const [port = 0, documentPort = 0] = await freePorts(2)
    const dataDir = await mkdtemp(join(tmpdir(), 'flipdrop-library-emulator-'))
    const options = { keys: [LIBRARY_KEY], port, documentPort, dataDir, log: () => {} }
    let emulator = await startEmulator({ ...options, seed: 3_000 })
    const expected = keysOf(emulator)
    // Slow pages, so the service can go away in the middle.
    emulator.faults.add({ route: '/api/list', kind: 'latency', ms: 40, count: 'always' })
    const calls: ListCall[] = []
    const { core } = await startLibraryCore(emulator, { calls })
    try {
      await waitForSync(() => core.library.snapshot().sync, (state) => state.fetched >= 900)
      await emulator.close()
      const stopped = await waitForSync(() => core.library.snapshot().sync, (state) => state.phase === 'interrupted')
      expect(stopped.message).toMatch(/^Offline: the service cannot be reached/)
      const kept = core.library.snapshot().items
      expect(kept.length).toBeGreaterThanOrEqual(900)
      expect(kept.length).toBeLessThan(3_000)
      const failed = calls.at(-1)
      if (!failed) throw new Error('no list call')

      emulator = await startEmulator(options)
      const before = calls.length
      const done = await core.library.sync()
      expect(done).toMatchObject({ phase: 'idle', message: null })
      const after = calls.slice(before)
      // Carries on with the page that failed, never page 1 of that host again.
      expect(after[0]).toMatchObject({ docType: failed.docType, query: { pageNo: failed.query.pageNo } })
      expect(after.filter((call) => call.docType === failed.docType && (call.query.pageNo ?? 0) < (failed.query.pageNo ?? 0))).toEqual([])
      expect(core.library.snapshot().items.map((item) => item.key).sort()).toEqual(expected)
    } finally {
      await core.close()
      await emulator.close()
    }
  }, 60_000)

  it('drops an item deleted on the server at the next complete sync, and nothing when a sync is interrupted', async () => {
    const emulator = await startEmulator({ keys: [LIBRARY_KEY], seed: 450, log: () => {} })
    const { core, events } = await startLibraryCore(emulator)
    try {
      await core.library.sync()
      expect(core.library.snapshot().items).toHaveLength(450)
      // Two flipbooks and a document go on the service (deleted on its website).
      const all = emulator.state.itemsOf(LIBRARY_KEY)
      const gone = [...all.filter((item) => item.docType === 'Flipbook').slice(0, 2), ...all.filter((item) => item.docType === 'Document').slice(0, 1)]
      deleteOnServer(emulator, gone.map((item) => item.id))
      const goneKeys = gone.map((item) => libraryKey(item.docType, item.id))

      // Page 3 of each host fails (HTTP 500 on every try): interrupted, everything kept.
      emulator.faults.add({ route: '/api/list', kind: 'status', status: 500, after: 2, count: 'always' })
      const interrupted = await core.library.sync()
      expect(interrupted.phase).toBe('interrupted')
      expect(interrupted.message).toMatch(/^The library sync stopped: The service had a problem \(HTTP 500\)/)
      expect(core.library.snapshot().items).toHaveLength(450)
      expect(eventsOf<LibraryChange>(events, 'library:changed').flatMap((change) => change.removed)).toEqual([])

      emulator.faults.clear()
      const mark = emulator.state.requests.length
      const done = await core.library.sync()
      expect(done.phase).toBe('idle')
      const keys = core.library.snapshot().items.map((item) => item.key)
      expect(keys).toHaveLength(447)
      for (const key of goneKeys) expect(keys).not.toContain(key)
      expect(eventsOf<LibraryChange>(events, 'library:changed').flatMap((change) => change.removed).sort()).toEqual(goneKeys.sort())
      // Each left on its own host's "Item not found" (IDs are per host), one get each.
      const asked = getRequests(emulator, mark).map((get) => `${get.host}:${get.id}`)
      expect(asked.sort()).toEqual(goneKeys.sort())
    } finally {
      await core.close()
      await emulator.close()
    }
  }, 60_000)

  it('keeps the snapshot across a restart and serves it at once while the service is down', async () => {
    const emulator = await startEmulator({ keys: [LIBRARY_KEY], seed: 120, log: () => {} })
    const addresses = { baseUrl: emulator.baseUrl, documentUrl: emulator.documentUrl }
    const first = await startLibraryCore(addresses)
    const synced = await first.core.library.sync()
    const items = first.core.library.snapshot().items
    await first.core.close()
    await emulator.close()

    const second = await startLibraryCore(addresses, { dir: first.dir })
    try {
      // Read from its account's file as the account becomes known at start (no service needed).
      await vi.waitFor(() => expect(second.core.library.snapshot().items).toHaveLength(items.length))
      const snapshot = second.core.library.snapshot()
      expect(snapshot.items).toEqual(items)
      expect(snapshot.sync.syncedAt).toBe(synced.syncedAt)
      const offline = await second.core.library.sync()
      expect(offline).toMatchObject({ phase: 'interrupted', syncedAt: synced.syncedAt })
      expect(offline.message).toMatch(/^Offline/)
      expect(second.core.library.snapshot().items).toEqual(items)
      // One file per account, under library/, named by its UserID.
      expect((await readdir(first.dir)).filter((name) => name.startsWith('library'))).toEqual(['library'])
      expect(await readdir(join(first.dir, 'library'))).toEqual([`${userIdOf(emulator, LIBRARY_KEY)}.json`])
    } finally {
      await second.core.close()
    }
  }, 60_000)

  it("never shows one account's library to another signed in on the same computer, and keeps it in its own file", async () => {
    const otherKey = 'library-other-account-key'
    const emulator = await startEmulator({ keys: [LIBRARY_KEY, otherKey], seed: 50, log: () => {} })
    await emulator.seed(7, otherKey)
    const addresses = { baseUrl: emulator.baseUrl, documentUrl: emulator.documentUrl }
    const first = await startLibraryCore(addresses)
    await first.core.library.sync()
    const firstKeys = first.core.library.snapshot().items.map((item) => item.key)
    expect(firstKeys.sort()).toEqual(keysOf(emulator))
    await first.core.close()

    // Another key on the same data folder: another account.
    const second = await startLibraryCore(addresses, {
      dir: first.dir,
      core: { environment: { apiKey: otherKey, ...addresses } }
    })
    try {
      await vi.waitFor(() => expect(second.core.connection.accountId).toBe(userIdOf(emulator, otherKey)))
      const state = await second.core.library.sync()
      expect(state.phase).toBe('idle')
      // Its own rows only: not one of the first account's, at any moment.
      expect(second.core.library.snapshot().items.map((item) => item.key).sort()).toEqual(keysOf(emulator, otherKey))
      const shown = eventsOf<LibraryChange>(second.events, 'library:changed').flatMap((change) => change.upserted.map((item) => item.key))
      expect(shown.filter((key) => firstKeys.includes(key))).toEqual([])
      // The first account's rows stay in its own file, whole, for when it is shown again.
      const kept = await LibraryStore.open(snapshotPath(first.dir, userIdOf(emulator, LIBRARY_KEY)), createLogger(() => {}), userIdOf(emulator, LIBRARY_KEY))
      expect(kept.all().map((item) => item.key).sort()).toEqual(keysOf(emulator))
      await second.core.close()
      const written = await LibraryStore.open(snapshotPath(first.dir, userIdOf(emulator, otherKey)), createLogger(() => {}), userIdOf(emulator, otherKey))
      expect(written.all().map((item) => item.key).sort()).toEqual(keysOf(emulator, otherKey))
    } finally {
      await second.core.close()
      await emulator.close()
    }
  }, 60_000)
})
