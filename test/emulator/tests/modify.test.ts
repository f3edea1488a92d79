import { readdir } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countPages, largePdfChunks, makePdf, notPdfBytes } from '../fixtures/make-pdf'
import { apiJson, download, KEY, OTHER_KEY, rows, uploadJson, useEmulator } from './harness'
import { startSourceServer, type SourceServer } from './source-server'

let source: SourceServer
beforeAll(async () => {
  source = await startSourceServer()
})
afterAll(async () => {
  await source.close()
})

async function createOne(emu: Parameters<typeof apiJson>[0], name: string, pages = 2): Promise<number> {
  const { body } = await uploadJson(emu, { fields: { Name: name }, file: { name: `${name}.pdf`, bytes: await makePdf(pages, name) } })
  return Number(body['ID'])
}

async function record(emu: Parameters<typeof apiJson>[0], id: number): Promise<Record<string, unknown>> {
  return (await apiJson(emu, 'GET', `/api/get/${String(id)}`))['Item'] as Record<string, unknown>
}

describe('POST /api/duplicate/{id} (§4.5)', () => {
  const emu = useEmulator({ maxItems: 200 })

  it('makes Count copies, each with a new ID (a string) and its own share URL, visible in list', async () => {
    const id = await createOne(emu(), 'Original')
    const body = await apiJson(emu(), 'POST', `/api/duplicate/${String(id)}`, { form: { Count: '3' } })
    expect(body['Result']).toBe('OK')
    expect(body['Count']).toBe(3)
    const copies = rows(body)
    expect(copies).toHaveLength(3)
    for (const c of copies) {
      expect(c['ID']).toMatch(/^\d+$/)
      expect(typeof c['URL']).toBe('string')
    }
    expect(new Set(copies.map((c) => c['URL'])).size).toBe(3)
    expect(new Set(copies.map((c) => c['ID'])).size).toBe(3)
    const listed = rows(await apiJson(emu(), 'GET', '/api/list?PageSize=100')).map((r) => r['ID'])
    for (const c of copies) expect(listed).toContain(Number(c['ID']))
    const copy = await record(emu(), Number(copies[0]?.['ID']))
    expect(copy).toMatchObject({ Pages: 2, NoOfViews: 0 })
    expect(copy['CustomURL']).not.toBe((await record(emu(), id))['CustomURL'])
  })

  it('clamps Count to 1..20 and defaults it to 1', async () => {
    const id = await createOne(emu(), 'Clamp')
    const count = async (form: Record<string, string>): Promise<unknown> =>
      (await apiJson(emu(), 'POST', `/api/duplicate/${String(id)}`, { form }))['Count']
    expect(await count({ Count: '25' })).toBe(20)
    expect(await count({ Count: '0' })).toBe(1)
    expect(await count({ Count: '-3' })).toBe(1)
    expect(await count({})).toBe(1)
    expect((await apiJson(emu(), 'POST', `/api/duplicate/${String(id)}`, { form: { Count: 'many' } }))['Result']).toBe('ERROR')
  })

  it('refuses unknown fields', async () => {
    const id = await createOne(emu(), 'Unknown')
    expect(await apiJson(emu(), 'POST', `/api/duplicate/${String(id)}`, { form: { Cnt: '2' } })).toEqual({
      Result: 'ERROR',
      Message: "Unknown field(s) 'Cnt'. Expected: Count"
    })
  })
})

describe('duplicate bound is configurable', () => {
  const emu = useEmulator({ duplicateMax: 500, maxItems: 1000 })
  it('clamps at the configured bound (the spec also states 1 to 500)', async () => {
    const id = await createOne(emu(), 'Many', 1)
    expect((await apiJson(emu(), 'POST', `/api/duplicate/${String(id)}`, { form: { Count: '600' } }))['Count']).toBe(500)
  })
})

