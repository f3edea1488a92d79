import { readFile, writeFile } from 'node:fs/promises'
import { Transform, type TransformCallback } from 'node:stream'
import { PDFDocument } from 'pdf-lib'

const HEAD_BYTES = 1024
const TAIL_BYTES = 1024
const CARRY_BYTES = 64
const COUNT_RE = /\/Count\s{1,8}(\d{1,9})/g
const PAGE_RE = /\/Type\s{0,8}\/Page(?![A-Za-z0-9])/g

/** What a streaming pass over a file saw; enough to judge files too big for pdf-lib. */
export interface PdfScan {
  size: number
  /** `%PDF-` appears in the first 1024 bytes (where readers accept it). */
  headerOk: boolean
  /** `%%EOF` appears in the last 1024 bytes, so the file is not cut short. */
  eofOk: boolean
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
  private tail = Buffer.alloc(0)
  private carry = Buffer.alloc(0)
  private scanState: PdfScan = { size: 0, headerOk: false, eofOk: false, maxCount: 0, pageObjects: 0 }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.observe(chunk)
    done(null, chunk)
  }

  /** The result so far; complete once the stream has finished. */
  get scan(): PdfScan {
    const tailText = this.tail.toString('latin1')
    return {
      ...this.scanState,
      headerOk: this.head.toString('latin1').includes('%PDF-'),
      eofOk: tailText.includes('%%EOF')
    }
  }

  private observe(chunk: Buffer): void {
    this.scanState.size += chunk.length
    if (this.head.length < HEAD_BYTES) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)])
    }
    this.tail = Buffer.concat([this.tail, chunk.subarray(Math.max(0, chunk.length - TAIL_BYTES))])
    if (this.tail.length > TAIL_BYTES) this.tail = this.tail.subarray(this.tail.length - TAIL_BYTES)
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

/**
 * Decides whether a received file is a PDF by its bytes, never its name (§7 "File is not a valid
 * PDF."). Files up to `pdfLibMaxBytes` are parsed with pdf-lib for the real page count; bigger
 * ones are judged by the streaming scan (header, end marker, page tree count) to keep memory flat.
 */
export async function judgePdf(path: string, scan: PdfScan, pdfLibMaxBytes: number): Promise<PdfVerdict> {
  if (!scan.headerOk || !scan.eofOk) return { valid: false }
  if (scan.size > pdfLibMaxBytes) {
    const pages = scan.pageObjects > 0 ? scan.pageObjects : scan.maxCount > 0 ? scan.maxCount : 1
    return { valid: true, pages }
  }
  try {
    const doc = await PDFDocument.load(await readFile(path), {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: true
    })
    const pages = doc.getPageCount()
    return pages > 0 ? { valid: true, pages } : { valid: false }
  } catch {
    return { valid: false }
  }
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
