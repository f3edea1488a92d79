import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { WebSocket } from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestHost, type TestHost } from './test-host'
import { startEmulator, type RunningEmulator } from '../emulator'
import { makePdf } from '../emulator/fixtures/make-pdf'
import { createMemoryKeychain } from '../support/memory-keychain'
import { BRIDGE_PATH, decodeMessage, encodeMessage, PRELOAD_PATH, type ServerMessage } from './wire'

let host: TestHost
let emulator: RunningEmulator
const HOST_KEY = 'fd-test-host-key'

beforeAll(async () => {
  emulator = await startEmulator({ keys: [HOST_KEY], log: () => {} })
  // Signed in (jobs are made for an account), with jobs held so nothing is sent.
  host = await startTestHost({ core: { keychain: createMemoryKeychain(), environment: { apiKey: HOST_KEY, baseUrl: emulator.baseUrl } } })
})
afterAll(async () => {
  await host.close()
  await emulator.close()
})

/** Opens the bridge socket and resolves with 'open' or the HTTP status it was refused with. */
function connect(path: string, origin: string): Promise<string | number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(new URL(path, host.url).href.replace('http', 'ws'), { origin })
    socket.on('open', () => {
      socket.close()
      resolve('open')
    })
    socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0))
    socket.on('error', () => resolve('error'))
  })
}

async function tokenFromPreload(): Promise<string> {
  const script = await (await fetch(new URL(PRELOAD_PATH, host.url))).text()
  return /token: "([0-9a-f]+)"/.exec(script)?.[1] ?? ''
}

describe('the test host bridge (a development tool, never shipped)', () => {
  it('accepts the page it serves, with its token', async () => {
    const origin = new URL(host.url).origin
    expect(await connect(`${BRIDGE_PATH}?token=${await tokenFromPreload()}`, origin)).toBe('open')
  })

  it('refuses another origin, even with the right token', async () => {
    expect(await connect(`${BRIDGE_PATH}?token=${await tokenFromPreload()}`, 'http://evil.example')).toBe(403)
  })

  it('refuses a wrong or missing token', async () => {
    const origin = new URL(host.url).origin
    expect(await connect(`${BRIDGE_PATH}?token=0000`, origin)).toBe(403)
    expect(await connect(BRIDGE_PATH, origin)).toBe(403)
  })

  it('serves only files inside the renderer folder', async () => {
    const response = await fetch(new URL('/..%2f..%2fpackage.json', host.url))
    expect([403, 404]).toContain(response.status)
  })

  it('answers a malformed escape with 400 and keeps serving', async () => {
    expect((await fetch(new URL('/%E0%A4%A', host.url))).status).toBe(400)
    expect((await fetch(new URL(PRELOAD_PATH, host.url))).status).toBe(200)
  })
})

/** Sends one invoke over the bridge socket, as the preload stand-in does, and returns the decoded reply. */
async function invokeOverSocket(channel: string, input: unknown): Promise<unknown> {
  const origin = new URL(host.url).origin
  const socket = new WebSocket(new URL(`${BRIDGE_PATH}?token=${await tokenFromPreload()}`, host.url).href.replace('http', 'ws'), { origin })
  await new Promise((resolve) => socket.once('open', resolve))
  const reply = new Promise<unknown>((resolve) => {
    socket.on('message', (data: Buffer) => {
      const message = decodeMessage<ServerMessage>(data.toString())
      if ('id' in message && message.id === 1) resolve(message.reply)
    })
  })
  socket.send(encodeMessage({ id: 1, channel, input }))
  const value = await reply
  socket.close()
  return value
}

describe('bytes on the bridge (Electron clones a Uint8Array; the socket must too)', () => {
  it('a Uint8Array or Buffer survives the wire as a Uint8Array with the same bytes, wherever it sits', () => {
    const bytes = new Uint8Array([0, 1, 127, 128, 255])
    const decoded = decodeMessage<ServerMessage>(
      encodeMessage({ id: 7, reply: { ok: true, value: bytes, nested: [Buffer.from('%PDF-'), { deeper: new Uint8Array(0) }] } })
    )
    expect(decoded).toEqual({ id: 7, reply: { ok: true, value: bytes, nested: [new Uint8Array(Buffer.from('%PDF-')), { deeper: new Uint8Array(0) }] } })
    const reply = (decoded as { reply: { value: unknown } }).reply
    expect(reply.value).toBeInstanceOf(Uint8Array)
    // A megabyte (the largest range) in one piece: no stack overflow, every byte kept.
    const big = Uint8Array.from({ length: 1024 * 1024 }, (_, i) => (i * 31) % 256)
    const again = decodeMessage<{ id: number; reply: Uint8Array }>(encodeMessage({ id: 1, reply: big }))
    expect(Buffer.from(again.reply).equals(Buffer.from(big))).toBe(true)
  })

  it('uploads:readPdfRange reaches the page as a real Uint8Array of exactly the bytes asked for', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flipdrop-host-range-'))
    const pdf = await makePdf(2, 'over the socket')
    await writeFile(join(dir, 'range.pdf'), pdf)
    const { added } = await host.core.uploads.enqueuePaths({ paths: [join(dir, 'range.pdf')], docType: 'Flipbook', onSameContent: 'new', hold: true })
    const jobId = added[0]?.id ?? ''
    const reply = (await invokeOverSocket('uploads:readPdfRange', { jobId, offset: 3, length: 500 })) as { ok: boolean; value: unknown }
    expect(reply.ok).toBe(true)
    expect(reply.value).toBeInstanceOf(Uint8Array)
    expect(Buffer.from(reply.value as Uint8Array).equals(pdf.subarray(3, 503))).toBe(true)
    // The transcript keeps what was asked, for tests that count the bytes read.
    expect(host.transcript.at(-1)).toMatchObject({ channel: 'uploads:readPdfRange', input: { jobId, offset: 3, length: 500 } })
  })
})
