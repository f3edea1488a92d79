import { createHash } from 'node:crypto'
import { appendFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Core } from '../../../../src-main/core/core'
import type { LinkView } from '../../../../src-shared/domain/links'
import { startEmulator, type RunningEmulator } from '../../../emulator'
import { allFinished, QUEUE_KEY, waitForQueue, type QueueCore } from '../../../support/queue-fixture'
import { LINK_TIMING, pdfBytes, requestsTo, saveByRename, servedPdf, startLinksCore, waitFor, waitForLinks, writeInPieces } from './links-fixture'

let emulator: RunningEmulator
let files: string
const cores: QueueCore[] = []

beforeAll(async () => {
  emulator = await startEmulator({ keys: [QUEUE_KEY], log: () => {} })
  files = await mkdtemp(join(tmpdir(), 'flipdrop-links-files-'))
})
afterAll(async () => {
  for (const { core } of cores) await core.close().catch(() => {})
  await emulator.close()
  await rm(files, { recursive: true, force: true })
})

const sha = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex')
const REPLACE = '/api/replace-pdf/'
const CREATE = '/api/create-by-'
/** Long enough for any settled change to have been acted on (several settling periods): proves that nothing more happens. */
const QUIET_MS = LINK_TIMING.stabilityMs * 5

async function linksCore(dir?: string): Promise<QueueCore> {
  const started = await startLinksCore(emulator, dir)
  cores.push(started)
  return started
}

/** Publishes a PDF through the queue (a real item on the emulator) and returns its job. */
async function published(core: Core, path: string, bytes: Buffer) {
  await writeFile(path, bytes)
  const { added } = await core.uploads.enqueuePaths({ paths: [path], docType: 'Flipbook', onSameContent: 'new' })
  const jobId = added[0]?.id ?? ''
  const view = await waitForQueue(core, (queue) => queue.jobs.some((job) => job.id === jobId && allFinished({ ...queue, jobs: [job] })))
  const job = view.jobs.find((entry) => entry.id === jobId)
  expect(job?.state).toBe('done')
  return { jobId, itemId: job?.result?.itemId ?? -1, url: job?.result?.url ?? '' }
}

const linkOf = (core: Core, id: string): LinkView | undefined => core.links.list().links.find((link) => link.id === id)
const settledAt = (core: Core, id: string, bytes: Buffer) => () => {
  const link = linkOf(core, id)
  return link?.published?.sha256 === sha(bytes) && !link.updating
}

