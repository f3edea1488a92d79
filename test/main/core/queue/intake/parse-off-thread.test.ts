import { existsSync } from 'node:fs'
import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ParseReply, ParseWorkerReady } from '../../../../../src-main/core/queue/intake/parse-messages'
import { createPdfParser, PARSE_BUDGET } from '../../../../../src-main/core/queue/intake/parse-off-thread'
import { writeLargePdf } from '../../../../emulator/fixtures/make-pdf'
import { CORPUS_DIR } from '../../../../support/pdfjs-corpus'

/** Bytes read by this process so far (all threads), from Linux's /proc; undefined elsewhere. */
async function bytesReadByProcess(): Promise<number | undefined> {
  const io = await readFile('/proc/self/io', 'utf8').catch(() => undefined)
  const match = io === undefined ? null : /^rchar: (\d+)$/m.exec(io)
  return match?.[1] === undefined ? undefined : Number(match[1])
}

const root = fileURLToPath(new URL('../../../../..', import.meta.url))
const corpus = (name: string): string => join(CORPUS_DIR, name)
let dir: string
/** A file pdf.js can only rebuild, object by object (no cross-reference data): seconds, and over 128 MB of heap. */
let rebuild: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flipdrop-parse-'))
  const objects = ['%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n']
  objects.push('3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] >> endobj\n')
  for (let num = 4; num < 600_000; num++) objects.push(`${num.toString()} 0 obj ${num.toString()} endobj\n`)
  rebuild = join(dir, 'rebuild.pdf')
  await writeFile(rebuild, objects.join(''))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('the PDF parser off the main thread', () => {
  it('says what pdf.js makes of unusual files: pages, a password, damage', async () => {
    const parser = createPdfParser()
    try {
      expect(await parser.parse(corpus('scan-bad.pdf'))).toEqual({ kind: 'pdf', pages: 1 })
      expect(await parser.parse(corpus('issue6010_2.pdf'))).toEqual({ kind: 'password' })
      expect(await parser.parse(corpus('REDHAT-1531897-0.pdf'))).toEqual({ kind: 'damaged' })
      expect(await parser.parse(corpus('pdf-lib-zero-pages.pdf'))).toEqual({ kind: 'pdf', pages: 0 })
      await expect(parser.parse(join(dir, 'gone.pdf'))).rejects.toMatchObject({ code: 'ENOENT' })
    } finally {
      await parser.close()
    }
  })

  it('reads a large unusual file in the ranges pdf.js asks for, never whole', async () => {
    // 40 MiB (over the 32 MiB handed to pdf.js whole) with 4 KB of junk after its end.
    const large = join(dir, 'large-with-junk.pdf')
    await writeLargePdf(large, 40 * 1024 * 1024, 3)
    await appendFile(large, Buffer.alloc(4096, 0x41))
    const parser = createPdfParser()
    try {
      // pdf.js loaded first: what is counted below is the file's reading alone.
      expect(await parser.parse(corpus('scan-bad.pdf'))).toEqual({ kind: 'pdf', pages: 1 })
      const before = await bytesReadByProcess()
      expect(await parser.parse(large)).toEqual({ kind: 'pdf', pages: 3 })
      const after = await bytesReadByProcess()
      // Linux counts every byte this process reads, the parse worker's included.
      if (before !== undefined && after !== undefined) expect(after - before).toBeLessThan(4 * 1024 * 1024)
    } finally {
      await parser.close()
    }
  }, 60_000)

  it('stops a file that runs over its time, and the next file gets a fresh worker', async () => {
    const parser = createPdfParser({ ...PARSE_BUDGET, timeMs: 300 })
    try {
      const started = performance.now()
      expect(await parser.parse(rebuild)).toEqual({ kind: 'over-budget', limit: 'time' })
      const stoppedAfter = performance.now() - started
      expect(await parser.parse(corpus('scan-bad.pdf'))).toEqual({ kind: 'pdf', pages: 1 })
      // pdf.js loads first (seconds from the sources), then the file has its 300 ms.
      expect(stoppedAfter).toBeGreaterThan(300)
    } finally {
      await parser.close()
    }
  }, 60_000)

  it('stops a file that needs more heap than its budget, and goes on with the next', async () => {
    const parser = createPdfParser({ ...PARSE_BUDGET, heapMb: 128 })
    try {
      expect(await parser.parse(rebuild)).toEqual({ kind: 'over-budget', limit: 'memory' })
      expect(await parser.parse(corpus('scan-bad.pdf'))).toEqual({ kind: 'pdf', pages: 1 })
    } finally {
      await parser.close()
    }
  }, 60_000)

  it('the built worker (out/main/pdf-parse-worker.js) answers under plain Node, quietly', async () => {
    const built = join(root, 'out/main/pdf-parse-worker.js')
    expect(existsSync(built)).toBe(true)
    const worker = new Worker(built, { stdout: true, stderr: true })
    let printed = ''
    worker.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()))
    worker.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()))
    try {
      const replies: (ParseReply | ParseWorkerReady)[] = []
      await new Promise<void>((resolve, reject) => {
        worker.on('message', (reply: ParseReply | ParseWorkerReady) => {
          replies.push(reply)
          if ('id' in reply) resolve()
        })
        worker.once('error', reject)
        worker.postMessage({ id: 3, path: corpus('bug1606566.pdf') })
      })
      // pdf.js is loaded, bundled into out/main, before the first answer.
      expect(replies).toEqual([{ ready: true }, { id: 3, verdict: { kind: 'pdf', pages: 1 } }])
      expect(printed).toBe('')
    } finally {
      await worker.terminate()
    }
  })
})
