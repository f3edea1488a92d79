import { getDocument, PDFWorker, VerbosityLevel, type PDFDocumentLoadingTask } from 'pdfjs-dist'
// Vite copies the worker as it is, under a hashed name, so it loads from 'self' (worker-src).
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url'
import { BridgeRangeTransport, type RangeReader } from './bridge-range-transport'

/*
 * This module is loaded on demand (thumbnail-service.ts imports it dynamically), so pdf.js
 * and its worker stay out of the app's main chunk.
 */

/**
 * Bytes per range request. A thumbnail needs the header, the cross-reference data and the
 * objects of page 1, each a few KiB in a typical export: smaller chunks read less of the
 * file, larger ones cost fewer round trips to main. pdf.js's default is 64 KiB.
 */
export const RANGE_CHUNK_BYTES = 32 * 1024

/** One pdf.js worker for every thumbnail, started on first use; documents come and go, it stays. */
let worker: PDFWorker | null = null

function sharedWorker(): PDFWorker {
  if (!worker || worker.destroyed) {
    worker = PDFWorker.create({
      port: new Worker(workerUrl, { type: 'module', name: 'pdf.js thumbnails' }),
      verbosity: VerbosityLevel.ERRORS
    })
  }
  return worker
}

/** What to render: a job's PDF of `size` bytes, read through `read`, to fit a box of device pixels. */
export interface FirstPageRequest {
  size: number
  read: RangeReader
  /** Device pixels (the box's CSS size × devicePixelRatio). */
  width: number
  height: number
  signal: AbortSignal
}

/** The first page as a PNG data URL (img-src allows data:), and how many bytes were read for it. */
export interface FirstPageImage {
  url: string
  bytesRead: number
}

/**
 * Renders page 1 of a queued PDF to fit the box, through a range transport, and destroys
 * the document afterwards (the worker stays). Rejects on a broken PDF, a failed read or an
 * abort; the caller shows a placeholder then.
 */
export async function renderFirstPage(request: FirstPageRequest): Promise<FirstPageImage> {
  const { signal } = request
  signal.throwIfAborted()
  let failWith: (error: unknown) => void = () => {}
  // Rejects when a read fails or the caller gives up: pdf.js itself would wait forever.
  const failed = new Promise<never>((_, reject) => {
    failWith = reject
  })
  // Handled here as well, so a failure after the render ended is not an unhandled rejection.
  failed.catch(() => {})
  const onAbort = (): void => failWith(signal.reason)
  signal.addEventListener('abort', onAbort, { once: true })
  const transport = new BridgeRangeTransport(request.size, request.read, (error) => failWith(error))
  const task: PDFDocumentLoadingTask = getDocument({
    range: transport,
    worker: sharedWorker(),
    rangeChunkSize: RANGE_CHUNK_BYTES,
    // Only what page 1 needs: no background fetching of the rest, no streaming of the whole.
    disableAutoFetch: true,
    disableStream: true,
    // The CSP has no 'unsafe-eval': pdf.js must not compile PDF functions to JavaScript.
    isEvalSupported: false,
    // Nor 'wasm-unsafe-eval': images in JPEG 2000 or JBIG2 and ICC profiles go without wasm
    // (those images are left out, colours use the device space), fine at thumbnail size.
    useWasm: false,
    enableXfa: false,
    verbosity: VerbosityLevel.ERRORS
  })
  try {
    const pdf = await Promise.race([task.promise, failed])
    const page = await Promise.race([pdf.getPage(1), failed])
    const unit = page.getViewport({ scale: 1 })
    const viewport = page.getViewport({ scale: Math.min(request.width / unit.width, request.height / unit.height) })
    const canvas = document.createElement('canvas')
    canvas.width = Math.max(1, Math.round(viewport.width))
    canvas.height = Math.max(1, Math.round(viewport.height))
    const rendering = page.render({ canvas, viewport })
    try {
      await Promise.race([rendering.promise, failed])
    } catch (error) {
      rendering.cancel()
      throw error
    }
    const url = canvas.toDataURL('image/png')
    // Give the pixels back now rather than at the next collection.
    canvas.width = 0
    canvas.height = 0
    return { url, bytesRead: transport.bytesRead }
  } finally {
    signal.removeEventListener('abort', onAbort)
    await task.destroy()
  }
}
