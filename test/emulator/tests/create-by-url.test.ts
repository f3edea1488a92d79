import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiJson, download, multipart, useEmulator } from './harness'
import { startSourceServer, type SourceServer } from './source-server'

let source: SourceServer
beforeAll(async () => {
  source = await startSourceServer()
})
afterAll(async () => {
  await source.close()
})

describe('POST /api/create-by-url (§4.3)', () => {
  const emu = useEmulator({ allowSourceHosts: ['127.0.0.1'], blockedSourceHosts: ['evil.example.com'], sourceTimeoutS: 0.5, maxFileMb: 2 })
  const create = (form: Record<string, string>, host?: 'document'): Promise<Record<string, unknown>> =>
    apiJson(emu(), 'POST', '/api/create-by-url', { form, host })

  it('downloads the file itself and creates the item: same answer shape as create-by-file', async () => {
    const body = await create({ FileURL: `${source.origin}/doc.pdf`, Name: 'From URL', Title: 'T' })
    expect(body).toMatchObject({ Result: 'OK', ID: expect.stringMatching(/^\d+$/) as string, Flipbooks_Count: 1, Flipbooks_Max: 100, Flipbooks_Left: 99 })
    const item = (await apiJson(emu(), 'GET', `/api/get/${String(body['ID'])}`))['Item'] as Record<string, unknown>
    expect(item).toMatchObject({ Name: 'From URL', Title: 'T', Pages: 3, DocType: 'Flipbook' })
    expect(String(body['URL']).endsWith(String(item['CustomURL']))).toBe(true)
    const url = (await apiJson(emu(), 'GET', `/api/get-pdf/${String(body['ID'])}`))['URL'] as string
    expect((await download(url)).bytes.equals(source.pdf)).toBe(true)
  })

  it('accepts multipart form bodies too, follows redirects, names the item after the URL file, Documents on the document host', async () => {
    const body = await create({ FileURL: `${source.origin}/files/Annual%20Plan.pdf` }, 'document')
    expect(body).toMatchObject({ Result: 'OK', Documents_Count: 1 })
    const item = (await apiJson(emu(), 'GET', `/api/get/${String(body['ID'])}`))['Item'] as Record<string, unknown>
    expect(item).toMatchObject({ Name: 'Annual Plan', DocType: 'Document' })
    expect((await create({ FileURL: `${source.origin}/redirect-ok` }))['Result']).toBe('OK')
    const { body: form, contentType } = multipart({ FileURL: `${source.origin}/other.pdf`, Name: 'Multipart form' })
    const viaMultipart = await apiJson(emu(), 'POST', '/api/create-by-url', { headers: { 'content-type': contentType }, body: form })
    expect(viaMultipart['Result']).toBe('OK')
    const other = (await apiJson(emu(), 'GET', `/api/get/${String(viaMultipart['ID'])}`))['Item'] as Record<string, unknown>
    expect(other).toMatchObject({ Name: 'Multipart form', Pages: 5 })
  })

  it('refuses private and disallowed hosts with "FileURL host is not allowed."', async () => {
    const refused = [
      `http://localhost:${String(source.port)}/doc.pdf`,
      `http://127.0.0.2:${String(source.port)}/doc.pdf`,
      `http://0x7f000002:${String(source.port)}/doc.pdf`,
      `http://[::1]:${String(source.port)}/doc.pdf`,
      'http://10.1.2.3/doc.pdf',
      'http://172.20.0.5/doc.pdf',
      'http://192.168.1.10/doc.pdf',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/doc.pdf',
      'http://[fd00::1]/doc.pdf',
      'http://[::ffff:10.0.0.1]/doc.pdf',
      'http://intranet/doc.pdf',
      'http://printer.local/doc.pdf',
      'http://evil.example.com/doc.pdf',
      `${source.origin}/redirect-private`
    ]
    for (const FileURL of refused) {
      expect(await create({ FileURL }), FileURL).toEqual({ Result: 'ERROR', Message: 'FileURL host is not allowed.' })
    }
  })

  it('fails with "Source URL timed out after <n>s" for a slow or unreachable source (n configurable)', async () => {
    const expected = { Result: 'ERROR', Message: 'Source URL timed out after 0.5s' }
    const started = Date.now()
    expect(await create({ FileURL: `${source.origin}/stall` })).toEqual(expected)
    expect(Date.now() - started).toBeGreaterThanOrEqual(450)
    expect(await create({ FileURL: `${source.origin}/trickle` })).toEqual(expected)
    expect(await create({ FileURL: 'http://127.0.0.1:1/doc.pdf' })).toEqual(expected)
  })

  it('refuses a source that is not a PDF, not found, too big, or not an http(s) URL', async () => {
    expect(await create({ FileURL: `${source.origin}/not-a-pdf` })).toEqual({ Result: 'ERROR', Message: 'File is not a valid PDF.' })
    expect((await create({ FileURL: `${source.origin}/missing` }))['Result']).toBe('ERROR')
    expect(await create({ FileURL: `${source.origin}/big` })).toEqual({
      Result: 'ERROR',
      Message: 'The file exceeds the maximum allowed upload size of 2 MB.'
    })
    for (const FileURL of ['ftp://example.com/a.pdf', 'file:///etc/passwd', 'not a url', '']) {
      expect((await create({ FileURL }))['Result'], FileURL).toBe('ERROR')
    }
  })

  it('refuses unknown body fields with the "Unknown field(s)" message', async () => {
    expect(await create({ FileURL: `${source.origin}/doc.pdf`, Url: 'x', Nmae: 'y' })).toEqual({
      Result: 'ERROR',
      Message: "Unknown field(s) 'Url, Nmae'. Expected: FileURL, Name, Title, DocType"
    })
  })

  it('refuses JSON bodies (the contract shows form bodies only)', async () => {
    const body = await apiJson(emu(), 'POST', '/api/create-by-url', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ FileURL: `${source.origin}/doc.pdf` })
    })
    expect(body).toMatchObject({ Result: 'ERROR', Message: expect.stringContaining('Content-Type') as string })
  })
})

describe('create-by-url without an allow-list', () => {
  const emu = useEmulator()
  it('refuses loopback sources', async () => {
    const body = await apiJson(emu(), 'POST', '/api/create-by-url', { form: { FileURL: `${source.origin}/doc.pdf` } })
    expect(body).toEqual({ Result: 'ERROR', Message: 'FileURL host is not allowed.' })
  })
})
