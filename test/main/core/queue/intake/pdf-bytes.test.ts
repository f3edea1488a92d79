import { execFileSync } from 'node:child_process'
import { mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkPdfFile, probePdf, probePdfSync } from '../../../../../src-main/core/queue/intake/pdf-bytes'
import { largePdfChunks, makePdf, notPdfBytes } from '../../../../emulator/fixtures/make-pdf'

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

/** Writes `bytes` to a fresh file and checks its structure, with callbacks and with blocking reads (they must agree). */
async function check(name: string, bytes: Buffer) {
  const path = join(dir, name)
  await writeFile(path, bytes)
  const verdict = await checkPdfFile(path, bytes.length)
  expect(probePdfSync(path).verdict).toEqual(verdict)
  expect((await probePdf(path)).verdict).toEqual(verdict)
  return verdict
}

/** A PDF whose cross-reference data is a table and whose objects are plain (no object streams). */
async function plainPdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create()
  for (let i = 0; i < pages; i++) doc.addPage([300, 300])
  return Buffer.from(await doc.save({ useObjectStreams: false }))
}

/** `pdf` with an incremental update appended that gives its page tree a new /Count. */
function withUpdate(base: Buffer, pagesNum: number, count: number, kids: string): Buffer {
  const text = base.toString('latin1')
  const previous = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1])
  const size = Number(/\/Size (\d+)/.exec(text)?.[1])
  const root = /\/Root (\d+ \d+ R)/.exec(text)?.[1] ?? ''
  const object = `${pagesNum.toString()} 0 obj\n<< /Type /Pages /Kids [${kids}] /Count ${count.toString()} >>\nendobj\n`
  const objectAt = base.length
  const xrefAt = objectAt + object.length
  const table = `xref\n${pagesNum.toString()} 1\n${objectAt.toString().padStart(10, '0')} 00000 n \ntrailer\n<< /Size ${size.toString()} /Root ${root} /Prev ${previous.toString()} >>\nstartxref\n${xrefAt.toString()}\n%%EOF\n`
  return Buffer.concat([base, Buffer.from(object + table, 'latin1')])
}

