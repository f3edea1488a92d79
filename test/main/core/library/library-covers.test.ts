import { existsSync } from 'node:fs'
import { mkdtemp, readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { libraryKey, type CoversChange, type LibraryChange } from '../../../../src-shared/domain/library'
import { startEmulator, type RunningEmulator } from '../../../emulator'
import { startForwardProxy } from '../../../support/forward-proxy'
import { encodePng } from '../../../support/png'
import { waitForQueue, writePdf, type QueueCore } from '../../../support/queue-fixture'
import { eventsOf, LIBRARY_KEY, startLibraryCore, waitForSync } from './library-fixture'

let emulator: RunningEmulator | null = null
let running: QueueCore | null = null
let proxy: Awaited<ReturnType<typeof startForwardProxy>> | null = null

afterEach(async () => {
  await running?.core.close()
  await emulator?.close()
  await proxy?.close()
  running = null
  emulator = null
  proxy = null
})

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47]
const thumbRequests = (from: RunningEmulator, start = 0): number =>
  from.state.requests.slice(start).filter((entry) => entry.path.startsWith('/__files/thumbs/')).length

/** A small real PNG of one colour, as the window's pdf.js drawing would hand over. */
function drawing(red: number): Uint8Array<ArrayBuffer> {
  const pixels = Buffer.alloc(4 * 6 * 3)
  for (let index = 0; index < pixels.length; index += 3) pixels.set([red, 20, 40], index)
  return new Uint8Array(encodePng(pixels, 4, 6, 'rgb'))
}

async function coverFiles(dir: string): Promise<string[]> {
  const root = join(dir, 'covers')
  if (!existsSync(root)) return []
  const accounts = await readdir(root)
  const files = await Promise.all(accounts.map(async (account) => (await readdir(join(root, account))).map((name) => `${account}/${name}`)))
  return files.flat()
}

