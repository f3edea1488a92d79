import { createHash, randomBytes } from 'node:crypto'
import { readdir, readFile, readlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { PDFDocument, PDFName } from 'pdf-lib'
import { request } from 'undici'
import { describe, expect, it, vi } from 'vitest'
import { useApiFixture } from '../../../support/api-fixture'

const fx = useApiFixture({ maxFileMb: 64 })

/** A valid PDF carrying `bytes` of random data, so every chunk of an upload differs. */
async function randomPdf(path: string, bytes: number): Promise<Buffer> {
  const doc = await PDFDocument.create()
  doc.addPage([595, 842])
  const stream = doc.context.stream(randomBytes(bytes), { Type: PDFName.of('XObject') })
  doc.context.register(stream)
  const pdf = Buffer.from(await doc.save({ useObjectStreams: false }))
  await writeFile(path, pdf)
  return pdf
}

const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex')

describe('upload integrity', () => {
  it('the service stores exactly the bytes of the file, through ~100 reused read buffers', async () => {
    const { client, dir } = fx()
    const path = join(dir, 'random.pdf')
    const source = await randomPdf(path, 12 * 1024 * 1024)
    let reports = 0
    const created = await client.createFromFile(path, { name: 'Random', title: 'Random', docType: 'Flipbook' }, {
      onProgress: () => reports++
    })
    expect(reports).toBeGreaterThan(90)
    const response = await request(await client.getPdfUrl(created.id))
    const stored = Buffer.from(await response.body.arrayBuffer())
    expect(stored.length).toBe(source.length)
    expect(sha256(stored)).toBe(sha256(await readFile(path)))
  })

  it('an upload cut off mid-file closes the file at once, not when the garbage collector finds it', async () => {
    const { client, dir } = fx()
    const path = join(dir, 'cut off.pdf')
    await randomPdf(path, 24 * 1024 * 1024)
    /** Descriptors of this process open on the file (Linux shows them in /proc/self/fd). */
    const openOnFile = async (): Promise<number> => {
      let count = 0
      for (const fd of await readdir('/proc/self/fd')) {
        const target = await readlink(join('/proc/self/fd', fd)).catch(() => '')
        if (target === path) count++
      }
      return count
    }
    const controller = new AbortController()
    let aborted = false
    const upload = client.createFromFile(path, { name: 'Cut off', title: 'Cut off', docType: 'Flipbook' }, {
      signal: controller.signal,
      onProgress: ({ sent }) => {
        if (sent > 1024 * 1024 && !aborted) {
          aborted = true
          controller.abort()
        }
      }
    })
    await expect(upload).rejects.toMatchObject({ kind: 'cancelled' })
    await vi.waitFor(async () => expect(await openOnFile()).toBe(0), { timeout: 2_000 })
  })
})

