import { Readable } from 'node:stream'
import { request } from 'undici'
import { describe, expect, it } from 'vitest'
import { largePdfChunks } from '../fixtures/make-pdf'
import { apiJson, KEY, useEmulator } from './harness'

const MIB = 1024 * 1024

/** Heap plus Buffer memory: what would grow if an upload were buffered. */
function used(): number {
  const m = process.memoryUsage()
  return m.heapUsed + m.arrayBuffers
}

/** Streams a multipart upload of a generated PDF; returns the answer and the peak memory growth. */
async function uploadMeasured(baseUrl: string, size: number): Promise<{ status: number; body: unknown; peakGrowth: number }> {
  const boundary = 'memtestboundary'
  async function* body(): AsyncGenerator<Buffer> {
    yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="Name"\r\n\r\nBig one\r\n`)
    yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="File"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`)
    yield* largePdfChunks(size, 3)
    yield Buffer.from(`\r\n--${boundary}--\r\n`)
  }
  const baseline = used()
  let peak = baseline
  const timer = setInterval(() => {
    peak = Math.max(peak, used())
  }, 10)
  try {
    const res = await request(`${baseUrl}/api/create-by-file`, {
      method: 'POST',
      headers: { 'x-api-key': KEY, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: Readable.from(body())
    })
    const answer = (await res.body.json()) as unknown
    peak = Math.max(peak, used())
    return { status: res.statusCode, body: answer, peakGrowth: peak - baseline }
  } finally {
    clearInterval(timer)
  }
}

describe('uploads stream to disk, never into memory', () => {
  const emu = useEmulator({ maxFileMb: 2048 })

  it('takes a 1 GiB upload with flat memory (client and emulator in this process) and reads its page count', async () => {
    const { status, body, peakGrowth } = await uploadMeasured(emu().baseUrl, 1024 * MIB)
    expect(status).toBe(200)
    expect(body).toMatchObject({ Result: 'OK' })
    // Measured ~35 MiB (GC lag, socket and disk buffers of both ends); 64 MiB is DESIGN.md's budget.
    expect(peakGrowth).toBeLessThan(64 * MIB)
    const id = String((body as { ID: string }).ID)
    const item = (await apiJson(emu(), 'GET', `/api/get/${id}`))['Item'] as Record<string, unknown>
    expect(item['Pages']).toBe(3)
  }, 60_000)
})
