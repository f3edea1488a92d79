import { request } from 'undici'
import { describe, expect, it } from 'vitest'
import { makePdf } from '../fixtures/make-pdf'
import { apiJson, KEY, rows, uploadJson, useEmulator } from './harness'

describe('item quota per DocType (§2.4b, §8)', () => {
  const emu = useEmulator({ maxItems: { flipbooks: 2, documents: 1 } })

  it('reports Count/Max/Left after each create and refuses with ERROR when the plan is full', async () => {
    const pdf = await makePdf(1)
    const first = await uploadJson(emu(), { fields: { Name: 'a' }, file: { name: 'a.pdf', bytes: pdf } })
    expect(first.body).toMatchObject({ Flipbooks_Count: 1, Flipbooks_Max: 2, Flipbooks_Left: 1 })
    const second = await uploadJson(emu(), { fields: { Name: 'b' }, file: { name: 'b.pdf', bytes: pdf } })
    expect(second.body).toMatchObject({ Flipbooks_Count: 2, Flipbooks_Max: 2, Flipbooks_Left: 0 })
    const third = await uploadJson(emu(), { fields: { Name: 'c' }, file: { name: 'c.pdf', bytes: pdf } })
    expect(third.status).toBe(200)
    expect(third.body).toEqual({ Result: 'ERROR', Message: "Your plan's item limit has been reached." })
    const dup = await apiJson(emu(), 'POST', `/api/duplicate/${String(first.body['ID'])}`, { form: { Count: '1' } })
    expect(dup).toEqual({ Result: 'ERROR', Message: "Your plan's item limit has been reached." })
    expect((await apiJson(emu(), 'POST', '/api/create-by-url', { form: { FileURL: 'http://example.com/a.pdf' } }))['Message']).toBe(
      "Your plan's item limit has been reached."
    )
  })

  it('keeps the Documents quota separate from the Flipbooks quota', async () => {
    const pdf = await makePdf(1)
    const doc = await uploadJson(emu(), { host: 'document', fields: { Name: 'd' }, file: { name: 'd.pdf', bytes: pdf } })
    expect(doc.body).toMatchObject({ Result: 'OK', Documents_Count: 1, Documents_Max: 1, Documents_Left: 0 })
    const again = await uploadJson(emu(), { host: 'document', fields: { Name: 'e' }, file: { name: 'e.pdf', bytes: pdf } })
    expect(again.body['Result']).toBe('ERROR')
    expect(emu().state.quota(KEY, 'Flipbook')).toEqual({ count: 2, max: 2, left: 0 })
  })
})

describe('Flipbook vs Document by the Host header (§1)', () => {
  const emu = useEmulator({ documentHostNames: ['documents.flipdrop.test'] })

  it('decides by Host, not by the port: a Host override on the default listener reaches the document host', async () => {
    const documentHost = new URL(emu().documentUrl).host
    const viaHost = await request(`${emu().baseUrl}/api/get-subscription-details`, { headers: { 'x-api-key': KEY, host: documentHost } })
    const s = ((await viaHost.body.json()) as { Subscription: Record<string, unknown> }).Subscription
    expect(s['Documents_Max']).toBe(100)
    const named = await request(`${emu().baseUrl}/api/get-subscription-details`, { headers: { 'x-api-key': KEY, host: 'documents.flipdrop.test' } })
    expect(((await named.body.json()) as { Subscription: Record<string, unknown> }).Subscription['Documents_Max']).toBe(100)
    const baseHost = new URL(emu().baseUrl).host
    const back = await request(`${emu().documentUrl}/api/get-subscription-details`, { headers: { 'x-api-key': KEY, host: baseHost } })
    expect(((await back.body.json()) as { Subscription: Record<string, unknown> }).Subscription['Flipbooks_Max']).toBe(100)
  })

  it('lists all items of the key on both hosts, each row with its DocType; viewer URLs on the host of the DocType', async () => {
    const pdf = await makePdf(1)
    const f = await uploadJson(emu(), { fields: { Name: 'flip' }, file: { name: 'f.pdf', bytes: pdf } })
    const d = await uploadJson(emu(), { host: 'document', fields: { Name: 'doc' }, file: { name: 'd.pdf', bytes: pdf } })
    expect(String(f.body['URL']).startsWith(`${emu().baseUrl}/view/`)).toBe(true)
    expect(String(d.body['URL']).startsWith(`${emu().documentUrl}/view/`)).toBe(true)
    for (const host of ['base', 'document'] as const) {
      const listed = rows(await apiJson(emu(), 'GET', '/api/list', { host }))
      expect(listed.map((r) => [r['ID'], r['DocType']])).toEqual([
        [Number(d.body['ID']), 'Document'],
        [Number(f.body['ID']), 'Flipbook']
      ])
    }
    const viewer = await fetch(String(d.body['URL']))
    expect(viewer.status).toBe(200)
    expect(await viewer.text()).toContain('doc')
  })
})

describe('quota under concurrency', () => {
  const emu = useEmulator({ maxItems: 3 })
  it('never creates more than the plan allows, even with concurrent creates', async () => {
    const pdf = await makePdf(1)
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => uploadJson(emu(), { fields: { Name: `c${String(i)}` }, file: { name: 'c.pdf', bytes: pdf } }))
    )
    expect(answers.filter((a) => a.body['Result'] === 'OK')).toHaveLength(3)
    expect(emu().state.quota(KEY, 'Flipbook')).toEqual({ count: 3, max: 3, left: 0 })
  })
})
