import { request } from 'undici'
import { describe, expect, it } from 'vitest'
import { makePdf } from '../fixtures/make-pdf'
import { api, apiJson, KEY, multipart, useEmulator } from './harness'

describe('injected faults (per route and count)', () => {
  const emu = useEmulator()

  const createRaw = async (name: string, bytes?: Buffer) => {
    const { body, contentType } = multipart({ Name: name }, { name: `${name}.pdf`, bytes: bytes ?? (await makePdf(1)) })
    return request(`${emu().baseUrl}/api/create-by-file`, {
      method: 'POST',
      headers: { 'x-api-key': KEY, 'content-type': contentType },
      body,
      // Room for a loaded machine: these requests end by the fault (a reset, a drop), never by this timeout.
      headersTimeout: 20_000
    })
  }
  const named = (name: string): number => [...emu().state.items.values()].filter((i) => i.name === name).length

  it('latency delays the answer by ms, then answers normally', async () => {
    emu().faults.add({ route: '/api/whoami', kind: 'latency', ms: 300 })
    const started = Date.now()
    const a = await api(emu(), 'GET', '/api/whoami')
    expect(Date.now() - started).toBeGreaterThanOrEqual(290)
    expect(a.status).toBe(200)
  })

  it('stall never answers (until the client gives up), or cuts the connection after ms', async () => {
    emu().faults.add({ route: '/api/list', kind: 'stall' })
    await expect(request(`${emu().baseUrl}/api/list`, { headers: { 'x-api-key': KEY }, headersTimeout: 300 })).rejects.toThrow()
    emu().faults.add({ route: '/api/list', kind: 'stall', ms: 100 })
    await expect(request(`${emu().baseUrl}/api/list`, { headers: { 'x-api-key': KEY } })).rejects.toThrow()
    expect((await api(emu(), 'GET', '/api/list')).status).toBe(200)
  })

  it('reset-request resets the connection after N bytes of the request body; nothing is created', async () => {
    emu().faults.add({ route: '/api/create-by-file', kind: 'reset-request', bytes: 4096 })
    await expect(createRaw('reset-request', Buffer.concat([await makePdf(1), Buffer.alloc(512 * 1024)]))).rejects.toThrow()
    expect(named('reset-request')).toBe(0)
  })

  it('reset-response commits the create, then resets after N bytes of the answer', async () => {
    emu().faults.add({ route: '/api/create-by-file', kind: 'reset-response', bytes: 10 })
    await expect(createRaw('reset-response').then((r) => r.body.text())).rejects.toThrow()
    expect(named('reset-response')).toBe(1)
  })

  it('commit-then-drop performs the create and drops the connection without an answer', async () => {
    emu().faults.add({ route: '/api/create-by-file', kind: 'commit-then-drop' })
    await expect(createRaw('dropped')).rejects.toThrow()
    expect(named('dropped')).toBe(1)
    const log = emu().state.requests.filter((r) => r.fault === 'commit-then-drop')
    expect(log.at(-1)?.status).toBe(-1)
  })

  it('status answers a 5xx HTML page without performing the operation or rate headers', async () => {
    emu().faults.add({ route: '/api/create-by-file', kind: 'status', status: 503 })
    const res = await createRaw('status')
    expect(res.statusCode).toBe(503)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.headers['x-ratelimit-limit']).toBeUndefined()
    await res.body.text()
    expect(named('status')).toBe(0)
  })

  it('html answers HTTP 200 with an HTML page; broken-json answers 200 with JSON cut short', async () => {
    emu().faults.add([
      { route: '/api/whoami', kind: 'html' },
      { route: '/api/whoami', kind: 'broken-json' }
    ])
    const html = await api(emu(), 'GET', '/api/whoami')
    expect(html.status).toBe(200)
    expect(html.headers['content-type']).toMatch(/^text\/html/)
    const broken = await api(emu(), 'GET', '/api/whoami')
    expect(broken.status).toBe(200)
    expect(broken.headers['content-type']).toMatch(/^application\/json/)
    expect(() => JSON.parse(broken.text) as unknown).toThrow()
    expect(broken.text.startsWith('{"Result":"OK"')).toBe(true)
  })

  it('commit: true performs the operation before replacing the answer', async () => {
    emu().faults.add({ route: '/api/create-by-file', kind: 'broken-json', commit: true })
    const res = await createRaw('committed-broken')
    expect(res.statusCode).toBe(200)
    await expect(res.body.json()).rejects.toThrow()
    expect(named('committed-broken')).toBe(1)
  })

  it('count, after and method pick which requests are hit; "always" never runs out', async () => {
    emu().faults.add({ route: '/api/get-profile', method: 'GET', kind: 'status', status: 500, count: 2, after: 1 })
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) statuses.push((await api(emu(), 'GET', '/api/get-profile')).status)
    expect(statuses).toEqual([200, 500, 500, 200])
    emu().faults.add({ route: '/api/get', method: 'POST', kind: 'status' })
    expect((await api(emu(), 'GET', '/api/get/1')).status).toBe(200)
    emu().faults.clear()
    emu().faults.add({ route: '*', kind: 'status', status: 502, count: 'always' })
    for (let i = 0; i < 3; i++) expect((await api(emu(), 'GET', '/api/list-skins')).status).toBe(502)
    emu().faults.clear()
  })

  it('prefix routes match path parameters, and public file URLs can fail too', async () => {
    const { body, contentType } = multipart({ Name: 'file-fault' }, { name: 'f.pdf', bytes: await makePdf(2) })
    const created = await apiJson(emu(), 'POST', '/api/create-by-file', { headers: { 'content-type': contentType }, body })
    const url = (await apiJson(emu(), 'GET', `/api/get-pdf/${String(created['ID'])}`))['URL'] as string
    emu().faults.add({ route: '/__files', kind: 'reset-response', bytes: 100 })
    await expect(request(url).then((r) => r.body.arrayBuffer())).rejects.toThrow()
    emu().faults.add({ route: '/api/get', kind: 'status', status: 504 })
    expect((await api(emu(), 'GET', `/api/get/${String(created['ID'])}`)).status).toBe(504)
    expect((await request(url)).statusCode).toBe(200)
  })

  it('portal: every request meets a sign-in page (200) or a redirect to it (302) before the service, until it is removed', async () => {
    const before = named('behind-portal')
    const [portal] = emu().faults.add({ route: '*', kind: 'portal', count: 'always' })
    const page = await api(emu(), 'GET', '/api/whoami')
    expect(page.status).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.headers['x-ratelimit-limit']).toBeUndefined()
    expect(page.text).toContain('sign in')
    // No key is checked: the portal answers before the service would say 401.
    const keyless = await request(`${emu().baseUrl}/api/whoami`)
    expect(keyless.statusCode).toBe(200)
    await keyless.body.dump()
    const upload = await createRaw('behind-portal')
    expect(upload.statusCode).toBe(200)
    await upload.body.dump()
    expect(named('behind-portal')).toBe(before)
    emu().faults.remove(portal?.id ?? -1)
    expect((await api(emu(), 'GET', '/api/whoami')).headers['content-type']).toMatch(/^application\/json/)

    emu().faults.add({ route: '*', kind: 'portal', status: 302, count: 1 })
    const moved = await api(emu(), 'GET', '/api/list')
    expect(moved.status).toBe(302)
    expect(moved.headers['location']).toMatch(/^http:\/\/login\.portal\.invalid\//)
    // commit: the request went through a proxy that replaced only the answer.
    emu().faults.add({ route: '/api/create-by-file', kind: 'portal', commit: true })
    const forwarded = await createRaw('forwarded-portal')
    expect(forwarded.headers['content-type']).toMatch(/^text\/html/)
    await forwarded.body.dump()
    expect(named('forwarded-portal')).toBe(1)
  })

  it('latency with maxMs waits a random time in that range', async () => {
    emu().faults.add({ route: '/api/whoami', kind: 'latency', ms: 150, maxMs: 300, count: 3 })
    for (let i = 0; i < 3; i++) {
      const started = Date.now()
      expect((await api(emu(), 'GET', '/api/whoami')).status).toBe(200)
      expect(Date.now() - started).toBeGreaterThanOrEqual(140)
    }
  })

  it('is driven over HTTP too: POST, GET and DELETE /__emulator/faults', async () => {
    const added = await fetch(`${emu().baseUrl}/__emulator/faults`, {
      method: 'POST',
      body: JSON.stringify({ route: '/api/list-currencies', kind: 'status', status: 500, count: 3 })
    })
    expect(added.status).toBe(200)
    const listed = (await (await fetch(`${emu().baseUrl}/__emulator/faults`)).json()) as { faults: unknown[] }
    expect(listed.faults).toHaveLength(1)
    expect((await api(emu(), 'GET', '/api/list-currencies')).status).toBe(500)
    await fetch(`${emu().baseUrl}/__emulator/faults`, { method: 'DELETE' })
    expect((await api(emu(), 'GET', '/api/list-currencies')).status).toBe(200)
    const bad = await fetch(`${emu().baseUrl}/__emulator/faults`, { method: 'POST', body: JSON.stringify({ route: '/x', kind: 'explode' }) })
    expect(bad.status).toBe(400)
    expect(emu().state.internalErrors).toEqual([])
  })
})
