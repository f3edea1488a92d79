import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readdir, readFile, stat } from 'node:fs/promises'
import { request, type ClientRequest } from 'node:http'
import { basename, dirname, join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMemoryKeychain } from '../support/memory-keychain'
import { fileNameOf, type FileDropAnswer } from './file-drops'
import { startTestHost, type TestHost } from './test-host'
import { FILE_NAME_HEADER, FILES_PATH, PRELOAD_PATH, TOKEN_HEADER } from './wire'

const MiB = 1024 * 1024
const LIMIT = 60 * MiB
let host: TestHost
let token: string
let origin: string

beforeAll(async () => {
  host = await startTestHost({ maxFileBytes: LIMIT, core: { keychain: createMemoryKeychain() } })
  origin = new URL(host.url).origin
  // The token the page gets, read where the page reads it.
  const script = await (await fetch(new URL(PRELOAD_PATH, host.url))).text()
  token = /token: "([0-9a-f]+)"/.exec(script)?.[1] ?? ''
  expect(token).toMatch(/^[0-9a-f]{48}$/)
})
afterAll(async () => {
  await host.close()
})

interface Sent {
  status: number
  body: FileDropAnswer
}

/** Opens a POST to the route as the page would; the caller writes the body. */
function open(headers: Record<string, string | number>, method = 'POST'): { sending: ClientRequest; answer: Promise<Sent> } {
  const sending = request(new URL(FILES_PATH, host.url), { method, headers })
  const answer = new Promise<Sent>((resolve, reject) => {
    sending.once('response', (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.once('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as FileDropAnswer }))
    })
    sending.once('error', reject)
  })
  return { sending, answer }
}

/** The page's headers for a file named `name` of `length` bytes; `overrides` replace or (undefined) drop one. */
function pageHeaders(name: string, length: number, overrides: Record<string, string | undefined> = {}): Record<string, string | number> {
  const headers: Record<string, string | number | undefined> = {
    origin,
    [TOKEN_HEADER]: token,
    [FILE_NAME_HEADER]: encodeURIComponent(name),
    'content-length': length,
    ...overrides
  }
  return Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string | number] => entry[1] !== undefined))
}

async function send(name: string, body: Buffer, overrides: Record<string, string | undefined> = {}): Promise<Sent> {
  const { sending, answer } = open(pageHeaders(name, body.length, overrides))
  sending.end(body)
  return answer
}

/** Every file under the host's copy folder (absent until the first copy). */
async function copiedFiles(): Promise<string[]> {
  if (!existsSync(host.filesDir)) return []
  const entries = await readdir(host.filesDir, { recursive: true, withFileTypes: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name))
}

const pathOf = (sent: Sent): string => ('path' in sent.body ? sent.body.path : '')

