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
