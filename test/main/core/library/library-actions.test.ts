import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { snapshotPath } from '../../../../src-main/core/library/snapshot-file'
import { libraryKey, libraryQuerySchema, type DownloadProgress, type LibraryChange, type LibraryItem, type LibraryQuery } from '../../../../src-shared/domain/library'
import { SORT_KEYS, type SortKey } from '../../../../src-shared/domain/service/item'
import { startEmulator, type RunningEmulator } from '../../../emulator'
import { waitForQueue, writePdf, type QueueCore } from '../../../support/queue-fixture'
import { eventsOf, LIBRARY_KEY, startLibraryCore, userIdOf } from './library-fixture'

/** Distinctive values, so any copy of them anywhere is found. */
const SECRETS = {
  Password: 'pw-lib-4d2a-never-leaves-main',
  SaleGatewayKey: 'gk-lib-4d2a-never-leaves-main',
  SaleGatewaySecret: 'gs-lib-4d2a-never-leaves-main',
  AIKey: 'ai-lib-4d2a-never-leaves-main',
  TwillioAPIKey: 'tw-lib-4d2a-never-leaves-main'
}

let emulator: RunningEmulator
let running: QueueCore
const savePaths: (string | null)[] = []
/** Files the core showed in their folder. */
const shown: string[] = []
const chosen: string[][] = []
/** The dialogs and the file manager, as the host answers them. */
const hostAnswers = {
  chooseSavePath: async () => savePaths.shift() ?? null,
  choosePdfs: async () => chosen.shift() ?? [],
  showInFolder: (path: string) => void shown.push(path)
}
let files: string

beforeAll(async () => {
  emulator = await startEmulator({ keys: [LIBRARY_KEY], seed: true, duplicateMax: 20, maxItems: 1000, log: () => {} })
  files = await mkdtemp(join(tmpdir(), 'flipdrop-library-files-'))
  running = await startLibraryCore(emulator, {
    core: hostAnswers
  })
  await running.core.library.sync()
})
afterAll(async () => {
  await running?.core.close()
  await emulator?.close()
})

const library = () => running.core.library
/** As main calls it: the input parsed by the channel's schema (defaults filled in). */
const query = (input: LibraryQuery) => library().query(libraryQuerySchema.parse(input))
const sortValue = (item: LibraryItem, key: SortKey): string | number | null =>
  key === 'Name' ? (item.name?.toLowerCase() ?? null) : key === 'DocType' ? item.docType : key === 'NoOfViews' ? item.views : key === 'NoOfLeads' ? item.leads : item.createdOn

describe('library query (the service answers)', () => {
  it('searches, filters by folder, sorts by every key both ways, and notices a capped page', async () => {
    const all = emulator.state.itemsOf(LIBRARY_KEY)
    const search = await query({ search: 'financial' })
    const expectedSearch = all.filter((item) => /financial/i.test(item.name) || /financial/i.test(item.title))
    expect(search.items.map((item) => item.id).sort()).toEqual(expectedSearch.map((item) => item.id).sort())
    expect(search.totalRecordCount).toBe(expectedSearch.length)

    const reports = await query({ folder: 'Reports' })
    expect(reports.items.length).toBeGreaterThan(0)
    expect(reports.items.every((item) => item.folder === 'Reports')).toBe(true)
    expect(reports.totalRecordCount).toBe(all.filter((item) => item.folder.toLowerCase() === 'reports').length)

    for (const sortBy of SORT_KEYS) {
      for (const sortOrder of ['ASC', 'DESC'] as const) {
        const page = await query({ sortBy, sortOrder, pageSize: 100 })
        expect(page.items, `${sortBy} ${sortOrder}`).toHaveLength(all.length)
        const values = page.items.map((item) => sortValue(item, sortBy))
        const sorted = [...values].sort((a, b) => (a === b ? 0 : (a ?? '') < (b ?? '') ? -1 : 1))
        expect(values, `${sortBy} ${sortOrder}`).toEqual(sortOrder === 'ASC' ? sorted : sorted.reverse())
      }
    }
    const paged = await query({ sortBy: 'Name', pageNo: 2, pageSize: 10 })
    expect(paged.items).toHaveLength(10)
    expect(paged.totalRecordCount).toBe(all.length)
    const capped = await query({ pageSize: 500 })
    expect(capped).toMatchObject({ capped: true, pageSize: 100 })
  }, 30_000)
})

