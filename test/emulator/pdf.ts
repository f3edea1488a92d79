import { readFile, writeFile } from 'node:fs/promises'
import { Transform, type TransformCallback } from 'node:stream'
import { Worker } from 'node:worker_threads'
import { PDFDocument } from 'pdf-lib'
import type { JudgeReply, JudgeRequest } from './pdf-judge-worker'

const HEAD_BYTES = 1024
const CARRY_BYTES = 64
const COUNT_RE = /\/Count\s{1,8}(\d{1,9})/g
const PAGE_RE = /\/Type\s{0,8}\/Page(?![A-Za-z0-9])/g

/** What a streaming pass over a file saw; enough to judge files too big to parse in memory. */
export interface PdfScan {
  size: number
  /** `%PDF-` appears in the first 1024 bytes (where readers accept it). */
  headerOk: boolean
  /** Largest `/Count n` seen (the root page tree's count in uncompressed files). */
  maxCount: number
  /** Number of visible `/Type /Page` objects. */
  pageObjects: number
}

/**
 * A pass-through stream that inspects the bytes of a PDF on their way to disk, keeping only a
 * few KiB, so validity of huge uploads is known without reading the file again.
 */
export class PdfScanner extends Transform {
  private head = Buffer.alloc(0)
  private carry = Buffer.alloc(0)
  private scanState: PdfScan = { size: 0, headerOk: false, maxCount: 0, pageObjects: 0 }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.observe(chunk)
    done(null, chunk)
  }

  /** The result so far; complete once the stream has finished. */
  get scan(): PdfScan {
    return { ...this.scanState, headerOk: this.head.toString('latin1').includes('%PDF-') }
  }

  private observe(chunk: Buffer): void {
    this.scanState.size += chunk.length
    if (this.head.length < HEAD_BYTES) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)])
    }
    this.scanTokens(chunk)
  }

  /**
   * Counts tokens without copying chunks: each chunk is searched alone, and the border with the
   * previous chunk through a small junction. A match counts once, when the byte after it arrives.
   */
  private scanTokens(chunk: Buffer): void {
    const carryLen = this.carry.length
    if (carryLen > 0) {
      const junction = Buffer.concat([this.carry, chunk.subarray(0, CARRY_BYTES)])
      this.countMatches(junction, (start, end) => start < carryLen && end >= carryLen)
    }
    if (chunk.indexOf('/Count') !== -1 || chunk.indexOf('/Page') !== -1) {
      this.countMatches(chunk, (_start, end) => end < chunk.length)
    }
    // The carry is the stream's last bytes, even when chunks are smaller than it.
    const recent = chunk.length >= CARRY_BYTES ? chunk : Buffer.concat([this.carry, chunk])
    this.carry = Buffer.from(recent.subarray(Math.max(0, recent.length - CARRY_BYTES)))
  }

  private countMatches(bytes: Buffer, counts: (start: number, end: number) => boolean): void {
    const text = bytes.toString('latin1')
    for (const m of text.matchAll(COUNT_RE)) {
      const end = m.index + m[0].length
      if (end < text.length && counts(m.index, end)) this.scanState.maxCount = Math.max(this.scanState.maxCount, Number(m[1]))
    }
    for (const m of text.matchAll(PAGE_RE)) {
      const end = m.index + m[0].length
      if (end < text.length && counts(m.index, end)) this.scanState.pageObjects++
    }
  }
}

/** The verdict on a received file. */
export type PdfVerdict = { valid: true; pages: number } | { valid: false }

/** The judge's thread, started on the first upload and kept (unreferenced) while the process runs. */
let judge: Worker | undefined
let nextId = 1
const waiting = new Map<number, (pages: number | null) => void>()

/**
 * Starts pdf-judge-worker.ts. From the sources (the emulator always runs from them) the thread
 * registers tsx's loader first: Node does not pass a parent's `--import tsx` to worker threads.
 */
function startJudge(): Worker {
  const source = JSON.stringify(new URL('./pdf-judge-worker.ts', import.meta.url).href)
  const started = new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${source}) })`, { eval: true })
  started.on('message', (reply: JudgeReply) => {
    waiting.get(reply.id)?.(reply.pages)
    waiting.delete(reply.id)
  })
  started.on('error', () => {
    judge = undefined
    for (const done of waiting.values()) done(null)
    waiting.clear()
  })
  // After the listeners: a 'message' listener refs the worker's port again, which kept the process alive.
  started.unref()
  return started
}

/**
 * Starts the judge's thread ahead of the first upload: loading pdf.js in it takes seconds on a
 * loaded machine, which the first create would otherwise spend past a client's timeout (and
 * be looked up as in doubt). Unreferenced: it keeps no process alive.
 */
export function warmPdfJudge(): void {
  judge ??= startJudge()
}

/** A file pdf.js has not opened by then is not a valid PDF (pdf.js does not yield while it loops). */
const JUDGE_TIMEOUT_MS = 30_000

/** Pages pdf.js counts in the file at `path` opened without a password, or null when it cannot open it. */
function pdfjsPages(path: string): Promise<number | null> {
  judge ??= startJudge()
  const id = nextId++
  const thread = judge
  thread.ref()
  return new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => {
      // Stuck on this file: the thread goes (the next upload starts another), the file is refused.
      if (judge === thread) judge = undefined
      void thread.terminate()
      waiting.delete(id)
      resolve(null)
    }, JUDGE_TIMEOUT_MS)
    waiting.set(id, (pages) => {
      clearTimeout(timer)
      resolve(pages)
    })
    thread.postMessage({ id, path } satisfies JudgeRequest)
  }).finally(() => {
    if (waiting.size === 0) thread.unref()
  })
}

/**
 * Decides whether a received file is a PDF by its content, never its name (§7 "File is not a
 * valid PDF."; assumption A-pdf-validity): pdf.js opens it without a password and counts at
 * least one page. Files over `maxParseBytes` are not read into memory: the streaming scan
 * judges them (a `%PDF-` header in the first KiB; pages from visible page objects or the page
 * tree's `/Count`, else 1).
 */
export async function judgePdf(path: string, scan: PdfScan, maxParseBytes: number): Promise<PdfVerdict> {
  if (scan.size === 0) return { valid: false }
  if (scan.size > maxParseBytes) {
    if (!scan.headerOk) return { valid: false }
    const pages = scan.pageObjects > 0 ? scan.pageObjects : scan.maxCount > 0 ? scan.maxCount : 1
    return { valid: true, pages }
  }
  const pages = await pdfjsPages(path)
  return pages !== null && pages > 0 ? { valid: true, pages } : { valid: false }
}

/**
 * Writes front + main + back into one PDF (the "merged version" get-pdf serves, §4.4) and
 * returns its page count.
 */
export async function mergePdfs(parts: readonly string[], outPath: string): Promise<number> {
  const merged = await PDFDocument.create()
  for (const part of parts) {
    const src = await PDFDocument.load(await readFile(part), { ignoreEncryption: true, updateMetadata: false })
    const pages = await merged.copyPages(src, src.getPageIndices())
    for (const page of pages) merged.addPage(page)
  }
  await writeFile(outPath, await merged.save())
  return merged.getPageCount()
}
