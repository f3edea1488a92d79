import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { makePdf } from '../fixtures/make-pdf'
import type { RunningEmulator } from '../emulator'
import { apiJson, download, KEY, rows, uploadJson, useEmulator } from './harness'
import { startSourceServer, type SourceServer } from './source-server'

type Host = 'base' | 'document'

const NOT_FOUND = { Result: 'ERROR', Message: 'Item not found' }
const QUOTA_FULL = { Result: 'ERROR', Message: "Your plan's item limit has been reached." }

interface Created {
  id: number
  url: string
  slug: string
  pdf: Buffer
}

/** Creates an item by file on a host; each PDF is labelled by its name, so the bytes differ. */
async function create(emu: RunningEmulator, host: Host, name: string, pages = 2, fields: Record<string, string> = {}): Promise<Created> {
  const pdf = await makePdf(pages, name)
  const { body } = await uploadJson(emu, { host, fields: { Name: name, ...fields }, file: { name: `${name}.pdf`, bytes: pdf } })
  expect(body['Result'], JSON.stringify(body)).toBe('OK')
  const url = String(body['URL'])
  return { id: Number(body['ID']), url, slug: url.split('/').pop() ?? '', pdf }
}

async function record(emu: RunningEmulator, host: Host, id: number): Promise<Record<string, unknown>> {
  const body = await apiJson(emu, 'GET', `/api/get/${String(id)}`, { host })
  expect(body['Result'], JSON.stringify(body)).toBe('OK')
  return body['Item'] as Record<string, unknown>
}

async function pdfOf(emu: RunningEmulator, host: Host, id: number): Promise<{ url: string; bytes: Buffer }> {
  const url = String((await apiJson(emu, 'GET', `/api/get-pdf/${String(id)}`, { host }))['URL'])
  return { url, bytes: (await download(url)).bytes }
}

let source: SourceServer
beforeAll(async () => {
  source = await startSourceServer()
})
afterAll(async () => {
  await source.close()
})

