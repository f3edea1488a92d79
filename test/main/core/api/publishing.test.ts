import { request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countPages, makePdf } from '../../../emulator/fixtures/make-pdf'
import { useApiFixture } from '../../../support/api-fixture'
import { startPdfSource } from '../../../support/pdf-source'

const fx = useApiFixture({ allowSourceHosts: ['127.0.0.1'], duplicateMax: 20 })
/** Each host its own IDs: a Document's ID means nothing (or another item) on the default host. */
const separate = useApiFixture({ allowSourceHosts: ['127.0.0.1'], separateHostIds: true })
let source: Awaited<ReturnType<typeof startPdfSource>>

beforeAll(async () => {
  source = await startPdfSource({ '/five.pdf': await makePdf(5, 'from url'), '/seven.pdf': await makePdf(7, 'replacement') })
})
afterAll(() => source.close())

describe('publishing', () => {
  it('uploads a PDF from disk: numeric ID, viewer URL, the quota after it, progress to the last byte', async () => {
    const { client, pdf } = fx()
    const path = await pdf('brochure.pdf', 3)
    const progress: { sent: number; total: number }[] = []
    const created = await client.createFromFile(path, { name: 'Brochure', title: 'Spring brochure', docType: 'Flipbook' }, {
      onProgress: (p) => progress.push(p)
    })
    expect(created.id).toEqual(expect.any(Number))
    expect(created.url).toMatch(/^https?:\/\/.+\/.+/)
    expect(created.quota).toEqual({ docType: 'Flipbook', count: expect.any(Number), max: 100, left: expect.any(Number) })
    expect(progress.at(-1)?.sent).toBe(progress.at(-1)?.total)
    const item = await client.getItem(created.id)
    expect(item.summary).toMatchObject({ name: 'Brochure', title: 'Spring brochure', docType: 'Flipbook', pages: 3 })
  })

  it('has the service download a PDF from a URL', async () => {
    const { client } = fx()
    const created = await client.createFromUrl(source.url('/five.pdf'), { name: 'From URL', title: 'From URL', docType: 'Flipbook' })
    expect((await client.getItem(created.id)).summary.pages).toBe(5)
  })

  it('returns a PDF URL that really downloads the stored file', async () => {
    const { client, pdf } = fx()
    const created = await client.createFromFile(await pdf('four.pdf', 4), { name: 'Four', title: 'Four', docType: 'Flipbook' })
    const url = await client.getPdfUrl(created.id)
    const response = await request(url)
    expect(response.statusCode).toBe(200)
    expect(await countPages(new Uint8Array(await response.body.arrayBuffer()))).toBe(4)
  })

  it('duplicates in batches of the per-call bound and returns every copy', async () => {
    const { emulator, client, pdf } = fx()
    const created = await client.createFromFile(await pdf('dup.pdf'), { name: 'Dup', title: 'Dup', docType: 'Flipbook' })
    const before = emulator.state.requests.length
    const { created: copies, failure } = await client.duplicate(created.id, 45)
    expect(failure).toBeNull()
    expect(copies).toHaveLength(45)
    expect(new Set(copies.map((copy) => copy.id)).size).toBe(45)
    expect(copies.every((copy) => typeof copy.id === 'number' && copy.id !== created.id)).toBe(true)
    const calls = emulator.state.requests.slice(before).filter((entry) => entry.path.startsWith('/api/duplicate')).length
    expect(calls).toBe(3)
  })

  it('a bad count is invalid input, not an internal error', async () => {
    const { client } = fx()
    for (const count of [0, -1, 1.5, 501]) {
      await expect(client.duplicate(1, count)).rejects.toMatchObject({ code: 'invalid-input', message: expect.stringContaining('from 1 to 500') })
    }
  })

  it('keeps the copies already made when a later batch fails', async () => {
    const { emulator, client, pdf } = fx()
    const created = await client.createFromFile(await pdf('dup2.pdf'), { name: 'Dup2', title: 'Dup2', docType: 'Flipbook' })
    // The second batch is answered with a server error.
    emulator.faults.add({ route: `/api/duplicate/${created.id}`, kind: 'status', status: 502, after: 1 })
    const outcome = await client.duplicate(created.id, 30)
    expect(outcome.created).toHaveLength(20)
    expect(outcome.failure).toMatchObject({ kind: 'service', status: 502 })
    const listed = (await client.listItems({ search: 'Dup2', pageSize: 100 })).items.map((item) => item.id)
    for (const copy of outcome.created) expect(listed).toContain(copy.id)
    emulator.faults.clear()
  })

  it('replaces the PDF from disk and from a URL, keeping the ID', async () => {
    const { client, pdf } = fx()
    const created = await client.createFromFile(await pdf('v1.pdf', 2), { name: 'Versioned', title: 'Versioned', docType: 'Flipbook' })
    await expect(client.replacePdf(created.id, await pdf('v2.pdf', 6), 'Flipbook')).resolves.toEqual(expect.any(String))
    expect((await client.getItem(created.id)).summary.pages).toBe(6)
    await client.replacePdfFromUrl(created.id, source.url('/seven.pdf'), 'Flipbook')
    const item = await client.getItem(created.id)
    expect(item.summary.pages).toBe(7)
    expect(item.summary.id).toBe(created.id)
  })
})

describe('Documents live on the document host (separate IDs per host)', () => {
  it('creates a Document there, with the Documents quota, read back on its own host', async () => {
    const { client, pdf } = separate()
    const flipbook = await client.createFromFile(await pdf('cover.pdf'), { name: 'Cover', title: 'Cover', docType: 'Flipbook' })
    const created = await client.createFromFile(await pdf('manual.pdf', 2), { name: 'Manual', title: 'Manual', docType: 'Document' })
    expect(created.quota?.docType).toBe('Document')
    expect(created.id).toBe(flipbook.id)
    expect((await client.getItem(created.id, 'Document')).summary).toMatchObject({ name: 'Manual', docType: 'Document', pages: 2 })
    expect((await client.getItem(created.id, 'Flipbook')).summary.name).toBe('Cover')
  })

  it('replaces a Document’s PDF on its host, from a file and from a link; the flipbook with the same ID keeps its own', async () => {
    const { client, pdf } = separate()
    const flipbook = await client.createFromFile(await pdf('leaflet.pdf', 1), { name: 'Leaflet', title: 'Leaflet', docType: 'Flipbook' })
    const document = await client.createFromFile(await pdf('guide.pdf', 2), { name: 'Guide', title: 'Guide', docType: 'Document' })
    await client.replacePdf(document.id, await pdf('guide v2.pdf', 6), 'Document')
    expect((await client.getItem(document.id, 'Document')).summary.pages).toBe(6)
    await client.replacePdfFromUrl(document.id, source.url('/seven.pdf'), 'Document')
    expect((await client.getItem(document.id, 'Document')).summary.pages).toBe(7)
    const served = await request(await client.getPdfUrl(document.id, 'Document'))
    expect(await countPages(new Uint8Array(await served.body.arrayBuffer()))).toBe(7)
    expect((await client.getItem(flipbook.id, 'Flipbook')).summary.pages).toBe(1)
  })
})
