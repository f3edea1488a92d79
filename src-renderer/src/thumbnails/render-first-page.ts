import { getDocument, PDFWorker, VerbosityLevel, type PDFDocumentLoadingTask } from 'pdfjs-dist'
// Vite copies the worker as it is, under a hashed name, so it loads from 'self' (worker-src).
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url'
import { BridgeRangeTransport, type RangeReader } from './bridge-range-transport'
import { PdfWorkerPool, type WorkerLease } from './pdf-worker-pool'
import { MAX_CANVAS_BYTES, MAX_IMAGE_PIXELS, MAX_OPERATIONS, RENDER_TIME_BUDGET_MS } from './render-budget'

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

/** pdf.js workers for the thumbnails, started on first use; documents come and go, workers stay unless stopped. */
const pool = new PdfWorkerPool(() => {
  const thread = new Worker(workerUrl, { type: 'module', name: 'pdf.js thumbnails' })
  return { thread, worker: PDFWorker.create({ port: thread, verbosity: VerbosityLevel.ERRORS }) }
})

/** A render given up (broken file, abort) may take this long to wind down before its worker counts as stuck. */
const WIND_DOWN_MS = 1_000

/** A render that ran over its time or operations (render-budget.ts). */
export class OverBudgetError extends Error {
  constructor(what: string) {
    super(what)
    this.name = 'OverBudgetError'
  }
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
  /** Pages in the whole document, as pdf.js counts them. */
  pages: number
  /** The first page's width over its height (rotation applied). */
  aspect: number
}

/**
 * Ends a render: the document is destroyed and the worker goes back to the pool, unless the
 * render ran over (its worker may be looping: it is terminated) or does not wind down in time.
 */
async function windDown(task: PDFDocumentLoadingTask, lease: WorkerLease, overBudget: boolean): Promise<void> {
  if (overBudget) {
    lease.kill()
    // Never awaited: a terminated worker does not answer pdf.js's goodbye.
    task.destroy().catch(() => {})
    return
  }
  const destroyed = task.destroy().then(
    () => true,
    () => false
  )
  const inTime = await Promise.race([destroyed, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), WIND_DOWN_MS))])
  if (inTime) lease.release()
  else lease.kill()
}

/**
 * Renders page 1 of a queued PDF to fit the box, through a range transport, within the budget
 * of render-budget.ts, and destroys the document afterwards. Rejects on a broken PDF, a failed
 * read, an abort or a render over budget ({@link OverBudgetError}, its worker terminated); the
 * caller shows a placeholder then.
 */
export async function renderFirstPage(request: FirstPageRequest): Promise<FirstPageImage> {
  const { signal } = request
  signal.throwIfAborted()
  let failWith: (error: unknown) => void = () => {}
  // Rejects when a read fails, the budget runs out or the caller gives up: pdf.js itself would wait forever.
  const failed = new Promise<never>((_, reject) => {
    failWith = reject
  })
  // Handled here as well, so a failure after the render ended is not an unhandled rejection.
  failed.catch(() => {})
  let overBudget = false
  const overrun = (what: string): void => {
    overBudget = true
    failWith(new OverBudgetError(what))
  }
  const onAbort = (): void => failWith(signal.reason)
  signal.addEventListener('abort', onAbort, { once: true })
  // words-exempt: the reason a thumbnail gave up, for the log, never shown
  const clock = setTimeout(() => overrun(`The first page took longer than ${RENDER_TIME_BUDGET_MS} ms.`), RENDER_TIME_BUDGET_MS)
  const lease = pool.acquire()
  const transport = new BridgeRangeTransport(request.size, request.read, (error) => failWith(error))
  const task: PDFDocumentLoadingTask = getDocument({
    range: transport,
    worker: lease.worker,
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
    // The memory side of the budget: huge images are left out or scaled down in the worker.
    maxImageSize: MAX_IMAGE_PIXELS,
    canvasMaxAreaInBytes: MAX_CANVAS_BYTES,
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
    const rendering = page.render({
      canvas,
      viewport,
      // Called for each drawing operation as it runs: the window holds every one until the end.
      operationsFilter: (index) => {
        if (index < MAX_OPERATIONS) return true
        // words-exempt: the reason a thumbnail gave up, for the log, never shown
        overrun(`The first page needs more than ${MAX_OPERATIONS} drawing operations.`)
        return false
      }
    })
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
    return { url, bytesRead: transport.bytesRead, pages: pdf.numPages, aspect: unit.width / unit.height }
  } finally {
    clearTimeout(clock)
    signal.removeEventListener('abort', onAbort)
    await windDown(task, lease, overBudget)
  }
}