describe('separateHostIds: each host has its own items and IDs', () => {
  const emu = useEmulator({ separateHostIds: true, allowSourceHosts: ['127.0.0.1'] })
  beforeEach(() => emu().reset(false))

  it('counts from 1001 on each host, so a Flipbook and a Document share an ID and stay different items', async () => {
    const flip = await create(emu(), 'base', 'Flip', 2)
    const doc = await create(emu(), 'document', 'Doc', 3)
    expect([flip.id, doc.id]).toEqual([1001, 1001])
    expect(await record(emu(), 'base', 1001)).toMatchObject({ ID: 1001, Name: 'Flip', DocType: 'Flipbook', Pages: 2 })
    expect(await record(emu(), 'document', 1001)).toMatchObject({ ID: 1001, Name: 'Doc', DocType: 'Document', Pages: 3 })
    expect((await create(emu(), 'base', 'Flip two')).id).toBe(1002)
    expect((await create(emu(), 'document', 'Doc two')).id).toBe(1002)
    const { state } = emu()
    expect(state.itemOn('base', 1001)?.name).toBe('Flip')
    expect(state.itemOn('document', 1001)?.name).toBe('Doc')
    expect(state.itemsOn('document').size).toBe(2)
    expect(state.allItems().map((i) => [state.hostOf(i), i.id])).toEqual([['base', 1001], ['base', 1002], ['document', 1001], ['document', 1002]])
    expect(() => state.items).toThrow(/itemOn\(host, id\)/)
  })

  it('get, get-pdf and find-by-url on a host see only its own items', async () => {
    const flip = await create(emu(), 'base', 'Flip', 2)
    await create(emu(), 'base', 'Flip two')
    const doc = await create(emu(), 'document', 'Doc', 3)
    expect(await apiJson(emu(), 'GET', '/api/get/1002', { host: 'document' })).toEqual(NOT_FOUND)
    expect(await apiJson(emu(), 'GET', '/api/get-pdf/1002', { host: 'document' })).toEqual(NOT_FOUND)
    const basePdf = await pdfOf(emu(), 'base', 1001)
    const docPdf = await pdfOf(emu(), 'document', 1001)
    expect(basePdf.url.startsWith(`${emu().baseUrl}/__files/`)).toBe(true)
    expect(docPdf.url.startsWith(`${emu().documentUrl}/__files/`)).toBe(true)
    expect(basePdf.bytes.equals(flip.pdf)).toBe(true)
    expect(docPdf.bytes.equals(doc.pdf)).toBe(true)
    const find = (host: Host, url: string): Promise<Record<string, unknown>> =>
      apiJson(emu(), 'GET', `/api/find-by-url?URL=${encodeURIComponent(url)}`, { host })
    expect(((await find('base', flip.url))['Item'] as Record<string, unknown>)['Name']).toBe('Flip')
    expect(((await find('document', doc.slug))['Item'] as Record<string, unknown>)['Name']).toBe('Doc')
    expect(await find('document', flip.url)).toEqual(NOT_FOUND)
    expect(await find('base', doc.slug)).toEqual(NOT_FOUND)
  })

  it('list on a host shows and counts only its own items; DocType=Document on the default host stays there', async () => {
    await create(emu(), 'base', 'Flip')
    await create(emu(), 'document', 'Doc')
    const mixed = await create(emu(), 'base', 'Doc on base', 1, { DocType: 'Document' })
    expect(mixed.id).toBe(1002)
    expect(mixed.url.startsWith(`${emu().baseUrl}/view/`)).toBe(true)
    const base = await apiJson(emu(), 'GET', '/api/list')
    expect(rows(base).map((r) => [r['ID'], r['DocType'], r['Name']])).toEqual([
      [1002, 'Document', 'Doc on base'],
      [1001, 'Flipbook', 'Flip']
    ])
    expect(base).toMatchObject({ TotalRecordCount: 2, TotalItems: 2, UserItems: 2 })
    const document = await apiJson(emu(), 'GET', '/api/list', { host: 'document' })
    expect(rows(document).map((r) => [r['ID'], r['DocType'], r['Name']])).toEqual([[1001, 'Document', 'Doc']])
    expect(document).toMatchObject({ TotalRecordCount: 1, TotalItems: 1, UserItems: 1 })
  })

  it('duplicate copies the item of the host asked, with the next IDs and URLs of that host', async () => {
    await create(emu(), 'base', 'Flip')
    await create(emu(), 'document', 'Doc')
    const dup = await apiJson(emu(), 'POST', '/api/duplicate/1001', { host: 'document', form: { Count: '2' } })
    expect(rows(dup).map((c) => c['ID'])).toEqual(['1002', '1003'])
    for (const c of rows(dup)) expect(String(c['URL']).startsWith(`${emu().documentUrl}/view/`)).toBe(true)
    expect(await record(emu(), 'document', 1002)).toMatchObject({ Name: 'Doc (Copy 1)', DocType: 'Document' })
    expect(await apiJson(emu(), 'GET', '/api/get/1002')).toEqual(NOT_FOUND)
    expect(await apiJson(emu(), 'POST', '/api/duplicate/1002', { form: { Count: '1' } })).toEqual(NOT_FOUND)
    const baseDup = await apiJson(emu(), 'POST', '/api/duplicate/1001', { form: { Count: '1' } })
    expect(rows(baseDup).map((c) => c['ID'])).toEqual(['1002'])
    expect(await record(emu(), 'base', 1002)).toMatchObject({ Name: 'Flip (Copy)', DocType: 'Flipbook' })
  })

  it('replace-pdf and replace-pdf-by-url change only the item of the host asked', async () => {
    await create(emu(), 'base', 'Flip', 2)
    await create(emu(), 'base', 'Flip two', 2)
    await create(emu(), 'document', 'Doc', 3)
    const six = await makePdf(6, 'replacement')
    const put = (host: Host, id: number) =>
      uploadJson(emu(), { host, method: 'PUT', path: `/api/replace-pdf/${String(id)}`, file: { name: 'new.pdf', bytes: six } })
    expect((await put('document', 1001)).body['Result']).toBe('OK')
    expect((await record(emu(), 'document', 1001))['Pages']).toBe(6)
    expect((await record(emu(), 'base', 1001))['Pages']).toBe(2)
    expect((await pdfOf(emu(), 'document', 1001)).bytes.equals(six)).toBe(true)
    expect((await put('document', 1002)).body).toEqual(NOT_FOUND)

    const byUrl = (host: Host, id: number) =>
      apiJson(emu(), 'PUT', `/api/replace-pdf-by-url/${String(id)}`, { host, form: { FileURL: `${source.origin}/other.pdf` } })
    expect((await byUrl('base', 1001))['Result']).toBe('OK')
    expect((await record(emu(), 'base', 1001))['Pages']).toBe(5)
    expect((await record(emu(), 'document', 1001))['Pages']).toBe(6)
    expect(await byUrl('document', 1002)).toEqual(NOT_FOUND)
    expect((await record(emu(), 'base', 1002))['Pages']).toBe(2)
  })

  it('viewer pages and covers stay with their host: same ID, distinct URLs and pictures', async () => {
    const flip = await create(emu(), 'base', 'Flip')
    const doc = await create(emu(), 'document', 'Doc')
    expect(flip.url.startsWith(`${emu().baseUrl}/view/`)).toBe(true)
    expect(doc.url.startsWith(`${emu().documentUrl}/view/`)).toBe(true)
    expect(await (await fetch(flip.url)).text()).toContain('Flip')
    expect(await (await fetch(doc.url)).text()).toContain('Doc')
    expect((await fetch(`${emu().documentUrl}/view/${flip.slug}`)).status).toBe(404)
    expect((await fetch(`${emu().baseUrl}/embed/${doc.slug}`)).status).toBe(404)
    expect(flip.slug).not.toBe(doc.slug)
    const thumbs = [(await record(emu(), 'base', 1001))['IMGPdf'], (await record(emu(), 'document', 1001))['IMGPdf']]
    expect(thumbs).toEqual(['thumbs/1001.png', 'thumbs/1001.png'])
    const baseCover = await download(`${emu().baseUrl}/__files/thumbs/1001.png`)
    const docCover = await download(`${emu().documentUrl}/__files/thumbs/1001.png`)
    expect([baseCover.status, docCover.status, docCover.headers['content-type']]).toEqual([200, 200, 'image/png'])
    expect(baseCover.bytes.equals(docCover.bytes)).toBe(false)
    expect(emu().state.internalErrors).toEqual([])
  })
})