describe('details and open by link', () => {
  it('open an item by full URL, custom-domain URL and bare slug; no credential value reaches any result, event or file', async () => {
    const target = emulator.state.itemsOf(LIBRARY_KEY).find((item) => item.cname !== '')
    if (!target) throw new Error('no seeded item with a CNAME')
    const patched = await fetch(`${emulator.baseUrl}/__emulator/items/${target.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ IsPasswordProtected: true, ...SECRETS })
    })
    expect(patched.status).toBe(200)
    const details = await library().details({ id: target.id, docType: target.docType })
    expect(details.item.key).toBe(libraryKey(target.docType, target.id))
    const cnameUrl = details.item.fullUrl ?? ''
    expect(cnameUrl).toBe(`https://${target.cname}/${target.slug}`)
    const viewerUrl = `${target.docType === 'Document' ? emulator.documentUrl : emulator.baseUrl}/view/${target.slug}`
    const found = [
      await library().openByLink({ link: viewerUrl }),
      await library().openByLink({ link: cnameUrl }),
      await library().openByLink({ link: target.slug })
    ]
    for (const result of found) expect(result.item.key).toBe(details.item.key)
    const credentials = details.details.groups.flatMap((group) => group.fields).filter((field) => 'credentialSet' in field)
    expect(Object.fromEntries(credentials.map((field) => [field.key, 'credentialSet' in field && field.credentialSet]))).toEqual(
      Object.fromEntries(Object.keys(SECRETS).map((key) => [key, true]))
    )
    await running.core.close()
    const snapshotFile = await readFile(snapshotPath(running.dir, userIdOf(emulator, LIBRARY_KEY)), 'utf8')
    const everything = JSON.stringify([details, found, running.events, library().snapshot(), running.logLines]) + snapshotFile
    for (const [field, secret] of Object.entries(SECRETS)) expect(everything, field).not.toContain(secret)
    // Back for the next tests, on the same data folder.
    running = await startLibraryCore(emulator, {
      dir: running.dir,
      core: hostAnswers
    })
    // Rows read are kept in the library of the key's account: known once whoami answered.
    await vi.waitFor(() => expect(running.core.connection.accountId).not.toBeNull())
  }, 30_000)
})

describe('duplicate', () => {
  it('makes 25 copies in two batches, and they appear in the library', async () => {
    const source = emulator.state.itemsOf(LIBRARY_KEY)[0]
    if (!source) throw new Error('empty library')
    const before = running.events.length
    const result = await library().duplicate({ id: source.id, docType: source.docType, count: 25 })
    expect(result.error).toBeNull()
    expect(result.created).toHaveLength(25)
    expect(emulator.state.requests.filter((entry) => entry.path === `/api/duplicate/${source.id}`)).toHaveLength(2)
    const keys = new Set(library().snapshot().items.map((item) => item.key))
    for (const copy of result.created) expect(keys.has(libraryKey(source.docType, copy.id))).toBe(true)
    // The copies, as changes (a reset, the whole library shown as its account became known, is not one).
    const upserted = eventsOf<LibraryChange>(running.events.slice(before), 'library:changed')
      .filter((change) => !change.reset)
      .flatMap((change) => change.upserted.map((item) => item.id))
    expect(upserted.sort()).toEqual(result.created.map((copy) => copy.id).sort())
  }, 30_000)

  it('keeps the copies made when a later batch fails, with the reason', async () => {
    const source = emulator.state.itemsOf(LIBRARY_KEY)[1]
    if (!source) throw new Error('empty library')
    emulator.faults.add({ route: `/api/duplicate/${source.id}`, kind: 'status', status: 500, after: 1 })
    const result = await library().duplicate({ id: source.id, docType: source.docType, count: 25 })
    expect(result.created).toHaveLength(20)
    expect(result.error).toMatch(/HTTP 500/)
    // The window says the reason in its language: the service error's key, the status as it came.
    expect(result.said).toEqual({ key: 'coreService.serverFailure', values: { status: '500' } })
    const keys = new Set(library().snapshot().items.map((item) => item.key))
    for (const copy of result.created) expect(keys.has(libraryKey(source.docType, copy.id))).toBe(true)
  }, 30_000)
})

describe('download the PDF', () => {
  it('streams the stored PDF to the chosen path with progress; cancelled writes nothing; a cut download leaves no file', async () => {
    const item = emulator.state.itemsOf(LIBRARY_KEY).find((candidate) => candidate.docType === 'Flipbook')
    if (!item) throw new Error('no flipbook')
    const folder = await mkdtemp(join(tmpdir(), 'flipdrop-library-download-'))
    const target = join(folder, 'saved.pdf')
    savePaths.push(target)
    const result = await library().downloadPdf({ id: item.id, docType: 'Flipbook' })
    const stored = await (await fetch(`${emulator.baseUrl}/__files/pdf/${item.fileId}.pdf`)).arrayBuffer()
    expect(result).toEqual({ path: target, bytes: stored.byteLength })
    expect(Buffer.compare(await readFile(target), Buffer.from(stored))).toBe(0)
    const progress = eventsOf<DownloadProgress>(running.events, 'library:downloadProgress')
    expect(progress.at(-1)).toEqual({ key: libraryKey('Flipbook', item.id), received: stored.byteLength, total: stored.byteLength })

    savePaths.push(null)
    const requestsBefore = emulator.state.requests.length
    expect(await library().downloadPdf({ id: item.id, docType: 'Flipbook' })).toEqual({ path: null, bytes: 0 })
    // Nothing asked of the service once the dialog was cancelled (the name came from the snapshot).
    expect(emulator.state.requests.length).toBe(requestsBefore)

    const cut = join(folder, 'cut.pdf')
    savePaths.push(cut)
    emulator.faults.add({ route: '/__files/pdf', kind: 'reset-response', bytes: 200 })
    await expect(library().downloadPdf({ id: item.id, docType: 'Flipbook' })).rejects.toMatchObject({ code: 'network' })
    expect(existsSync(cut)).toBe(false)
    expect(existsSync(`${cut}.part`)).toBe(false)
    expect(await readdir(folder)).toEqual(['saved.pdf'])

    // "Show in folder" shows what a download saved, and nothing else (a path is never taken on the renderer's word).
    expect(library().showDownload(target)).toBeUndefined()
    expect(shown).toEqual([target])
    expect(() => library().showDownload(cut)).toThrow(expect.objectContaining({ code: 'not-allowed' }))
    expect(() => library().showDownload('/etc/passwd')).toThrow(expect.objectContaining({ code: 'not-allowed' }))
    expect(shown).toEqual([target])
  }, 30_000)
})

describe('replace the PDF', () => {
  it('queues a file for the item: same ID and link after the queue ran; no path asks the dialog, cancelled queues nothing', async () => {
    const item = emulator.state.itemsOf(LIBRARY_KEY).find((candidate) => candidate.docType === 'Flipbook' && candidate.frontFileId === '')
    if (!item) throw new Error('no flipbook')
    const { id, slug, fileId } = item
    const path = await writePdf(files, 'replacement.pdf', 2)
    const result = await library().replace({ id, docType: 'Flipbook', path })
    expect(result.added).toHaveLength(1)
    await waitForQueue(running.core, (view) => view.jobs.every((job) => job.state === 'done'))
    const after = emulator.state.items.get(id)
    expect(after).toMatchObject({ id, slug, pages: 2 })
    expect(after?.fileId).not.toBe(fileId)

    chosen.push([])
    expect(await library().replace({ id, docType: 'Flipbook' })).toEqual({ added: [], refused: [], sameContent: [] })
    chosen.push([await writePdf(files, 'picked.pdf', 3), '/ignored/second.pdf'])
    const picked = await library().replace({ id, docType: 'Flipbook' })
    expect(picked.added.map((job) => job.name)).toHaveLength(1)
    await waitForQueue(running.core, (view) => view.jobs.every((job) => job.state === 'done'))
    expect(emulator.state.items.get(id)).toMatchObject({ id, slug, pages: 3 })
  }, 60_000)
})
