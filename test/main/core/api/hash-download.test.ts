import { createHash } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashDownload } from '../../../../src-main/core/api/http/hash-download'
import { createNetwork } from '../../../../src-main/core/api/http/network'

/*
 * Hashing a stored PDF for an uncertain create's lookup: streamed, with a size cap past which
 * it stops at once. Stopping early must not leave an error nobody hears (an uncaught exception
 * in the main process would end the app).
 */

// Small enough to arrive whole before it is stopped: that is when undici reports the stop as an error event.
const body = Buffer.alloc(3000, 7)
let server: Server
let base = ''

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/announced') response.setHeader('content-length', String(body.length))
    // Without a length, the body is sent in chunks: the cap is found while reading.
    response.end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('hashDownload', () => {
  it('hashes every byte when the content fits', async () => {
    const network = createNetwork()
    const read = await hashDownload(`${base}/announced`, { network, signal: new AbortController().signal, maxBytes: body.length })
    expect(read).toEqual({ kind: 'hashed', bytes: body.length, sha256: createHash('sha256').update(body).digest('hex') })
    await network.close()
  })

  it('stops at once past the cap, announced or not, and leaves no error unheard', async () => {
    const uncaught: unknown[] = []
    const listener = (error: unknown): void => void uncaught.push(error)
    process.on('uncaughtException', listener)
    const network = createNetwork()
    try {
      for (const path of ['/announced', '/chunked']) {
        const read = await hashDownload(`${base}${path}`, { network, signal: new AbortController().signal, maxBytes: 1000 })
        expect(read.kind).toBe('too-big')
      }
      await sleep(100)
      expect(uncaught).toEqual([])
    } finally {
      process.off('uncaughtException', listener)
      await network.close()
    }
  })
})