describe('separateHostIds: the quota stays per DocType over both hosts', () => {
  const emu = useEmulator({ separateHostIds: true, maxItems: { flipbooks: 1, documents: 2 } })

  it('fills each kind on its own; a Document made on the default host counts as a Document', async () => {
    const pdf = await makePdf(1)
    const up = (host: Host, name: string, fields: Record<string, string> = {}) =>
      uploadJson(emu(), { host, fields: { Name: name, ...fields }, file: { name: `${name}.pdf`, bytes: pdf } })
    expect((await up('base', 'f1')).body).toMatchObject({ Result: 'OK', ID: '1001', Flipbooks_Count: 1, Flipbooks_Left: 0 })
    expect((await up('base', 'f2')).body).toEqual(QUOTA_FULL)
    expect((await up('document', 'd1')).body).toMatchObject({ Result: 'OK', ID: '1001', Documents_Count: 1, Documents_Left: 1 })
    expect((await up('base', 'd2', { DocType: 'Document' })).body).toMatchObject({ Result: 'OK', ID: '1002', Flipbooks_Count: 1 })
    expect((await up('document', 'd3')).body).toEqual(QUOTA_FULL)
    expect(await apiJson(emu(), 'POST', '/api/duplicate/1001', { host: 'document', form: { Count: '1' } })).toEqual(QUOTA_FULL)
    const sub = (await apiJson(emu(), 'GET', '/api/get-subscription-details', { host: 'document' }))['Subscription'] as Record<string, unknown>
    expect(sub).toMatchObject({ Documents_Count: 2, Documents_Max: 2, Documents_Left: 0 })
    expect(emu().state.quota(KEY, 'Flipbook')).toEqual({ count: 1, max: 1, left: 0 })
    expect(emu().state.quota(KEY, 'Document')).toEqual({ count: 2, max: 2, left: 0 })
  })
})