describe('the test host copies a browser file to disk and answers its path (test and demo only)', () => {
  it('writes the bytes into its own folder under <userDataDir>/browser-drops, keeping a non-ASCII name', async () => {
    const name = 'Frühling – 春の号 📄.pdf'
    const bytes = Buffer.from('%PDF-1.7\nspring issue\n%%EOF\n')
    const sent = await send(name, bytes)
    expect(sent.status).toBe(200)
    const path = pathOf(sent)
    expect(basename(path)).toBe(name)
    expect(dirname(dirname(path))).toBe(join(host.userDataDir, 'browser-drops'))
    expect(await readFile(path)).toEqual(bytes)
    // The same name again is a second file, not an overwrite.
    const again = await send(name, Buffer.from('%PDF-1.7\nsecond\n'))
    expect(pathOf(again)).not.toBe(path)
    expect(await readFile(path)).toEqual(bytes)
  })

  it('refuses a request without the token, with a wrong one, or from another origin, and writes nothing', async () => {
    const before = await copiedFiles()
    for (const overrides of [{ [TOKEN_HEADER]: undefined }, { [TOKEN_HEADER]: '0'.repeat(48) }, { origin: 'http://evil.example' }, { origin: undefined }]) {
      const sent = await send('stolen.pdf', Buffer.from('%PDF-'), overrides)
      expect(sent.status, JSON.stringify(overrides)).toBe(403)
    }
    expect(await copiedFiles()).toEqual(before)
  })

  it('refuses names that are not one plain file name (traversal, separators, control characters) and writes nothing', async () => {
    const before = await copiedFiles()
    const names = ['../escaped.pdf', '../../../../tmp/escaped.pdf', '..', '.', '', 'sub/dir.pdf', 'back\\slash.pdf', 'nul\u0000.pdf', 'line\nbreak.pdf']
    for (const name of names) {
      const sent = await send(name, Buffer.from('%PDF-'))
      expect(sent.status, JSON.stringify(name)).toBe(400)
    }
    // Sent raw, not URI-encoded, a separator is refused the same way.
    expect((await send('', Buffer.from('%PDF-'), { [FILE_NAME_HEADER]: '../raw.pdf' })).status).toBe(400)
    expect((await send('', Buffer.from('%PDF-'), { [FILE_NAME_HEADER]: '%E0%A4%A' })).status).toBe(400)
    expect(existsSync(join(host.userDataDir, 'escaped.pdf'))).toBe(false)
    expect(existsSync('/tmp/escaped.pdf')).toBe(false)
    expect(await copiedFiles()).toEqual(before)
  })

  it('takes only POST with a declared length within its limit, refused before any byte is read', async () => {
    const before = await copiedFiles()
    const get = open(pageHeaders('a.pdf', 0), 'GET')
    get.sending.end()
    expect((await get.answer).status).toBe(405)
    // Over the limit: answered at once, though not a byte of the body was sent.
    const big = open(pageHeaders('huge.pdf', LIMIT + 1))
    big.sending.flushHeaders()
    expect(await big.answer).toEqual({ status: 413, body: { error: expect.stringContaining(String(LIMIT)) } })
    big.sending.destroy()
    // Chunked (no declared length) cannot be held to the limit up front: refused.
    const chunked = open(pageHeaders('chunked.pdf', 0, { 'content-length': undefined, 'transfer-encoding': 'chunked' }))
    chunked.sending.end(Buffer.from('%PDF-'))
    expect((await chunked.answer).status).toBe(411)
    expect(await copiedFiles()).toEqual(before)
  })

  it('removes a file whose sender gave up half way', async () => {
    const before = await copiedFiles()
    const { sending, answer } = open(pageHeaders('half.pdf', 1000))
    sending.write(Buffer.alloc(500, 0x25))
    await new Promise((resolve) => setTimeout(resolve, 100))
    sending.destroy()
    await expect(answer).rejects.toBeInstanceOf(Error)
    await expect.poll(copiedFiles).toEqual(before)
  })

  it('streams: half way through a 50 MB file the host holds a few chunks, not the megabytes already sent', async () => {
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    const used = (): number => {
      gc()
      gc()
      const memory = process.memoryUsage()
      return memory.heapUsed + memory.arrayBuffers
    }
    const chunk = Buffer.alloc(MiB)
    for (let i = 0; i < chunk.length; i++) chunk[i] = (i * 7 + 3) % 251
    const expected = createHash('sha256')
    for (let i = 0; i < 50; i++) expected.update(chunk)
    const baseline = used()

    const { sending, answer } = open(pageHeaders('fifty.pdf', 50 * MiB))
    const write = (count: number) =>
      (async () => {
        // The same megabyte each time: the sender itself allocates nothing per chunk.
        for (let i = 0; i < count; i++) if (!sending.write(chunk)) await new Promise((resolve) => sending.once('drain', resolve))
      })()
    await write(40)
    // Wait until the host has taken in what was sent (written to disk when streamed, held otherwise).
    const started = Date.now()
    const written = async () => {
      const files = await copiedFiles()
      const fifty = files.find((file) => basename(file) === 'fifty.pdf')
      return fifty ? (await stat(fifty)).size : 0
    }
    while ((await written()) < 38 * MiB && Date.now() - started < 5000) await new Promise((resolve) => setTimeout(resolve, 20))
    const growth = used() - baseline
    expect(growth, `grew by ${(growth / MiB).toFixed(1)} MiB`).toBeLessThan(8 * MiB)
    expect(await written()).toBeGreaterThanOrEqual(38 * MiB)

    await write(10)
    sending.end()
    const sent = await answer
    expect(sent.status).toBe(200)
    const copy = await readFile(pathOf(sent))
    expect(copy.length).toBe(50 * MiB)
    expect(createHash('sha256').update(copy).digest('hex')).toBe(expected.digest('hex'))
  })
})

describe('fileNameOf', () => {
  it('decodes a URI-encoded name and keeps every character of a plain file name', () => {
    expect(fileNameOf(encodeURIComponent('Année 2025 (final) – ü 春 #1.pdf'))).toBe('Année 2025 (final) – ü 春 #1.pdf')
    expect(fileNameOf('..pdf')).toBe('..pdf')
  })

  it('refuses a missing, repeated, undecodable, too long or path-like name', () => {
    for (const header of [undefined, ['a.pdf', 'b.pdf'], '%', '%2e%2e', '%2F', 'a%5Cb', `${'é'.repeat(128)}.pdf`]) {
      expect(fileNameOf(header), JSON.stringify(header)).toBeNull()
    }
    expect(fileNameOf(`${'a'.repeat(251)}.pdf`)).toBe(`${'a'.repeat(251)}.pdf`)
  })
})
