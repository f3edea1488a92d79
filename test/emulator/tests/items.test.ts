import { describe, expect, it } from 'vitest'
import { countPages } from '../fixtures/make-pdf'
import { DATE_PATTERNS } from '../formats'
import { fieldProblems, RECORD_FIELDS } from '../contract/record-fields'
import { apiJson, download, OTHER_KEY, rows, useEmulator, KEY } from './harness'
import type { StoredItem } from '../state/types'

describe('reading items: get, find-by-url, list, get-pdf (§4.4)', () => {
  const emu = useEmulator({ seed: true, utcOffsetMinutes: 330 })
  const mine = (): StoredItem[] => emu().state.itemsOf(KEY)
  const list = async (query: string): Promise<Record<string, unknown>> => apiJson(emu(), 'GET', `/api/list${query}`)
  const listIds = async (query: string): Promise<number[]> => rows(await list(query)).map((r) => r['ID'] as number)

  it('get returns the full record: every field of §2.6 with its type, about 190 fields, ID a number', async () => {
    const item = mine()[0]
    const body = await apiJson(emu(), 'GET', `/api/get/${String(item?.id)}`)
    const record = body['Item'] as Record<string, unknown>
    expect(fieldProblems(record, RECORD_FIELDS)).toEqual([])
    expect(Object.keys(record).length).toBeGreaterThanOrEqual(185)
    expect(record['ID']).toBe(item?.id)
    expect(record['CreatedOn']).toMatch(DATE_PATTERNS.dotNetDate)
    expect(record['CreatedOnIso']).toMatch(/\+05:30$/)
    expect(typeof record['IsUnpublished']).toBe('boolean')
  })

  it('answers "Item not found" for a missing, malformed or foreign item on every item operation', async () => {
    const foreign = (await apiJson(emu(), 'POST', '/api/duplicate/999999', { form: {} }))['Message']
    expect(foreign).toBe('Item not found')
    const id = mine()[0]?.id ?? 0
    const slug = mine()[0]?.slug ?? ''
    const notFound = { Result: 'ERROR', Message: 'Item not found' }
    for (const key of [OTHER_KEY]) {
      expect(await apiJson(emu(), 'GET', `/api/get/${String(id)}`, { key })).toEqual(notFound)
      expect(await apiJson(emu(), 'GET', `/api/get-pdf/${String(id)}`, { key })).toEqual(notFound)
      expect(await apiJson(emu(), 'GET', `/api/find-by-url?URL=${slug}`, { key })).toEqual(notFound)
      expect(await apiJson(emu(), 'POST', `/api/duplicate/${String(id)}`, { key, form: { Count: '1' } })).toEqual(notFound)
      expect(await apiJson(emu(), 'PUT', `/api/replace-pdf-by-url/${String(id)}`, { key, form: { FileURL: 'http://x.example/a.pdf' } })).toEqual(notFound)
    }
    for (const bad of ['0', '-1', 'abc', '1.5', '99999999999999999999']) {
      expect(await apiJson(emu(), 'GET', `/api/get/${bad}`)).toEqual(notFound)
    }
  })

  it('find-by-url takes a full viewer URL, a CNAME URL or a bare slug, and returns the same record as get', async () => {
    const item = mine().find((i) => i.cname !== '') ?? mine()[0]
    if (!item) throw new Error('no seeded items')
    const viaGet = (await apiJson(emu(), 'GET', `/api/get/${String(item.id)}`))['Item'] as Record<string, unknown>
    expect(String(viaGet['FullURL'])).toBe(`https://${item.cname}/${item.slug}`)
    const forms = [
      String(viaGet['FullURL']),
      `${emu().baseUrl}/view/${item.slug}`,
      `${emu().baseUrl}/view/${item.slug}/?utm_source=mail#page=2`,
      `https://docs.example.com/${item.slug}`,
      item.slug,
      item.slug.toUpperCase()
    ]
    for (const url of forms) {
      const body = await apiJson(emu(), 'GET', `/api/find-by-url?URL=${encodeURIComponent(url)}`)
      expect(body['Item'], url).toEqual(viaGet)
    }
    expect(await apiJson(emu(), 'GET', '/api/find-by-url?URL=')).toMatchObject({ Result: 'ERROR' })
  })

  it('list rows carry list-only fields and CreatedOn as `Mon DD YYYY h:mmAM` in the server zone', async () => {
    const body = await list('?PageSize=100')
    for (const row of rows(body)) {
      expect(row['CreatedOn']).toMatch(DATE_PATTERNS.listCreatedOn)
      expect(row['CreatedOnIso']).toMatch(/\+05:30$/)
      expect(row['IsUnpublished']).toMatch(/^[01]$/)
      expect(typeof row['ID']).toBe('number')
      const stored = emu().state.items.get(row['ID'] as number)
      expect(Date.parse(row['CreatedOnIso'] as string)).toBe(Math.floor((stored?.createdMs ?? 0) / 1000) * 1000)
    }
    expect(new Set(rows(body).map((r) => r['DocType']))).toEqual(new Set(['Flipbook', 'Document']))
  })

  it('list defaults: PageNo 1, PageSize 20, newest first; counts are numbers and Capped false', async () => {
    const body = await list('')
    const expected = [...mine()].sort((a, b) => b.createdMs - a.createdMs || b.id - a.id).map((i) => i.id)
    expect(rows(body).map((r) => r['ID'])).toEqual(expected.slice(0, 20))
    expect(body).toMatchObject({ TotalRecordCount: 36, TotalItems: 36, UserItems: 36, PageSize: 20, Capped: false })
  })

  it('list pages with PageNo/PageSize; Offset overrides PageNo; invalid values fall back silently', async () => {
    const all = await listIds('?PageSize=100')
    expect(await listIds('?PageNo=2&PageSize=5')).toEqual(all.slice(5, 10))
    expect(await listIds('?Offset=7&PageSize=5')).toEqual(all.slice(7, 12))
    expect(await listIds('?Offset=7&PageNo=3&PageSize=5')).toEqual(all.slice(7, 12))
    expect(await listIds('?PageNo=0&PageSize=abc')).toEqual(all.slice(0, 20))
    expect(await listIds('?PageNo=-4&PageSize=-1&Offset=-3')).toEqual(all.slice(0, 20))
    expect(await listIds('?PageNo=99&PageSize=10')).toEqual([])
  })

  it('list caps PageSize at 100 and says so with Capped', async () => {
    const body = await list('?PageSize=500')
    expect(body).toMatchObject({ PageSize: 100, Capped: true })
    expect((await list('?PageSize=100'))['Capped']).toBe(false)
  })

  it('list filters by Folder (exact) and SearchText (Name or Title, case-insensitive)', async () => {
    const reports = rows(await list('?Folder=Reports&PageSize=100'))
    expect(reports.map((r) => r['ID']).sort()).toEqual(mine().filter((i) => i.folder === 'Reports').map((i) => i.id).sort())
    expect(reports.length).toBeGreaterThan(0)
    const body = await list('?SearchText=QUARTERLY&PageSize=100')
    const expected = mine().filter((i) => `${i.name} ${i.title}`.toLowerCase().includes('quarterly'))
    expect(rows(body).map((r) => r['ID']).sort()).toEqual(expected.map((i) => i.id).sort())
    expect(body['TotalRecordCount']).toBe(expected.length)
    expect(body['TotalItems']).toBe(36)
    const titled = mine()[3]
    if (!titled) throw new Error('no item')
    await fetch(`${emu().baseUrl}/__emulator/items/${String(titled.id)}`, { method: 'PATCH', body: JSON.stringify({ Title: 'Zebra Crossing Report' }) })
    expect(await listIds('?SearchText=zebra')).toEqual([titled.id])
    expect(await listIds('?Folder=Reports&SearchText=zebra')).toEqual(titled.folder === 'Reports' ? [titled.id] : [])
  })

  it('list sorts by Name, DocType, CreatedOn, NoOfViews, NoOfLeads, ASC and DESC', async () => {
    const keys: Record<string, (i: StoredItem) => string | number> = {
      Name: (i) => i.name.toLowerCase(),
      DocType: (i) => i.docType,
      CreatedOn: (i) => i.createdMs,
      NoOfViews: (i) => i.views,
      NoOfLeads: (i) => i.leads
    }
    for (const [sortBy, key] of Object.entries(keys)) {
      for (const order of ['ASC', 'DESC']) {
        const got = await listIds(`?SortBy=${sortBy}&SortOrder=${order}&PageSize=100`)
        const values = got.map((id) => key(emu().state.items.get(id) as StoredItem))
        const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
        expect(values, `${sortBy} ${order}`).toEqual(order === 'ASC' ? sorted : sorted.reverse())
      }
    }
  })

  it('list falls back silently: unknown SortBy → default order, unknown SortOrder → ASC, SortOrder ignored without SortBy', async () => {
    const defaultOrder = await listIds('?PageSize=100')
    expect(await listIds('?SortBy=Colour&SortOrder=DESC&PageSize=100')).toEqual(defaultOrder)
    expect(await listIds('?SortOrder=ASC&PageSize=100')).toEqual(defaultOrder)
    expect(await listIds('?SortBy=Name&SortOrder=Upwards&PageSize=100')).toEqual(await listIds('?SortBy=Name&SortOrder=ASC&PageSize=100'))
  })

  it('get-pdf returns a public URL from which the stored PDF downloads; the merged one when a wrap exists', async () => {
    const wrapped = mine().find((i) => i.mergedFileId !== '')
    if (!wrapped) throw new Error('seed has no wrapped item')
    const url = (await apiJson(emu(), 'GET', `/api/get-pdf/${String(wrapped.id)}`))['URL'] as string
    const file = await download(url)
    expect(file.status).toBe(200)
    expect(Number(file.headers['content-length'])).toBe(file.bytes.length)
    const record = (await apiJson(emu(), 'GET', `/api/get/${String(wrapped.id)}`))['Item'] as Record<string, unknown>
    expect(await countPages(file.bytes)).toBe(record['Pages'])
    expect(record['FrontPDF']).not.toBe('')
    expect(record['BackPDF']).not.toBe('')
    const head = await fetch(url, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect((await fetch(`${emu().baseUrl}/__files/pdf/nope.pdf`)).status).toBe(404)
  })
})
