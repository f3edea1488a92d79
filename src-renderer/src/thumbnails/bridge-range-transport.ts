import { PDFDataRangeTransport } from 'pdfjs-dist'
import { MAX_PDF_RANGE_BYTES } from '../../../src-shared/domain/queue'

/** Reads `length` bytes at `offset` of one job's PDF (uploads:readPdfRange). */
export type RangeReader = (offset: number, length: number) => Promise<Uint8Array>

/**
 * Most bytes one thumbnail may read. A first page normally needs a few chunks; a page that
 * draws a huge image would otherwise pull most of a large file into memory for 40 pixels.
 */
export const MAX_BYTES_PER_THUMBNAIL = 32 * 1024 * 1024

/**
 * Feeds pdf.js the byte ranges it asks for, read by main through the bridge: pdf.js reads
 * the header, the cross-reference data and the objects of page 1, never the whole file.
 * pdf.js has no error path for a range transport, so a failed read is handed to `fail`,
 * which ends the load.
 */
export class BridgeRangeTransport extends PDFDataRangeTransport {
  #aborted = false
  #bytesRead = 0

  constructor(
    length: number,
    private readonly read: RangeReader,
    private readonly fail: (error: unknown) => void
  ) {
    super(length, null)
  }

  /** Bytes read through the bridge so far. */
  get bytesRead(): number {
    return this.#bytesRead
  }

  override requestDataRange(begin: number, end: number): void {
    this.#readWhole(begin, end).then(
      (bytes) => {
        if (this.#aborted) return
        // After a cancel pdf.js may have dropped the reader for this range and asserts.
        try {
          this.onDataRange(begin, bytes)
        } catch (error) {
          this.fail(error)
        }
      },
      (error: unknown) => {
        if (!this.#aborted) this.fail(error)
      }
    )
  }

  override abort(): void {
    this.#aborted = true
  }

  /** pdf.js groups adjacent chunks into one request; main reads at most 1 MiB per call. */
  async #readWhole(begin: number, end: number): Promise<Uint8Array> {
    const length = end - begin
    this.#bytesRead += length
    if (this.#bytesRead > MAX_BYTES_PER_THUMBNAIL) throw new Error('The first page needs too much of the file for a thumbnail.')
    if (length <= MAX_PDF_RANGE_BYTES) return this.read(begin, length)
    const whole = new Uint8Array(length)
    for (let at = 0; at < length && !this.#aborted; at += MAX_PDF_RANGE_BYTES) {
      whole.set(await this.read(begin + at, Math.min(MAX_PDF_RANGE_BYTES, length - at)), at)
    }
    return whole
  }
}
