import { createHash } from 'node:crypto'
import { close, closeSync, constants, fstat, fstatSync, open, openSync, read, readSync, type Stats } from 'node:fs'
import { bytesSource, MissingBytes, RangeCache } from './pdf-reading'
import { checkStructure, type StructureVerdict } from './pdf-structure'

/** A file's stat and, for a non-empty regular file, what its structure says. */
export interface PdfProbe {
  stats: Stats
  /** Undefined when the file is not a regular file or is empty: then nothing was read. */
  verdict: StructureVerdict | undefined
  /** SHA-256 of the whole file when it is small enough to read at once; undefined otherwise (the caller hashes it). */
  sha256?: string
}

/**
 * Files up to this size are read whole by the probe and hashed on the way, so adding a
 * folder of small PDFs opens each file once instead of twice (the queue needs every hash).
 */
export const HASH_IN_PROBE_BYTES = 256 * 1024

/**
 * Opening without blocking: if the path turned into a named pipe since it was looked at, a
 * plain open would wait forever for a writer. O_NONBLOCK does not exist on Windows.
 */
export const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0)

/*
 * Plain descriptors and callbacks rather than FileHandle and promises: a folder of 10,000
 * files costs 40,000 calls, and the promise machinery around each one about doubled the CPU
 * time. The structure check (pdf-structure.ts) runs over bytes in memory; for a large file the
 * drivers below read each range it asks for (blocking, or with callbacks) and run it again.
 */

type Done<T> = (error: Error | null, value: T | undefined) => void

const NOTHING = new Uint8Array(0)

/**
 * Ranges read for one check: an ordinary file needs about six, one saved incrementally a few
 * more per update; a check that keeps asking is not ordinary.
 */
const MAX_READS = 128
/** Each read takes at least this much: neighbouring entries and objects come along. */
const MIN_READ = 4 * 1024

/** The range to read for a missing one: at least {@link MIN_READ} bytes, within the file. */
const widen = (missing: MissingBytes, size: number): number => Math.min(size - missing.at, Math.max(missing.length, MIN_READ))

function readAt(fd: number, length: number, position: number, done: Done<Uint8Array>): void {
  const buffer = Buffer.allocUnsafe(length)
  read(fd, buffer, 0, length, position, (error, bytesRead) => {
    // Only the bytes read are looked at, so the unzeroed rest of the buffer never leaks.
    done(error, error ? NOTHING : buffer.subarray(0, bytesRead))
  })
}

function readAtSync(fd: number, at: number, length: number): Uint8Array {
  const buffer = Buffer.allocUnsafe(length)
  return buffer.subarray(0, readSync(fd, buffer, 0, length, at))
}

const tooManyReads = (): StructureVerdict => ({ kind: 'unusual', why: 'The structure check kept reading.', cutShort: false, header: true })

/** Runs the structure check with blocking reads (intake worker only): each missing range read, then again. */
function checkSync(fd: number, size: number): StructureVerdict {
  const cache = new RangeCache(size)
  for (let reads = 0; reads < MAX_READS; reads++) {
    try {
      return checkStructure(cache)
    } catch (error) {
      if (!(error instanceof MissingBytes)) throw error
      cache.add(error.at, readAtSync(fd, error.at, widen(error, size)))
    }
  }
  return tooManyReads()
}

/** Runs the structure check with callback reads. */
function checkAsync(fd: number, size: number, done: Done<StructureVerdict>): void {
  const cache = new RangeCache(size)
  const attempt = (reads: number): void => {
    if (reads >= MAX_READS) return done(null, tooManyReads())
    try {
      return done(null, checkStructure(cache))
    } catch (error) {
      if (!(error instanceof MissingBytes)) return done(error instanceof Error ? error : new Error(String(error)), undefined)
      readAt(fd, widen(error, size), error.at, (readError, bytes) => {
        if (readError) return done(readError, undefined)
        cache.add(error.at, bytes ?? NOTHING)
        attempt(reads + 1)
      })
    }
  }
  attempt(0)
}

/** The probe of a small file read whole: its verdict, and its hash when it may be accepted. */
function judgeWhole(stats: Stats, bytes: Uint8Array): PdfProbe {
  const verdict = checkStructure(bytesSource(bytes))
  // Shorter than its stat said: it changed meanwhile, so no hash (the caller hashes it again).
  if (verdict.kind === 'not-pdf' || bytes.length !== stats.size) return { stats, verdict }
  // No second fstat: a file saved again while read here is caught at upload time, where
  // the bytes sent are hashed and compared with this hash (a mismatch sends it again).
  return { stats, verdict, sha256: createHash('sha256').update(bytes).digest('hex') }
}

/**
 * Opens `path`, runs `step` on the descriptor, and closes it before settling. A failed close
 * after a successful read is ignored: the bytes were already judged.
 */
function withFd<T>(path: string, step: (fd: number, done: Done<T>) => void): Promise<T> {
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
 * What the structure of the file at `path` (of `size` bytes, from a stat) says, whatever
 * its name (pdf-structure.ts): a few small reads for an ordinary PDF, never the whole of a
 * large file. Errors from opening or reading are thrown.
 */
export function checkPdfFile(path: string, size: number): Promise<StructureVerdict> {
  return withFd(path, (fd, done) => checkAsync(fd, size, done))
}

/**
 * Opens `path` once and returns the stat of that open file (so what is judged is what was
 * opened, even if the path changes meanwhile) and, for a non-empty regular file, the
 * {@link checkPdfFile} verdict. Errors from opening, stat or reading are thrown.
 */
export function probePdf(path: string): Promise<PdfProbe> {
  return withFd(path, (fd, done: Done<PdfProbe>) => {
    fstat(fd, (statError, stats) => {
      if (statError) return done(statError, undefined)
      if (!stats.isFile() || stats.size === 0) return done(null, { stats, verdict: undefined })
      if (stats.size > HASH_IN_PROBE_BYTES) {
        checkAsync(fd, stats.size, (error, verdict) => done(error, error ? undefined : { stats, verdict }))
        return
      }
      readAt(fd, stats.size, 0, (error, bytes) => done(error, error || !bytes ? undefined : judgeWhole(stats, bytes)))
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
    if (stats.size <= HASH_IN_PROBE_BYTES) return judgeWhole(stats, readAtSync(fd, 0, stats.size))
    return { stats, verdict: checkSync(fd, stats.size) }
  } finally {
    closeSync(fd)
  }
}
