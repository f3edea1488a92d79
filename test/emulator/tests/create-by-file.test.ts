import { readdir } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { request } from 'undici'
import { describe, expect, it } from 'vitest'
import { makePdf, notPdfBytes, largePdfChunks } from '../fixtures/make-pdf'
import { api, apiJson, download, KEY, multipart, uploadJson, useEmulator } from './harness'

const MB = 1024 * 1024

describe('POST /api/create-by-file (§4.3)', () => {
  const emu = useEmulator({ maxFileMb: 2 })

  it('creates the item: ID as a string, URL ending in the slug, Flipbooks_* quota numbers', async () => {
    const pdf = await makePdf(3)
    const { status, body } = await uploadJson(emu(), { fields: { Name: 'Launch Deck', Title: 'Launch' }, file: { name: 'deck.pdf', bytes: pdf } })
    expect(status).toBe(200)
    expect(body).toMatchObject({ Result: 'OK', ID: expect.stringMatching(/^\d+$/) as string })
    expect(typeof body['URL']).toBe('string')
    expect(body['Flipbooks_Count']).toBe(1)
    expect(body['Flipbooks_Max']).toBe(100)
    expect(body['Flipbooks_Left']).toBe(99)
    const item = (await apiJson(emu(), 'GET', `/api/get/${String(body['ID'])}`))['Item'] as Record<string, unknown>
    expect(item['ID']).toBe(Number(body['ID']))
    expect(String(body['URL']).endsWith(`/${String(item['CustomURL'])}`)).toBe(true)
    expect(item).toMatchObject({ Name: 'Launch Deck', Title: 'Launch', DocType: 'Flipbook', Pages: 3 })
    // The thumbnail (IMGPdf) and the stored file (FilePDF) are relative paths under /__files/.
    const thumb = await download(`${emu().baseUrl}/__files/${String(item['IMGPdf'])}`)
    expect(thumb.headers['content-type']).toBe('image/png')
    expect((await download(`${emu().baseUrl}/__files/${String(item['FilePDF'])}`)).bytes.equals(pdf)).toBe(true)
  })

  it('stores the file: get-pdf serves the same bytes', async () => {
    const pdf = await makePdf(2, 'stored bytes')
    const { body } = await uploadJson(emu(), { fields: { Name: 'Stored' }, file: { name: 'a.pdf', bytes: pdf } })
    const url = (await apiJson(emu(), 'GET', `/api/get-pdf/${String(body['ID'])}`))['URL'] as string
    const file = await download(url)
    expect(file.status).toBe(200)
    expect(file.headers['content-type']).toBe('application/pdf')
    expect(file.bytes.equals(pdf)).toBe(true)
  })

  it('gives Pages from the real page count', async () => {
    for (const pages of [1, 7]) {
      const { body } = await uploadJson(emu(), { fields: { Name: `P${String(pages)}` }, file: { name: 'p.pdf', bytes: await makePdf(pages) } })
      const item = (await apiJson(emu(), 'GET', `/api/get/${String(body['ID'])}`))['Item'] as Record<string, unknown>
      expect(item['Pages']).toBe(pages)
    }
  })

  it('judges the bytes, not the name: a PDF named .txt is accepted, non-PDFs named .pdf are refused', async () => {
    const ok = await uploadJson(emu(), { fields: { Name: 'txt' }, file: { name: 'notes.txt', bytes: await makePdf(1), type: 'text/plain' } })
    expect(ok.body['Result']).toBe('OK')
    const fakes = [notPdfBytes(), Buffer.from('%PDF-1.7\nthis is not really a pdf\n'), Buffer.alloc(0)]
    const real = await makePdf(4)
    fakes.push(real.subarray(0, Math.floor(real.length / 2)))
    for (const bytes of fakes) {
      const { status, body } = await uploadJson(emu(), { fields: { Name: 'fake' }, file: { name: 'fake.pdf', bytes } })
      expect(status).toBe(200)
      expect(body).toEqual({ Result: 'ERROR', Message: 'File is not a valid PDF.' })
    }
  })

  it('names the item after the file when Name is empty, and Title after Name', async () => {
    const { body } = await uploadJson(emu(), { file: { name: 'Quarterly Review.pdf', bytes: await makePdf(1) } })
    const item = (await apiJson(emu(), 'GET', `/api/get/${String(body['ID'])}`))['Item'] as Record<string, unknown>
    expect(item).toMatchObject({ Name: 'Quarterly Review', Title: 'Quarterly Review' })
  })

  it('honours DocType on the default host and always makes Documents on the document host', async () => {
    const pdf = await makePdf(1)
    const asDoc = await uploadJson(emu(), { fields: { Name: 'd', DocType: 'Document' }, file: { name: 'd.pdf', bytes: pdf } })
    const docItem = (await apiJson(emu(), 'GET', `/api/get/${String(asDoc.body['ID'])}`))['Item'] as Record<string, unknown>
    expect(docItem['DocType']).toBe('Document')
    const onDocHost = await uploadJson(emu(), { host: 'document', fields: { Name: 'e', DocType: 'Flipbook' }, file: { name: 'e.pdf', bytes: pdf } })
    expect(onDocHost.body).toMatchObject({ Result: 'OK', Documents_Count: 2, Documents_Max: 100, Documents_Left: 98 })
    expect(onDocHost.body['Flipbooks_Count']).toBeUndefined()
    const item = (await apiJson(emu(), 'GET', `/api/get/${String(onDocHost.body['ID'])}`))['Item'] as Record<string, unknown>
    expect(item['DocType']).toBe('Document')
    const bad = await uploadJson(emu(), { fields: { Name: 'x', DocType: 'Book' }, file: { name: 'x.pdf', bytes: pdf } })
    expect(bad.body['Result']).toBe('ERROR')
  })

  it('refuses unknown fields and a missing File', async () => {
    const pdf = await makePdf(1)
    const unknown = await uploadJson(emu(), { fields: { Name: 'x', Titel: 'typo' }, file: { name: 'x.pdf', bytes: pdf } })
    expect(unknown.body).toEqual({ Result: 'ERROR', Message: "Unknown field(s) 'Titel'. Expected: File, Name, Title, DocType" })
    const wrongFileField = await uploadJson(emu(), { fields: { Name: 'x' }, file: { field: 'file', name: 'x.pdf', bytes: pdf } })
    expect(wrongFileField.body['Message']).toBe("Unknown field(s) 'file'. Expected: File, Name, Title, DocType")
    for (const fields of [{ Name: 'x' }, { Name: 'x', File: 'not a file part' }] as Array<Record<string, string>>) {
      expect((await uploadJson(emu(), { fields })).body).toEqual({ Result: 'ERROR', Message: 'File is required.' })
    }
  })

  it('accepts a file of exactly the plan maximum', async () => {
    const bytes = Buffer.concat([...largePdfChunks(2 * MB, 2)])
    const { status, body } = await uploadJson(emu(), { fields: { Name: 'max' }, file: { name: 'max.pdf', bytes } })
    expect(status).toBe(200)
    expect(body['Result']).toBe('OK')
  })

  it('answers 413 at once from Content-Length, before the body is sent', async () => {
    const { body, contentType } = multipart({ Name: 'big' }, { name: 'big.pdf', bytes: Buffer.alloc(16) })
    // Announce 50 MB but send only the head: the answer must come without the rest.
    const declared = 50 * MB
    const stream = new Readable({ read() {} })
    stream.push(body.subarray(0, 100))
    const res = await request(`${emu().baseUrl}/api/create-by-file`, {
      method: 'POST',
      headers: { 'x-api-key': KEY, 'content-type': contentType, 'content-length': String(declared) },
      body: stream
    })
    expect(res.statusCode).toBe(413)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(await res.body.json()).toEqual({ Result: 'ERROR', Message: 'The file exceeds the maximum allowed upload size of 2 MB.' })
    stream.destroy()
  })

  it('answers 413 while a chunked upload streams in, without reading the rest', async () => {
    const total = 64 * MB
    let sent = 0
    const boundary = 'b0undary413'
    async function* body(): AsyncGenerator<Buffer> {
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="File"; filename="huge.pdf"\r\nContent-Type: application/pdf\r\n\r\n`)
      for (const chunk of largePdfChunks(total, 2)) {
        sent += chunk.length
        yield chunk
      }
      yield Buffer.from(`\r\n--${boundary}--\r\n`)
    }
    const res = await request(`${emu().baseUrl}/api/create-by-file`, {
      method: 'POST',
      headers: { 'x-api-key': KEY, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: Readable.from(body())
    })
    expect(res.statusCode).toBe(413)
    expect(res.headers['connection']).toBe('close')
    expect((await res.body.json()) as unknown).toMatchObject({ Result: 'ERROR' })
    expect(sent).toBeLessThan(total / 4)
    // The part file is gone by the time the answer arrives.
    expect(await readdir(`${emu().dataDir}/tmp`)).toEqual([])
    // The server keeps serving.
    expect((await api(emu(), 'GET', '/api/whoami')).status).toBe(200)
  })

  it('leaves no item behind after refused uploads and keeps no temp files', async () => {
    const before = emu().state.items.size
    await uploadJson(emu(), { fields: { Name: 'fake' }, file: { name: 'fake.pdf', bytes: notPdfBytes() } })
    expect(emu().state.items.size).toBe(before)
    expect(emu().state.internalErrors).toEqual([])
    expect(await readdir(`${emu().dataDir}/tmp`)).toEqual([])
  })
})

describe('A-stored-bytes: option rewriteStoredPdf', () => {
  const emu = useEmulator({ rewriteStoredPdf: true })

  it('stores a created PDF with bytes added after its end: same pages, about the same size, not byte for byte the file sent', async () => {
    const pdf = await makePdf(3, 'rewritten')
    const { body } = await uploadJson(emu(), { fields: { Name: 'Rewritten' }, file: { name: 'r.pdf', bytes: pdf } })
    const item = (await apiJson(emu(), 'GET', `/api/get/${String(body['ID'])}`))['Item'] as Record<string, unknown>
    expect(item['Pages']).toBe(3)
    const url = (await apiJson(emu(), 'GET', `/api/get-pdf/${String(body['ID'])}`))['URL'] as string
    const stored = (await download(url)).bytes
    expect(stored.equals(pdf)).toBe(false)
    expect(stored.subarray(0, pdf.length).equals(pdf)).toBe(true)
    expect(stored.length - pdf.length).toBeLessThan(100)
  })
})