describe('the structure check', () => {
  it('reads the pages of an ordinary PDF with object streams and a cross-reference stream', async () => {
    expect(await check('real.pdf', pdf)).toEqual({ kind: 'pdf', pages: 2 })
    expect(await check('seven.pdf', await makePdf(7))).toEqual({ kind: 'pdf', pages: 7 })
  })

  it('reads the pages of a PDF with a cross-reference table', async () => {
    expect(await check('plain.pdf', await plainPdf(4))).toEqual({ kind: 'pdf', pages: 4 })
  })

  it('follows incremental updates: the newest page tree counts', async () => {
    const base = await plainPdf(3)
    const pagesNum = Number(/(\d+) 0 obj\s*<<\s*\/Type \/Pages/.exec(base.toString('latin1'))?.[1])
    const kid = /\/Kids \[ ?(\d+ 0 R)/.exec(base.toString('latin1'))?.[1] ?? ''
    expect(await check('updated.pdf', withUpdate(base, pagesNum, 1, kid))).toEqual({ kind: 'pdf', pages: 1 })
  })

  it('accepts whitespace and newlines after the end-of-file marker', async () => {
    expect(await check('trailing.pdf', Buffer.concat([pdf, Buffer.from('\r\n \n\t\n')]))).toEqual({ kind: 'pdf', pages: 2 })
  })

  it('leaves unusual files to the parser: junk after the end, bytes before the header, a wrong offset', async () => {
    const junk = await check('junk-after.pdf', Buffer.concat([pdf, Buffer.alloc(2000, 0x41)]))
    expect(junk).toMatchObject({ kind: 'unusual', cutShort: true, header: true })
    const before = await check('junk-before.pdf', Buffer.concat([Buffer.from('Some junk\n'), pdf]))
    expect(before).toMatchObject({ kind: 'unusual', cutShort: false, header: true })
    const text = pdf.toString('latin1')
    const wrongOffset = text.replace(/startxref\s+(\d+)/, (_all, offset: string) => `startxref\n${(Number(offset) - 7).toString().padStart(offset.length, '0')}`)
    expect(await check('wrong-offset.pdf', Buffer.from(wrongOffset, 'latin1'))).toMatchObject({ kind: 'unusual', cutShort: false })
  })

  it('leaves a file cut short to the parser, saying its end is missing', async () => {
    expect(await check('cut.pdf', pdf.subarray(0, pdf.length - 3))).toMatchObject({ kind: 'unusual', cutShort: true })
    expect(await check('half.pdf', pdf.subarray(0, Math.floor(pdf.length / 2)))).toMatchObject({ kind: 'unusual', cutShort: true })
  })

  it('does not trust a page count larger than the objects of the file', async () => {
    const base = await plainPdf(1)
    const text = base.toString('latin1').replace('/Count 1', '/Count 9')
    expect(await check('claims-nine.pdf', Buffer.from(text, 'latin1'))).toMatchObject({ kind: 'unusual' })
  })

  it('leaves an encrypted file to the parser (only it knows whether a password is needed)', async () => {
    const text = (await plainPdf(1)).toString('latin1').replace(/trailer\s*<</, 'trailer\n<< /Encrypt 99 0 R')
    expect(await check('encrypted.pdf', Buffer.from(text, 'latin1'))).toMatchObject({ kind: 'unusual' })
  })

  it('says what a file that is not a PDF looks like, whatever its name', async () => {
    expect(await check('png.pdf', notPdfBytes())).toEqual({ kind: 'not-pdf', looksLike: 'png' })
    expect(await check('page.pdf', Buffer.from('<!DOCTYPE html>\n<html><body>502 Bad Gateway</body></html>\n'))).toEqual({ kind: 'not-pdf', looksLike: 'web-page' })
    expect(await check('archive.pdf', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]))).toEqual({ kind: 'not-pdf', looksLike: 'zip' })
    expect(await check('photo.pdf', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toEqual({ kind: 'not-pdf', looksLike: 'jpeg' })
    expect(await check('notes.pdf', Buffer.from('Just some notes.\n%%EOF\n'))).toEqual({ kind: 'not-pdf', looksLike: 'text' })
    // A header too late for any reader, with no object in sight: not a PDF.
    expect(await check('too-late.pdf', Buffer.concat([Buffer.alloc(1100, 0x20), Buffer.from('%PDF-1.7\n')]))).toEqual({ kind: 'not-pdf', looksLike: 'text' })
  })

  it('leaves objects without a header to the parser (readers open such files)', async () => {
    const headless = Buffer.from(pdf.toString('latin1').replace(/^%PDF-\d\.\d/, '%abcdefg'), 'latin1')
    expect(await check('headless.pdf', headless)).toMatchObject({ kind: 'unusual', header: false })
  })

  it('reads only a few KiB of a 1 GiB file', async () => {
    const path = join(dir, 'huge.pdf')
    const size = 1024 ** 3
    // A real 1 GiB layout (the fixture's): its padding stream stays a sparse hole on disk.
    const handle = await open(path, 'w')
    try {
      let at = 0
      for (const chunk of largePdfChunks(size, 3)) {
        const padding = chunk.length > 4096 && chunk[0] === 0x20 && chunk[chunk.length - 1] === 0x20
        if (!padding) await handle.write(chunk, 0, chunk.length, at)
        at += chunk.length
      }
      await handle.truncate(size)
    } finally {
      await handle.close()
    }
    const before = await bytesReadByProcess()
    expect(await checkPdfFile(path, size)).toEqual({ kind: 'pdf', pages: 3 })
    const after = await bytesReadByProcess()
    // Linux counts every byte this process reads; elsewhere the verdict alone is checked.
    if (before !== undefined && after !== undefined) expect(after - before).toBeLessThan(64 * 1024)
  })

  it('rejects when the file cannot be opened', async () => {
    await expect(checkPdfFile(join(dir, 'missing.pdf'), 10)).rejects.toMatchObject({ code: 'ENOENT' })
  })
})

describe('probePdf', () => {
  it('returns the stat of the opened file with the verdict, and the hash of a small file', async () => {
    const path = join(dir, 'probe.pdf')
    await writeFile(path, pdf)
    const probe = await probePdf(path)
    expect(probe.verdict).toEqual({ kind: 'pdf', pages: 2 })
    expect(probe.stats.size).toBe(pdf.length)
    expect(probe.sha256).toMatch(/^[0-9a-f]{64}$/)
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
