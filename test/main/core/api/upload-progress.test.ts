import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { writeLargePdf } from '../../../emulator/fixtures/make-pdf'
import { useApiFixture } from '../../../support/api-fixture'

const fx = useApiFixture({ maxFileMb: 64 })

describe('upload progress', () => {
  it('reports at least every 1 % (or every chunk), monotonically, up to exactly the body length', async () => {
    const { client, dir } = fx()
    const path = join(dir, 'twenty.pdf')
    await writeLargePdf(path, 20 * 1024 * 1024)
    const reports: { sent: number; total: number }[] = []
    const created = await client.createFromFile(path, { name: 'Big', title: 'Big', docType: 'Flipbook' }, {
      onProgress: (progress) => reports.push(progress)
    })
    expect(created.id).toEqual(expect.any(Number))
    const total = reports[0]?.total ?? 0
    const { size } = await stat(path)
    // The total is the exact Content-Length: the file plus the multipart framing.
    expect(total).toBeGreaterThan(size)
    expect(total - size).toBeLessThan(1024)
    expect(reports.every((report) => report.total === total)).toBe(true)
    expect(reports[0]?.sent).toBe(0)
    expect(reports.at(-1)?.sent).toBe(total)
    const steps = reports.slice(1).map((report, index) => report.sent - (reports[index]?.sent ?? 0))
    expect(steps.every((step) => step >= 0)).toBe(true)
    expect(Math.max(...steps)).toBeLessThanOrEqual(total / 100 + 1024)
  })
})

describe('an upload waiting for its turn at the rate limiter', () => {
  it('is not taken for a stalled one: the stall clock starts with the first byte sent', async () => {
    const { startEmulator } = await import('../../../emulator')
    const { createApiClient } = await import('../../../../src-main/core/api/api-client')
    const { RateLimiter } = await import('../../../../src-main/core/api/rate-limiter')
    const { makePdf } = await import('../../../emulator/fixtures/make-pdf')
    const { mkdtemp, writeFile } = await import('node:fs/promises')
    const { tmpdir } = await import('node:os')
    const { join } = await import('node:path')
    // The stall time is far below the wait (1 s against up to 4 s) yet far above the gaps between
    // a small upload's bytes even on a loaded machine (300 ms was not: CI's neighbours stalled it).
    const emulator = await startEmulator({ keys: ['fd-wait-key-1'], rateLimit: { limit: 2, windowSeconds: 4 }, log: () => {} })
    const client = createApiClient({ apiKey: 'fd-wait-key-1', baseUrl: emulator.baseUrl, limiter: new RateLimiter(), uploadStallMs: 1000 })
    const path = join(await mkdtemp(join(tmpdir(), 'flipdrop-wait-')), 'waits.pdf')
    await writeFile(path, await makePdf(1, 'waits'))
    try {
      // Use up the window, so the upload waits up to 4 s (far beyond its 1 s stall time).
      await client.whoami()
      await client.whoami()
      await expect(client.createFromFile(path, { name: 'waits', title: 'waits', docType: 'Flipbook' })).resolves.toMatchObject({
        id: expect.any(Number)
      })
      expect(emulator.state.requests.filter((entry) => entry.status === 429)).toEqual([])
    } finally {
      await client.close()
      await emulator.close()
    }
  })
})
