import { execFileSync } from 'node:child_process'
import { mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkPdfBytes, probePdf } from '../../../../../src-main/core/queue/intake/pdf-bytes'
import { makePdf, notPdfBytes } from '../../../../emulator/fixtures/make-pdf'

let dir: string
let pdf: Buffer

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flipdrop-pdf-bytes-'))
  pdf = await makePdf(2)
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** Bytes read by this process so far (all threads), from Linux's /proc; undefined elsewhere. */
async function bytesReadByProcess(): Promise<number | undefined> {
  const io = await readFile('/proc/self/io', 'utf8').catch(() => undefined)
  const match = io === undefined ? null : /^rchar: (\d+)$/m.exec(io)
  return match?.[1] === undefined ? undefined : Number(match[1])
}

/** Writes `bytes` to a fresh file and checks it. */
async function check(name: string, bytes: Buffer): Promise<string> {
  const path = join(dir, name)
  await writeFile(path, bytes)
  return checkPdfBytes(path, bytes.length)
}

describe('checkPdfBytes', () => {
  it('accepts a real PDF', async () => {
    expect(await check('real.pdf', pdf)).toBe('ok')
  })

  it('accepts whitespace and newlines after the end-of-file marker', async () => {
    expect(await check('trailing.pdf', Buffer.concat([pdf, Buffer.from('\r\n \n\t\n')]))).toBe('ok')
  })

  it('accepts a header anywhere in the first 1024 bytes', async () => {
    expect(await check('late-header.pdf', Buffer.concat([Buffer.alloc(1000, 0x20), pdf]))).toBe('ok')
  })

  it('refuses a header past the first 1024 bytes', async () => {
    expect(await check('too-late.pdf', Buffer.concat([Buffer.alloc(1100, 0x20), pdf]))).toBe('not-pdf')
  })

  it('refuses content that is not a PDF, whatever the name', async () => {
    expect(await check('png.pdf', notPdfBytes())).toBe('not-pdf')
    expect(await check('text.pdf', Buffer.from('Just some notes.\n%%EOF\n'))).toBe('not-pdf')
  })

  it('calls a PDF cut short incomplete', async () => {
    expect(await check('cut.pdf', pdf.subarray(0, pdf.length - 3))).toBe('incomplete-pdf')
    expect(await check('half.pdf', pdf.subarray(0, Math.floor(pdf.length / 2)))).toBe('incomplete-pdf')
  })

  it('calls a PDF whose marker is followed by more than 1024 bytes incomplete', async () => {
    expect(await check('appended.pdf', Buffer.concat([pdf, Buffer.alloc(2000, 0x41)]))).toBe('incomplete-pdf')
  })

  it('reads only the two 1 KiB windows of a 1 GiB file', async () => {
    const path = join(dir, 'huge.pdf')
    const size = 1024 ** 3
    const handle = await open(path, 'w')
    try {
      // Sparse: the header, a hole, and the tail; no gigabyte is written to disk.
      await handle.write(pdf.subarray(0, 600), 0, 600, 0)
      await handle.write(pdf.subarray(-600), 0, 600, size - 600)
    } finally {
      await handle.close()
    }
    const before = await bytesReadByProcess()
    expect(await checkPdfBytes(path, size)).toBe('ok')
    const after = await bytesReadByProcess()
    // Linux counts every byte this process reads; elsewhere the verdict alone is checked.
    if (before !== undefined && after !== undefined) expect(after - before).toBeLessThan(1024 * 1024)
  })

  it('rejects when the file cannot be opened', async () => {
    await expect(checkPdfBytes(join(dir, 'missing.pdf'), 10)).rejects.toMatchObject({ code: 'ENOENT' })
  })
})

describe('probePdf', () => {
  it('returns the stat of the opened file with the verdict', async () => {
    const path = join(dir, 'probe.pdf')
    await writeFile(path, pdf)
    const probe = await probePdf(path)
    expect(probe.verdict).toBe('ok')
    expect(probe.stats.size).toBe(pdf.length)
  })

  it('reads nothing from an empty file', async () => {
    const path = join(dir, 'probe-empty.pdf')
    await writeFile(path, '')
    expect(await probePdf(path)).toMatchObject({ stats: { size: 0 }, verdict: undefined })
  })

  it('opens a named pipe without waiting for a writer, and does not read it', async () => {
    const path = join(dir, 'probe-pipe.pdf')
    execFileSync('mkfifo', [path])
    const probe = await probePdf(path)
    expect(probe.stats.isFIFO()).toBe(true)
    expect(probe.verdict).toBeUndefined()
  })

  it('rejects when the file cannot be opened', async () => {
    await expect(probePdf(join(dir, 'missing.pdf'))).rejects.toMatchObject({ code: 'ENOENT' })
  })
})
