import { randomBytes } from 'node:crypto'
import { open, stat } from 'node:fs/promises'
import { basename } from 'node:path'
import { ServiceError, explain } from './service-error'
import { monotonicNow } from '../clock'

/** Bytes of the upload handed to the connection so far. */
export interface UploadProgress {
  sent: number
  total: number
}

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void
  /**
   * Sees each chunk of the file as it is sent, synchronously (the buffer is reused right
   * after), so a caller can hash exactly the bytes that went out.
   */
  onFileChunk?: (chunk: Buffer) => void
  signal?: AbortSignal
}

/**
 * The file got shorter while it was sent (saved again, truncated): the body ends before the
 * length it declared, so the service never has a whole request and cannot have acted on it.
 */
export class FileShrankError extends Error {
  constructor() {
    super('The file got shorter while it was being uploaded.')
    this.name = 'FileShrankError'
  }
}

/** A multipart body streamed from disk, with its exact length and its own abort signal. */
export interface MultipartUpload {
  /** Handed to undici as an async iterable: measured ~1.5× faster than wrapping it in a Readable. */
  body: AsyncIterable<Buffer>
  length: number
  contentType: string
  /** Aborts on the caller's signal, or with a 'stalled' ServiceError when nothing moves. */
  signal: AbortSignal
  /** Stops the stall watch (call when the request has settled). */
  dispose(): void
  /** Set when the file ran out before its length: the reason the request failed, whatever the connection said. */
  readonly shrank: FileShrankError | null
}

/**
 * Read size: about 1 % of the file, so progress moves at least every percent, between
 * 64 KiB and 1 MiB (bigger reads measured no faster; smaller ones cost throughput).
 */
function chunkBytes(size: number): number {
  return Math.min(1024 * 1024, Math.max(64 * 1024, Math.floor(size / 100)))
}

/**
 * A name inside a quoted header parameter (`filename="…"`), escaped as browsers do (WHATWG
 * multipart/form-data, RFC 7578 §4.2): `"`, CR and LF percent-encoded. Every other control
 * character is encoded too: a parser may refuse a raw one in a header (busboy rejects an
 * escape character as a malformed part header), and the name still says which file it was.
 */
// eslint-disable-next-line no-control-regex -- escaping control characters is this function's job
const HEADER_UNSAFE = /[\u0000-\u001f\u007f"]/g
function headerValue(value: string): string {
  return value.replace(HEADER_UNSAFE, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)
}

/**
 * The file in chunks of about 1 % (64 KiB to 1 MiB), read into two buffers used in turn:
 * one is being sent while the next is read. Reusing them instead of allocating a buffer
 * per read cut the upload's CPU (mostly garbage collection) to a fraction.
 *
 * Safe because the consumer, undici, takes the next chunk only after the socket drained
 * the previous one (a chunk this size is always above the socket's high-water mark), so a
 * buffer is refilled only once it was handed to the kernel; the upload-integrity test
 * (test/main/core/api/upload-integrity.test.ts) would catch any change to that.
 */
async function* readFileChunks(path: string, size: number): AsyncGenerator<Buffer> {
  const chunkSize = chunkBytes(size)
  const buffers = [Buffer.allocUnsafe(chunkSize), Buffer.allocUnsafe(chunkSize)] as const
  const file = await open(path, 'r')
  try {
    const readAt = async (buffer: Buffer, position: number): Promise<Buffer> => {
      const length = Math.min(buffer.length, size - position)
      const { bytesRead } = await file.read(buffer, 0, length, position)
      if (bytesRead !== length) throw new FileShrankError()
      return buffer.subarray(0, bytesRead)
    }
    let position = 0
    let turn = 0
    let next = readAt(buffers[0], 0)
    while (position < size) {
      const chunk = await next
      position += chunk.length
      turn ^= 1
      if (position < size) next = readAt(turn === 0 ? buffers[0] : buffers[1], position)
      yield chunk
    }
  } finally {
    await file.close()
  }
}

/**
 * Builds a multipart/form-data body that streams the file from disk with an exact
 * Content-Length (never buffering the file), reports progress at least every 1 % of
 * sending, and aborts when no bytes are taken for `stallMs`.
 *
 * Hand-written rather than using FormData/Blob so the length is known before sending
 * and the file is read exactly once, in bounded chunks.
 */
export async function createMultipartUpload(
  path: string,
  fields: Record<string, string>,
  options: UploadOptions & { stallMs: number; fileField?: string }
): Promise<MultipartUpload> {
  const { size } = await stat(path)
  const boundary = `----FlipDrop${randomBytes(12).toString('hex')}`
  let preamble = ''
  for (const [name, value] of Object.entries(fields)) {
    preamble += `--${boundary}\r\nContent-Disposition: form-data; name="${headerValue(name)}"\r\n\r\n${value}\r\n`
  }
  preamble +=
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.fileField ?? 'File'}"; ` +
    `filename="${headerValue(basename(path))}"\r\nContent-Type: application/pdf\r\n\r\n`
  const head = Buffer.from(preamble, 'utf8')
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8')
  const total = head.length + size + tail.length

  const controller = new AbortController()
  const onCallerAbort = (): void => controller.abort(options.signal?.reason)
  if (options.signal?.aborted) onCallerAbort()
  options.signal?.addEventListener('abort', onCallerAbort, { once: true })

  let sent = 0
  let lastMoved = monotonicNow()
  // The stall clock starts with the first byte taken, not before: a request may wait its
  // turn at the rate limiter for a whole window first.
  let started = false
  let finished = false
  let shrank: FileShrankError | null = null
  // Every read is at most 1 % of the file, so reporting each one satisfies "at least every 1 %".
  const report = (): void => options.onProgress?.({ sent, total })
  const stallWatch = setInterval(() => {
    if (started && !finished && monotonicNow() - lastMoved > options.stallMs) {
      controller.abort(new ServiceError('stalled', explain.stalled(Math.max(1, Math.round(options.stallMs / 1000))), { delivery: 'unknown' }))
    }
  }, Math.min(1000, Math.max(50, options.stallMs / 4)))

  async function* parts(): AsyncGenerator<Buffer> {
    started = true
    lastMoved = monotonicNow()
    report()
    sent += head.length
    lastMoved = monotonicNow()
    yield head
    if (size > 0) {
      try {
        for await (const chunk of readFileChunks(path, size)) {
          options.onFileChunk?.(chunk)
          sent += chunk.length
          lastMoved = monotonicNow()
          report()
          yield chunk
        }
      } catch (error) {
        if (error instanceof FileShrankError) shrank = error
        throw error
      }
    }
    sent += tail.length
    lastMoved = monotonicNow()
    yield tail
    finished = true
    report()
  }

  return {
    body: parts(),
    length: total,
    contentType: `multipart/form-data; boundary=${boundary}`,
    signal: controller.signal,
    get shrank() {
      return shrank
    },
    dispose() {
      finished = true
      clearInterval(stallWatch)
      options.signal?.removeEventListener('abort', onCallerAbort)
    }
  }
}