describe('linked PDFs', () => {
  it('replaces the item once after a file rewritten in 5 pieces settles: same ID and link, get-pdf serves the new bytes', async () => {
    const { core, events } = await linksCore()
    const path = join(files, 'catalogue.pdf')
    const item = await published(core, path, await pdfBytes('catalogue v1', 2))
    const link = await core.links.link({ path, itemId: item.itemId, docType: 'Flipbook' })
    expect(link).toMatchObject({ state: 'active', itemId: item.itemId, url: item.url, published: null })
    const before = requestsTo(emulator, REPLACE)

    const next = await pdfBytes('catalogue v2 with the typo fixed', 3)
    await writeInPieces(path, next, 5, 40)
    await waitFor('the replace to finish', settledAt(core, link.id, next))
    await sleep(QUIET_MS)
    expect(requestsTo(emulator, REPLACE) - before).toBe(1)
    expect(linkOf(core, link.id)).toMatchObject({ itemId: item.itemId, url: item.url, state: 'active', versions: [{ sha256: sha(next), pages: 3 }] })
    expect(emulator.state.items.get(item.itemId)?.pages).toBe(3)
    expect((await servedPdf(emulator, item.itemId)).equals(next)).toBe(true)
    // The shell's notification: "Updated <name> (same link)".
    expect(events.filter((event) => event.channel === 'links:updated').map((event) => event.payload)).toEqual([
      { linkId: link.id, itemId: item.itemId, name: 'catalogue', url: item.url }
    ])
  })

  it('follows a save that writes a temporary file and renames it over the linked one (from a finished job)', async () => {
    const { core } = await linksCore()
    const path = join(files, 'renamed.pdf')
    const item = await published(core, path, await pdfBytes('renamed v1'))
    const link = await core.links.linkJob({ jobId: item.jobId })
    expect(link.published?.sha256).toBe(sha(await pdfBytes('renamed v1')))
    const before = requestsTo(emulator, REPLACE)
    const next = await pdfBytes('renamed v2')
    await saveByRename(path, next)
    await waitFor('the replace to finish', settledAt(core, link.id, next))
    await sleep(QUIET_MS)
    expect(requestsTo(emulator, REPLACE) - before).toBe(1)
    expect(linkOf(core, link.id)?.state).toBe('active')
    expect((await servedPdf(emulator, item.itemId)).equals(next)).toBe(true)
  })

  it('never uploads a half-written file; once completed it replaces the item once', async () => {
    const { core } = await linksCore()
    const path = join(files, 'half.pdf')
    const item = await published(core, path, await pdfBytes('half v1'))
    const link = await core.links.link({ path, itemId: item.itemId, docType: 'Flipbook' })
    const before = requestsTo(emulator, REPLACE)
    const next = await pdfBytes('half v2, a longer export', 4)
    const cut = Math.floor(next.length * 0.6)
    await writeFile(path, next.subarray(0, cut))
    // Writing stopped part-way: the file settles, readers cannot open it (its end is missing), and it waits.
    await sleep(QUIET_MS)
    expect(requestsTo(emulator, REPLACE) - before).toBe(0)
    expect(linkOf(core, link.id)).toMatchObject({ updating: false, published: null, state: 'active' })
    await appendFile(path, next.subarray(cut))
    await waitFor('the replace to finish', settledAt(core, link.id, next))
    await sleep(QUIET_MS)
    expect(requestsTo(emulator, REPLACE) - before).toBe(1)
    expect((await servedPdf(emulator, item.itemId)).equals(next)).toBe(true)
  })

  it('notices on start a change made while FlipDrop was closed (links.json survives the restart)', async () => {
    const first = await linksCore()
    const path = join(files, 'offline-edit.pdf')
    const item = await published(first.core, path, await pdfBytes('offline v1'))
    const link = await first.core.links.link({ path, itemId: item.itemId, docType: 'Flipbook' })
    await first.core.close()
    const next = await pdfBytes('offline v2')
    await writeFile(path, next)
    const before = requestsTo(emulator, REPLACE)

    const second = await linksCore(first.dir)
    expect(second.core.links.list().links.map((entry) => entry.id)).toEqual([link.id])
    await waitFor('the replace to finish', settledAt(second.core, link.id, next))
    await sleep(QUIET_MS)
    expect(requestsTo(emulator, REPLACE) - before).toBe(1)
    expect((await servedPdf(emulator, item.itemId)).equals(next)).toBe(true)
  })

  it('marks a deleted linked file missing and unpublishes nothing', async () => {
    const { core } = await linksCore()
    const path = join(files, 'deleted.pdf')
    const item = await published(core, path, await pdfBytes('deleted v1'))
    const link = await core.links.link({ path, itemId: item.itemId, docType: 'Flipbook' })
    const requests = emulator.state.requests.length
    await rm(path)
    const view = await waitForLinks(core, 'the link to be missing', (links) => links.links.some((entry) => entry.id === link.id && entry.state === 'missing'))
    expect(view.links[0]?.message).toContain('Nothing was unpublished')
    // The window says it in its language: the catalog's key, the file's name as it is.
    expect(view.links[0]?.said).toEqual({ key: 'coreLinks.message.fileMissing', values: { file: 'deleted.pdf' } })
    expect(emulator.state.items.has(item.itemId)).toBe(true)
    // Nothing but reads reached the service (no replace, no delete).
    expect(emulator.state.requests.slice(requests).filter((entry) => !entry.path.startsWith('/api/get'))).toEqual([])
    // Back again: the link is active, and the same content is not sent again.
    await writeFile(path, await pdfBytes('deleted v1'))
    await waitForLinks(core, 'the link to be active', (links) => links.links.some((entry) => entry.id === link.id && entry.state === 'active'))
  })

  it('pauses a link whose item was deleted on the service', async () => {
    const { core } = await linksCore()
    const path = join(files, 'gone.pdf')
    const item = await published(core, path, await pdfBytes('gone v1'))
    const link = await core.links.link({ path, itemId: item.itemId, docType: 'Flipbook' })
    emulator.state.items.delete(item.itemId)
    await writeFile(path, await pdfBytes('gone v2'))
    const view = await waitForLinks(core, 'the link to be item-gone', (links) => links.links.some((entry) => entry.id === link.id && entry.state === 'item-gone'))
    expect(view.links[0]?.message).toContain('was deleted on the service')
    expect(view.links[0]?.said).toEqual({ key: 'coreLinks.message.itemGone', values: { name: link.name } })
  })

  it('restores a kept version (keepCopies on): the item serves the old bytes again', async () => {
    const { core } = await linksCore()
    await core.links.setKeepCopies({ keepCopies: true })
    const path = join(files, 'versions.pdf')
    const first = await pdfBytes('versions v1')
    const item = await published(core, path, first)
    const link = await core.links.linkJob({ jobId: item.jobId })
    const next = await pdfBytes('versions v2')
    await writeFile(path, next)
    await waitFor('v2 to be published', settledAt(core, link.id, next))
    expect(linkOf(core, link.id)?.versions.map((version) => [version.sha256, version.kept])).toEqual([
      [sha(next), true],
      [sha(first), true]
    ])
    await core.links.restoreVersion({ linkId: link.id, sha256: sha(first) })
    await waitFor('v1 to be published again', settledAt(core, link.id, first))
    expect((await servedPdf(emulator, item.itemId)).equals(first)).toBe(true)
    // The local file did not change, so nothing else is sent.
    await sleep(QUIET_MS)
    expect(linkOf(core, link.id)?.published?.sha256).toBe(sha(first))
  })
})

