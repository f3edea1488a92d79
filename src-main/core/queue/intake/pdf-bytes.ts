import { createHash } from 'node:crypto'
import { close, closeSync, constants, fstat, fstatSync, open, openSync, read, readSync, type Stats } from 'node:fs'

/** What the bytes of a file say about it being a PDF. */
export type PdfBytesVerdict = 'ok' | 'not-pdf' | 'incomplete-pdf'

/** A file's stat and, for a non-empty regular file, what its bytes say. */
export interface PdfProbe {
  stats: Stats
  /** Undefined when the file is not a regular file or is empty: then nothing was read. */
  verdict: PdfBytesVerdict | undefined
  /** SHA-256 of the whole file when it is small enough to read at once; undefined otherwise (the caller hashes it). */
  sha256?: string
}

/**
 * Files up to this size are read whole by the probe and hashed on the way, so adding a
 * folder of small PDFs opens each file once instead of twice (the queue needs every hash).
 */
export const HASH_IN_PROBE_BYTES = 256 * 1024

/**
 * Readers accept the `%PDF-` header anywhere in the first 1024 bytes and the `%%EOF` marker
 * anywhere in the last 1024 (the service checks the same windows).
 */
const WINDOW = 1024

/**
 * Opening without blocking: if the path turned into a named pipe since it was looked at, a
 * plain open would wait forever for a writer. O_NONBLOCK does not exist on Windows.
 */
export const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0)

/*
 * Plain descriptors and callbacks rather than FileHandle and promises: a folder of 10,000
 * files costs 40,000 calls, and the promise machinery around each one about doubled the CPU
 * time. Each function below is one step; the exported ones wrap a whole chain in a promise.
 */

type Done<T> = (error: NodeJS.ErrnoException | null, value: T) => void

const NOTHING = Buffer.alloc(0)

function readAt(fd: number, length: number, position: number, done: Done<Buffer>): void {
  const buffer = Buffer.allocUnsafe(length)
  read(fd, buffer, 0, length, position, (error, bytesRead) => {
    // Only the bytes read are looked at, so the unzeroed rest of the buffer never leaks.
    done(error, error ? NOTHING : buffer.subarray(0, bytesRead))
  })
}

function judge(head: Buffer, tail: Buffer): PdfBytesVerdict {
  if (!head.includes('%PDF-', 0, 'latin1')) return 'not-pdf'
  // A file that is still being written, or was cut off in a copy, lacks the final marker.
  return tail.includes('%%EOF', 0, 'latin1') ? 'ok' : 'incomplete-pdf'
}

/** Reads the two windows of a file of `size` bytes: one read when they overlap. */
function readVerdict(fd: number, size: number, done: Done<PdfBytesVerdict>): void {
  if (size <= 2 * WINDOW) {
    readAt(fd, size, 0, (error, bytes) => {
      done(error, judge(bytes.subarray(0, WINDOW), bytes.subarray(Math.max(0, bytes.length - WINDOW))))
    })
    return
  }
  readAt(fd, WINDOW, 0, (headError, head) => {
    // Without a header the end does not matter: skip the second read.
    if (headError || !head.includes('%PDF-', 0, 'latin1')) return done(headError, 'not-pdf')
    readAt(fd, WINDOW, size - WINDOW, (tailError, tail) => done(tailError, judge(head, tail)))
  })
}

/**
 * Opens `path`, runs `step` on the descriptor, and closes it before settling. A failed close
 * after a successful read is ignored: the bytes were already judged.
 */
function withFd<T>(path: string, step: (fd: number, done: Done<T | undefined>) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    open(path, OPEN_FLAGS, (openError, fd) => {
      if (openError) return reject(openError)
      step(fd, (error, value) => {
        close(fd, () => (error || value === undefined ? reject(error ?? new Error('No result')) : resolve(value)))
      })
    })
  })
}

/**
 * Whether the file at `path` (of `size` bytes, from a stat) is a PDF by its bytes, whatever
 * its name: `%PDF-` in the first 1024 bytes and `%%EOF` in the last 1024 (whitespace after
 * it is fine). Reads at most 2 KiB. Errors from opening or reading are thrown.
 */
export function checkPdfBytes(path: string, size: number): Promise<PdfBytesVerdict> {
  return withFd(path, (fd, done) => readVerdict(fd, size, done))
}

/**
 * Opens `path` once and returns the stat of that open file (so what is judged is what was
 * opened, even if the path changes meanwhile) and, for a non-empty regular file, the
 * {@link checkPdfBytes} verdict. Errors from opening, stat or reading are thrown.
 */
export function probePdf(path: string): Promise<PdfProbe> {
  return withFd(path, (fd, done: Done<PdfProbe | undefined>) => {
    fstat(fd, (statError, stats) => {
      if (statError) return done(statError, undefined)
      if (!stats.isFile() || stats.size === 0) return done(null, { stats, verdict: undefined })
      if (stats.size > HASH_IN_PROBE_BYTES) {
        readVerdict(fd, stats.size, (error, verdict) => done(error, { stats, verdict }))
        return
      }
      readAt(fd, stats.size, 0, (error, bytes) => {
        if (error) return done(error, undefined)
        const verdict = judge(bytes.subarray(0, WINDOW), bytes.subarray(Math.max(0, bytes.length - WINDOW)))
        if (verdict !== 'ok' || bytes.length !== stats.size) return done(null, { stats, verdict })
        // No second fstat: a file saved again while read here is caught at upload time, where
        // the bytes sent are hashed and compared with this hash (a mismatch sends it again).
        done(null, { stats, verdict, sha256: createHash('sha256').update(bytes).digest('hex') })
      })
    })
  })
}

/**
 * {@link probePdf} with blocking calls, for the intake worker thread only (never the main
 * thread: a slow network folder would freeze it). Same checks, same result.
 */
export function probePdfSync(path: string): PdfProbe {
  const fd = openSync(path, OPEN_FLAGS)
  try {
    const stats = fstatSync(fd)
    if (!stats.isFile() || stats.size === 0) return { stats, verdict: undefined }
    const readBytes = (length: number, position: number): Buffer => {
      const buffer = Buffer.allocUnsafe(length)
      return buffer.subarray(0, readSync(fd, buffer, 0, length, position))
    }
    if (stats.size <= HASH_IN_PROBE_BYTES) {
      const bytes = readBytes(stats.size, 0)
      const verdict = judge(bytes.subarray(0, WINDOW), bytes.subarray(Math.max(0, bytes.length - WINDOW)))
      if (verdict !== 'ok' || bytes.length !== stats.size) return { stats, verdict }
      return { stats, verdict, sha256: createHash('sha256').update(bytes).digest('hex') }
    }
    const head = readBytes(WINDOW, 0)
    if (!head.includes('%PDF-', 0, 'latin1')) return { stats, verdict: 'not-pdf' }
    return { stats, verdict: judge(head, readBytes(WINDOW, stats.size - WINDOW)) }
  } finally {
    closeSync(fd)
  }
}