describe('covers: fetched by main, kept in the data folder per account', () => {
  it('fetches a cover over plain http through the Settings proxy, keeps it, and shows it offline after a restart', async () => {
    emulator = await startEmulator({ keys: [LIBRARY_KEY], seed: 12, log: () => {} })
    proxy = await startForwardProxy()
    const dir = await mkdtemp(join(tmpdir(), 'flipdrop-covers-'))
    running = await startLibraryCore(emulator, { dir, core: { backgroundSync: true } })
    const core = running.core
    await waitForSync(() => core.library.snapshot().sync, (state) => state.phase === 'idle' && state.syncedAt !== null)
    const item = core.library.snapshot().items.find((row) => row.thumbnailUrl !== null)
    if (!item) throw new Error('a synced item with a thumbnail')
    expect(item.thumbnailUrl).toMatch(/^http:\/\//)

    await core.settings.update({ proxyUrl: proxy.url })
    const seenBefore = proxy.seen.length
    const thumbsBefore = emulator.state.requests.length
    const cover = await core.library.cover({ key: item.key })
    expect(cover?.type).toBe('image/png')
    expect([...(cover?.bytes.subarray(0, 4) ?? [])]).toEqual(PNG_SIGNATURE)
    // An array of its own: nothing of Node's shared buffer pool travels to the window with it.
    expect(cover?.bytes.buffer.byteLength).toBe(cover?.bytes.length)
    expect(thumbRequests(emulator, thumbsBefore)).toBe(1)
    expect(proxy.seen.length).toBeGreaterThan(seenBefore)
    const kept = await coverFiles(dir)
    expect(kept).toHaveLength(1)
    expect(kept[0]).toMatch(/^[\w-]+\/Flipbook-\d+\.s-[0-9a-f]{16}$/)

    // Asked again: from disk, nothing fetched.
    await core.library.cover({ key: item.key })
    expect(thumbRequests(emulator, thumbsBefore)).toBe(1)

    // The app quits, the service and the proxy go away, the app starts again on the same data folder: the cover is there.
    await core.close()
    running = null
    await emulator.close()
    emulator = null
    await proxy.close()
    proxy = null
    running = await startLibraryCore({ baseUrl: 'http://127.0.0.1:9', documentUrl: 'http://127.0.0.1:9' }, { dir, core: { backgroundSync: false } })
    const offline = await running.core.library.cover({ key: item.key })
    expect(Buffer.from(offline?.bytes ?? []).equals(Buffer.from(cover?.bytes ?? []))).toBe(true)
    // One nobody kept cannot be had offline: no cover, no error.
    const other = running.core.library.snapshot().items.find((row) => row.key !== item.key && row.thumbnailUrl !== null)
    expect(other).toBeDefined()
    expect(await running.core.library.cover({ key: other?.key ?? '' })).toBeNull()
  }, 60_000)

  it('a published item joins the library at once and keeps its own first-page drawing; a replace makes the old cover stale', async () => {
    emulator = await startEmulator({ keys: [LIBRARY_KEY], seed: 5, log: () => {} })
    running = await startLibraryCore(emulator, { core: { backgroundSync: false } })
    const { core, events } = running
    await core.library.sync()
    const files = await mkdtemp(join(tmpdir(), 'flipdrop-covers-files-'))
    const path = await writePdf(files, 'Fresh Brochure.pdf', 2)
    const added = await core.uploads.enqueuePaths({ paths: [path], docType: 'Flipbook', onSameContent: 'new' })
    const jobId = added.added[0]?.id ?? ''
    const done = await waitForQueue(core, (view) => view.jobs.find((job) => job.id === jobId)?.state === 'done')
    const itemId = done.jobs.find((job) => job.id === jobId)?.result?.itemId ?? 0
    const key = libraryKey('Flipbook', itemId)
    // No sync since: the row came from reading the item the moment the job was done.
    await expect.poll(() => core.library.snapshot().items.some((row) => row.key === key)).toBe(true)
    expect(core.library.snapshot().items.find((row) => row.key === key)).toMatchObject({ name: 'Fresh Brochure', pages: 2 })
    expect(eventsOf<LibraryChange>(events, 'library:changed').some((change) => change.upserted.some((row) => row.key === key))).toBe(true)

    const first = drawing(200)
    await core.library.keepCover({ jobId, png: first })
    expect(eventsOf<CoversChange>(events, 'library:coversChanged').at(-1)).toEqual({ keys: [key] })
    const thumbsBefore = emulator.state.requests.length
    const shown = await core.library.cover({ key })
    expect(Buffer.from(shown?.bytes ?? []).equals(Buffer.from(first))).toBe(true)
    expect(thumbRequests(emulator, thumbsBefore)).toBe(0)

    // A drawing is only taken for a job this core saw published, and only as a PNG.
    await expect(core.library.keepCover({ jobId: '00000000-0000-4000-8000-000000000000', png: first })).rejects.toMatchObject({ code: 'not-allowed' })
    await expect(core.library.keepCover({ jobId, png: new Uint8Array([0xff, 0xd8, 0xff, 0xe0]) })).rejects.toMatchObject({ code: 'invalid-input' })

    // A replace of that item, done: its kept cover is dropped (the first page may differ) until the new drawing comes.
    const coversEvents = eventsOf<CoversChange>(events, 'library:coversChanged').length
    const replacement = await writePdf(files, 'Fresh Brochure v2.pdf', 3)
    const replaced = await core.library.replace({ id: itemId, docType: 'Flipbook', path: replacement })
    const replaceId = replaced.added[0]?.id ?? ''
    await waitForQueue(core, (view) => view.jobs.find((job) => job.id === replaceId)?.state === 'done')
    await expect.poll(() => eventsOf<CoversChange>(events, 'library:coversChanged').slice(coversEvents).some((change) => change.keys.includes(key))).toBe(true)
    await expect.poll(async () => (await coverFiles(running?.dir ?? '')).some((file) => file.includes(`Flipbook-${itemId}.r-`))).toBe(false)
    await expect.poll(() => core.library.snapshot().items.find((row) => row.key === key)?.pages).toBe(3)
    const second = drawing(30)
    await core.library.keepCover({ jobId: replaceId, png: second })
    expect(Buffer.from((await core.library.cover({ key }))?.bytes ?? []).equals(Buffer.from(second))).toBe(true)
  }, 60_000)

  it('a replace asked with confirmFirst waits, paused, for the confirmation', async () => {
    emulator = await startEmulator({ keys: [LIBRARY_KEY], seed: 3, log: () => {} })
    running = await startLibraryCore(emulator, { core: { backgroundSync: false } })
    const { core } = running
    await core.library.sync()
    const item = core.library.snapshot().items[0]
    if (!item) throw new Error('a synced item')
    const files = await mkdtemp(join(tmpdir(), 'flipdrop-covers-files-'))
    const path = await writePdf(files, 'next.pdf', 1)
    const before = emulator.state.requests.length
    const asked = await core.library.replace({ id: item.id, docType: item.docType, path, confirmFirst: true })
    const job = asked.added[0]
    expect(job).toMatchObject({ kind: 'replace', paused: true, state: 'queued', targetItemId: item.id })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(emulator.state.requests.slice(before).some((entry) => entry.path.startsWith('/api/replace-pdf'))).toBe(false)
    expect(core.uploads.list().jobs.find((entry) => entry.id === job?.id)?.state).toBe('queued')
  }, 30_000)
})
