import { Readable } from 'node:stream'
import { connect } from 'node:net'
import { request } from 'undici'
import { describe, expect, it } from 'vitest'
import { makePdf } from '../fixtures/make-pdf'
import { api, apiJson, KEY, useEmulator } from './harness'

/** Sends raw bytes on a fresh TCP connection and returns whatever comes back before close. */
function raw(origin: string, payload: string | Buffer, waitMs = 1500): Promise<string> {
  const { hostname, port } = new URL(origin)
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    const socket = connect(Number(port), hostname, () => socket.end(payload))
    socket.on('data', (c: Buffer) => chunks.push(c))
    socket.on('error', () => resolve(Buffer.concat(chunks).toString('latin1')))
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')))
    setTimeout(() => {
      socket.destroy()
      resolve(Buffer.concat(chunks).toString('latin1'))
    }, waitMs).unref()
  })
}

describe('bad requests never crash the emulator', () => {
  const emu = useEmulator({ maxFileMb: 5 })
  const stillServes = async (): Promise<void> => {
    expect((await api(emu(), 'GET', '/api/whoami')).status).toBe(200)
    expect(emu().state.internalErrors).toEqual([])
  }

  it('malformed multipart: no boundary, wrong boundary, truncated body, garbage', async () => {
    const cases: Array<[string, Buffer]> = [
      ['multipart/form-data', Buffer.from('--x\r\nContent-Disposition: form-data; name="Name"\r\n\r\nA\r\n--x--\r\n')],
      ['multipart/form-data; boundary=abc', Buffer.from('--xyz\r\nContent-Disposition: form-data; name="Name"\r\n\r\nA\r\n--xyz--\r\n')],
      ['multipart/form-data; boundary=abc', Buffer.from('--abc\r\nContent-Disposition: form-data; name="File"; filename="a.pdf"\r\n\r\n%PDF-1.4 trunc')],
      ['multipart/form-data; boundary=abc', Buffer.from('\u0000\u0001\u0002 not multipart at all')],
      ['multipart/form-data; boundary=abc', Buffer.from('--abc\r\nContent-Disposition: garbage\r\n\r\nA\r\n--abc--\r\n')],
      ['multipart/form-data; boundary=abc', Buffer.from('--abc\r\nContent-Disposition: form-data; name="Other"; filename="x"\r\n\r\ntrunc')]
    ]
    for (const path of ['/api/create-by-file', '/api/set-profile', '/api/create-by-url']) {
      for (const [type, body] of cases) {
        const a = await api(emu(), path === '/api/set-profile' ? 'PUT' : 'POST', path, { headers: { 'content-type': type }, body })
        expect(a.status, `${path} ${type}`).toBe(200)
        expect(JSON.parse(a.text)).toMatchObject({ Result: 'ERROR' })
      }
    }
    await new Promise((r) => setTimeout(r, 50))
    const { readdir } = await import('node:fs/promises')
    expect(await readdir(`${emu().dataDir}/tmp`)).toEqual([])
    await stillServes()
  })

  it('wrong content types: JSON, text and urlencoded to upload endpoints; a raw PDF body', async () => {
    const pdf = await makePdf(1)
    const cases: Array<[string, string, string, string | Buffer]> = [
      ['POST', '/api/create-by-file', 'application/json', '{"Name":"x"}'],
      ['POST', '/api/create-by-file', 'application/pdf', pdf],
      ['POST', '/api/create-by-file', 'application/x-www-form-urlencoded', 'Name=x'],
      ['PUT', '/api/replace-pdf/1001', 'text/plain', 'hello'],
      ['PUT', '/api/set-profile', 'application/json', '{"Name":"x"}'],
      ['PUT', '/api/set-profile', 'text/xml', '<Name>x</Name>'],
      ['POST', '/api/duplicate/1001', 'application/octet-stream', Buffer.alloc(10)]
    ]
    for (const [method, path, type, body] of cases) {
      const a = await api(emu(), method, path, { headers: { 'content-type': type }, body })
      expect(a.status, `${path} ${type}`).toBe(200)
      expect(JSON.parse(a.text)).toMatchObject({ Result: 'ERROR' })
    }
    await stillServes()
  })

  it('oversized form bodies and fields are refused', async () => {
    const a = await apiJson(emu(), 'PUT', '/api/set-profile', { form: { Name: 'x'.repeat(2 * 1024 * 1024) } })
    expect(a['Result']).toBe('ERROR')
    await stillServes()
  })

  it('huge headers get 431 from the HTTP layer and the server goes on', async () => {
    const res = await request(`${emu().baseUrl}/api/whoami`, { headers: { 'x-api-key': KEY, 'x-junk': 'j'.repeat(64 * 1024) } })
    expect(res.statusCode).toBe(431)
    await res.body.text()
    const rawAnswer = await raw(emu().baseUrl, `GET /api/whoami HTTP/1.1\r\nHost: x\r\nX-Junk: ${'j'.repeat(100 * 1024)}\r\n\r\n`)
    expect(rawAnswer).toMatch(/^HTTP\/1\.1 431/)
    await stillServes()
  })

  it('unknown paths: 401 without a key, 200 ERROR with one; garbage on the socket gets 400', async () => {
    expect((await api(emu(), 'GET', '/does/not/exist', { key: null })).status).toBe(401)
    for (const path of ['/does/not/exist', '/api', '/api/', '/api/get', '/api/get/', '/%%%', '/api/get/%E0%A4%A', '//api//whoami', '/api/list?%zz=1&PageSize=%']) {
      const a = await api(emu(), 'GET', path)
      expect(a.status, path).toBe(200)
      expect(JSON.parse(a.text)['Result']).toMatch(/^(OK|ERROR)$/)
    }
    expect(await raw(emu().baseUrl, 'THIS IS NOT HTTP\r\n\r\n')).toMatch(/^HTTP\/1\.1 400/)
    expect(await raw(emu().baseUrl, Buffer.from([0x16, 0x03, 0x01, 0x00, 0xff, 0x01]))).toMatch(/^HTTP\/1\.1 400/)
    expect((await fetch(`${emu().baseUrl}/__files/pdf/..%2F..%2Fstate.json`)).status).toBe(404)
    expect((await fetch(`${emu().baseUrl}/view/%E0%A4%A`)).status).toBe(404)
    await stillServes()
  })

  it('a client that aborts mid-upload leaves no item and no temp file', async () => {
    const boundary = 'abortb'
    const controller = new AbortController()
    let sent = 0
    async function* body(): AsyncGenerator<Buffer> {
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="File"; filename="a.pdf"\r\n\r\n%PDF-1.4\n`)
      for (let i = 0; i < 200; i++) {
        sent += 16384
        if (sent > 256 * 1024) controller.abort()
        yield Buffer.alloc(16384)
        await new Promise((r) => setTimeout(r, 1))
      }
    }
    const before = emu().state.items.size
    await expect(
      request(`${emu().baseUrl}/api/create-by-file`, {
        method: 'POST',
        headers: { 'x-api-key': KEY, 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: Readable.from(body()),
        signal: controller.signal
      })
    ).rejects.toThrow()
    await new Promise((r) => setTimeout(r, 200))
    expect(emu().state.items.size).toBe(before)
    const { readdir } = await import('node:fs/promises')
    expect(await readdir(`${emu().dataDir}/tmp`)).toEqual([])
    await stillServes()
  })

  it('HEAD and OPTIONS do not break anything', async () => {
    const head = await request(`${emu().baseUrl}/api/whoami`, { method: 'HEAD', headers: { 'x-api-key': KEY } })
    expect(head.statusCode).toBe(200)
    expect(await head.body.text()).toBe('')
    const options = await api(emu(), 'OPTIONS', '/api/whoami')
    expect(options.status).toBe(200)
    await stillServes()
  })
})
