import { open, readFile, type FileHandle } from 'node:fs/promises'
import type { ParseVerdict } from './parse-messages'

/*
 * Opening a PDF the way a reader does: pdf.js's own parser (it rebuilds broken
 * cross-reference data, skips junk, reads encrypted files). Runs inside the parse worker only
 * (pdf-parse-worker.ts), whose time and heap are limited from outside.
 */

/** Files up to this size are handed to pdf.js whole; larger ones are read in the ranges it asks for. */
const WHOLE_FILE_BYTES = 32 * 1024 * 1024
/** Most bytes of a large file read for one check: more would defeat the memory budget. */
export const MAX_RANGE_BYTES = 256 * 1024 * 1024

type Pdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs')

let loading: Promise<Pdfjs> | undefined

/**
 * pdf.js, loaded on first use. Its fake worker (everything on this thread) is given the worker
 * module directly, so no file has to be found at run time: the bundle carries both.
 */
export function pdfjs(): Promise<Pdfjs> {
  loading ??= (async () => {
    const [library, worker] = await Promise.all([import('pdfjs-dist/legacy/build/pdf.mjs'), import('pdfjs-dist/legacy/build/pdf.worker.mjs')])
    Object.assign(globalThis, { pdfjsWorker: worker })
    return library
  })()
  return loading
}

/** The error's name, which is how pdf.js says what went wrong (its classes are not all exported). */
const nameOf = (error: unknown): string => (error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error) ? String((error as { name: unknown }).name) : '')

/** A read of the file failed while pdf.js was opening it (it went away, or the disk failed). */
class ReadFailed extends Error {
  constructor(override readonly cause: unknown) {
    super('The file could not be read.')
    this.name = 'ReadFailed'
  }
}

/** Serves pdf.js the byte ranges of a large file it asks for, and counts them against the budget. */
function rangeSource(library: Pdfjs, handle: FileHandle, size: number, stop: (verdict: ParseVerdict) => void, fail: (error: ReadFailed) => void) {
  let read = 0
  class FileRanges extends library.PDFDataRangeTransport {
    override requestDataRange(begin: number, end: number): void {
      read += end - begin
      if (read > MAX_RANGE_BYTES) return stop({ kind: 'over-budget', limit: 'memory' })
      const bytes = new Uint8Array(end - begin)
      handle.read(bytes, 0, bytes.length, begin).then(
        () => this.onDataRange(begin, bytes),
        (error: unknown) => fail(new ReadFailed(error))
      )
    }
  }
  return new FileRanges(size, null)
}

/**
 * Opens the file at `path` with pdf.js, without a password, and says what it found. Reading
 * errors (a file gone meanwhile) are thrown.
 */
export async function openWithPdfjs(path: string): Promise<ParseVerdict> {
  const library = await pdfjs()
  const handle = await open(path, 'r')
  let stop: (verdict: ParseVerdict) => void = () => {}
  let fail: (error: ReadFailed) => void = () => {}
  const stopped = new Promise<ParseVerdict>((resolve, reject) => {
    stop = resolve
    fail = reject
  })
  stopped.catch(() => {})
  try {
    const { size } = await handle.stat()
    const source =
      size <= WHOLE_FILE_BYTES
        ? { data: new Uint8Array(await readFile(handle)) }
        : { range: rangeSource(library, handle, size, stop, fail), disableAutoFetch: true, disableStream: true }
    const task = library.getDocument({
      ...source,
      // Structure only: no fonts, no scripts, no wasm decoders, no eval (nothing is drawn).
      isEvalSupported: false,
      useWasm: false,
      disableFontFace: true,
      useSystemFonts: false,
      enableXfa: false,
      stopAtErrors: false,
      verbosity: library.VerbosityLevel.ERRORS
    })
    try {
      const document = await Promise.race([task.promise, stopped])
      return 'numPages' in document ? { kind: 'pdf', pages: document.numPages } : document
    } catch (error) {
      if (error instanceof ReadFailed) throw error.cause
      if (nameOf(error) === 'PasswordException') return { kind: 'password' }
      return { kind: 'damaged' }
    } finally {
      await task.destroy()
    }
  } finally {
    await handle.close()
  }
}