describe('hot folders', () => {
  it('offers files already there, publishes a new PDF once and replaces it on re-export (same ID)', async () => {
    const { core } = await linksCore()
    const folder = join(files, 'hot')
    await mkdir(folder)
    await writeFile(join(folder, 'already.pdf'), await pdfBytes('already there'))
    await writeFile(join(folder, '~$lock.pdf'), 'office lock')
    const creates = requestsTo(emulator, CREATE)
    const added = await core.links.addHotFolder({ path: folder, docType: 'Flipbook' })
    expect(added.folders[0]?.offered.map((file) => file.fileName)).toEqual(['already.pdf'])

    await writeFile(join(folder, 'new.pdf.part'), 'downloading')
    const path = join(folder, 'new.pdf')
    await writeInPieces(path, await pdfBytes('hot v1', 2), 5, 40)
    const view = await waitForLinks(core, 'the new file to be published and linked', (links) => links.links.some((link) => link.path === path && !link.updating))
    const link = view.links.find((entry) => entry.path === path)
    expect(requestsTo(emulator, CREATE) - creates).toBe(1)
    expect(link).toMatchObject({ folderId: added.folders[0]?.id, name: 'new', state: 'active' })
    expect(view.folders[0]?.offered.map((file) => file.fileName)).toEqual(['already.pdf'])

    const replaces = requestsTo(emulator, REPLACE)
    const next = await pdfBytes('hot v2', 3)
    await saveByRename(path, next)
    await waitFor('the re-export to replace the item', settledAt(core, link?.id ?? '', next))
    await sleep(QUIET_MS)
    expect(requestsTo(emulator, REPLACE) - replaces).toBe(1)
    expect(requestsTo(emulator, CREATE) - creates).toBe(1)
    expect(linkOf(core, link?.id ?? '')?.itemId).toBe(link?.itemId)
    expect((await servedPdf(emulator, link?.itemId ?? -1)).equals(next)).toBe(true)

    // The offered file is published only when asked.
    await core.links.publishOffered({ folderId: added.folders[0]?.id ?? '' })
    await waitForLinks(core, 'the offered file to be linked', (links) => links.links.some((entry) => entry.path === join(folder, 'already.pdf')))
    expect(requestsTo(emulator, CREATE) - creates).toBe(2)
  })

  it('an ignored file is no longer offered and never published: not when saved again, not after a restart', async () => {
    const first = await linksCore()
    const folder = join(files, 'hot-ignore')
    await mkdir(folder)
    const ignored = join(folder, 'Existing brochure.pdf')
    await writeFile(ignored, await pdfBytes('already there'))
    await writeFile(join(folder, 'Kept offer.pdf'), await pdfBytes('also there'))
    const added = await first.core.links.addHotFolder({ path: folder, docType: 'Flipbook' })
    const folderId = added.folders[0]?.id ?? ''
    const creates = requestsTo(emulator, CREATE)

    const after = await first.core.links.ignoreOffered({ folderId, paths: [ignored] })
    expect(after.folders[0]?.offered.map((file) => file.fileName)).toEqual(['Kept offer.pdf'])
    await saveByRename(ignored, await pdfBytes('saved again', 2))
    await sleep(QUIET_MS)
    expect(requestsTo(emulator, CREATE)).toBe(creates)

    // A restart looks at every watched folder again: the ignored file stays ignored.
    await first.core.close()
    const second = await linksCore(first.dir)
    await waitForLinks(second.core, 'the folder to be watched again', (view) => view.folders.length === 1 && view.watching)
    await sleep(QUIET_MS)
    expect(requestsTo(emulator, CREATE)).toBe(creates)
    expect(second.core.links.list().folders[0]?.offered.map((file) => file.fileName)).toEqual(['Kept offer.pdf'])
    // A file that is not offered cannot be ignored.
    await expect(second.core.links.ignoreOffered({ folderId, paths: [join(folder, 'nothing.pdf')] })).rejects.toMatchObject({ code: 'not-found' })
  })

  it('refuses paths that are relative, missing or of the wrong kind', async () => {
    const { core } = await linksCore()
    await expect(core.links.addHotFolder({ path: 'relative/folder', docType: 'Flipbook' })).rejects.toMatchObject({ code: 'invalid-input' })
    await expect(core.links.addHotFolder({ path: join(files, 'nowhere'), docType: 'Flipbook' })).rejects.toMatchObject({ code: 'not-found' })
    const file = join(files, 'not-a-folder.pdf')
    await writeFile(file, await pdfBytes('x'))
    await expect(core.links.addHotFolder({ path: file, docType: 'Flipbook' })).rejects.toMatchObject({ code: 'invalid-input' })
    await expect(core.links.link({ path: files, itemId: 1, docType: 'Flipbook' })).rejects.toMatchObject({ code: 'invalid-input' })
  })
})