describe('PUT /api/replace-pdf/{id} and /api/replace-pdf-by-url/{id} (§4.5)', () => {
  const emu = useEmulator({ seed: true, maxFileMb: 1, allowSourceHosts: ['127.0.0.1'], sourceTimeoutS: 0.5 })

  it('replaces the file and keeps ID, slug and settings; Pages and the served PDF follow the new file', async () => {
    const id = await createOne(emu(), 'Replace me', 2)
    await fetch(`${emu().baseUrl}/__emulator/items/${String(id)}`, { method: 'PATCH', body: JSON.stringify({ ColorPanel: '#123456', IsPrint: true }) })
    const before = await record(emu(), id)
    const pdf = await makePdf(6, 'replacement')
    const { status, body } = await uploadJson(emu(), { method: 'PUT', path: `/api/replace-pdf/${String(id)}`, file: { name: 'new.pdf', bytes: pdf } })
    expect(status).toBe(200)
    expect(body).toEqual({ Result: 'OK', Message: expect.any(String) as string })
    const after = await record(emu(), id)
    expect(after).toMatchObject({ ID: id, CustomURL: before['CustomURL'], FullURL: before['FullURL'], ColorPanel: '#123456', IsPrint: true, Pages: 6 })
    const url = (await apiJson(emu(), 'GET', `/api/get-pdf/${String(id)}`))['URL'] as string
    expect((await download(url)).bytes.equals(pdf)).toBe(true)
  })

  it('re-merges with an existing front/back wrap', async () => {
    const wrapped = emu().state.itemsOf(KEY).find((i) => i.mergedFileId !== '')
    if (!wrapped) throw new Error('no wrapped item in the seed')
    const { body } = await uploadJson(emu(), { method: 'PUT', path: `/api/replace-pdf/${String(wrapped.id)}`, file: { name: 'n.pdf', bytes: await makePdf(5) } })
    expect(body['Result']).toBe('OK')
    const after = await record(emu(), wrapped.id)
    expect(after['Pages']).toBe(7)
    const url = (await apiJson(emu(), 'GET', `/api/get-pdf/${String(wrapped.id)}`))['URL'] as string
    expect(await countPages((await download(url)).bytes)).toBe(7)
  })

  it('answers "Item not found", "File is not a valid PDF.", "Unknown field(s)" and 413', async () => {
    const id = await createOne(emu(), 'Errors')
    const pdf = await makePdf(1)
    const put = (path: string, file: Buffer, key?: string, field?: string) =>
      uploadJson(emu(), { method: 'PUT', path, key, file: { name: 'x.pdf', bytes: file, field } })
    expect((await put('/api/replace-pdf/999999', pdf)).body).toEqual({ Result: 'ERROR', Message: 'Item not found' })
    expect((await put(`/api/replace-pdf/${String(id)}`, pdf, OTHER_KEY)).body).toEqual({ Result: 'ERROR', Message: 'Item not found' })
    expect((await put(`/api/replace-pdf/${String(id)}`, notPdfBytes())).body).toEqual({ Result: 'ERROR', Message: 'File is not a valid PDF.' })
    expect((await put(`/api/replace-pdf/${String(id)}`, pdf, undefined, 'Pdf')).body).toEqual({
      Result: 'ERROR',
      Message: "Unknown field(s) 'Pdf'. Expected: File"
    })
    const big = await put(`/api/replace-pdf/${String(id)}`, Buffer.concat([...largePdfChunks(1024 * 1024 + 1)]))
    expect(big.status).toBe(413)
    expect(big.body['Result']).toBe('ERROR')
    // The part received before the limit is deleted by the time the answer arrives.
    expect(await readdir(`${emu().dataDir}/tmp`)).toEqual([])
    expect((await record(emu(), id))['Pages']).toBe(2)
  })

  it('replace-pdf-by-url downloads the new file and keeps ID and share link', async () => {
    const id = await createOne(emu(), 'By URL', 2)
    const before = await record(emu(), id)
    const body = await apiJson(emu(), 'PUT', `/api/replace-pdf-by-url/${String(id)}`, { form: { FileURL: `${source.origin}/other.pdf` } })
    expect(body).toEqual({ Result: 'OK', Message: expect.any(String) as string })
    expect(await record(emu(), id)).toMatchObject({ ID: id, Pages: 5, FullURL: before['FullURL'] })
  })

  it('replace-pdf-by-url errors: Item not found, Unknown field(s), host rules, timeout', async () => {
    const id = await createOne(emu(), 'By URL errors', 2)
    const put = (path: string, form: Record<string, string>) => apiJson(emu(), 'PUT', path, { form })
    expect(await put('/api/replace-pdf-by-url/999999', { FileURL: `${source.origin}/other.pdf` })).toEqual({ Result: 'ERROR', Message: 'Item not found' })
    expect(await put(`/api/replace-pdf-by-url/${String(id)}`, { FileUrl: 'x' })).toEqual({
      Result: 'ERROR',
      Message: "Unknown field(s) 'FileUrl'. Expected: FileURL"
    })
    expect(await put(`/api/replace-pdf-by-url/${String(id)}`, { FileURL: 'http://192.168.0.1/a.pdf' })).toEqual({
      Result: 'ERROR',
      Message: 'FileURL host is not allowed.'
    })
    expect(await put(`/api/replace-pdf-by-url/${String(id)}`, { FileURL: `${source.origin}/stall` })).toEqual({
      Result: 'ERROR',
      Message: 'Source URL timed out after 0.5s'
    })
    expect((await record(emu(), id))['Pages']).toBe(2)
  })
})
