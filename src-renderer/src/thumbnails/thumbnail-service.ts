import type { Unsubscribe } from '../../../src-shared/contract/bridge'
import { bridge, unwrap } from '../bridge'
import { ThumbnailCache, type Thumbnail } from './thumbnail-cache'
import { RenderScheduler, type RenderTicket } from './render-scheduler'
import { firstView } from '../startup/first-view'
import { watchVisibility } from './visibility'

/** The thumbnail's box in CSS pixels, the queue row's first page (PdfThumbnail.vue's styles use the same numbers). */
export const THUMBNAIL_WIDTH = 30
export const THUMBNAIL_HEIGHT = 40

/** Hundreds of thumbnails at 2× before the least recently shown are dropped. */
const CACHE_BYTES = 8 * 1024 * 1024
/** An idle callback waits at most this long, so renders also go on while the app is busy. */
const IDLE_TIMEOUT_MS = 200

const cache = new ThumbnailCache(CACHE_BYTES)
const scheduler = new RenderScheduler<Thumbnail>({
  concurrency: 2,
  pause: () => new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS }))
})

let stopForgetting: Unsubscribe | null = null

/** A job removed from the queue takes its thumbnail with it. */
function forgetRemovedJobs(): void {
  stopForgetting ??= bridge().uploads.onChanged((change) => {
    for (const jobId of change.removed) cache.delete(jobId)
  })
}

/** A file job, as far as its thumbnail goes. */
export interface ThumbnailJob {
  id: string
  /** The size main recorded for the file: pdf.js is told this length. */
  size: number
}

async function render(job: ThumbnailJob, version: string, pixelRatio: number, signal: AbortSignal): Promise<Thumbnail> {
  let thumbnail: Thumbnail
  try {
    // pdf.js loads with the first thumbnail, in a chunk of its own.
    const { renderFirstPage } = await import('./render-first-page')
    const image = await renderFirstPage({
      size: job.size,
      read: (offset, length) => unwrap(bridge().uploads.readPdfRange({ jobId: job.id, offset, length })),
      width: Math.round(THUMBNAIL_WIDTH * pixelRatio),
      height: Math.round(THUMBNAIL_HEIGHT * pixelRatio),
      // Its own budget (render-budget.ts) stops a hung read or a pathological page.
      signal
    })
    thumbnail = { state: 'ready', url: image.url }
  } catch (error) {
    // Given up by its holders: nothing to show or keep. Anything else is a broken PDF, a file
    // that changed or vanished, or a page over its budget: a placeholder.
    if (signal.aborted) throw error
    thumbnail = { state: 'broken' }
  }
  cache.set(job.id, version, thumbnail)
  return thumbnail
}

/**
 * Shows the first page of a file job where `element` is: at once from the cache, else
 * rendered once the element comes into view (visible ones before those scrolled away; one
 * never on screen is never rendered). `show` gets the outcome. Returns the way to stop,
 * which drops or aborts a render nobody else waits for.
 */
export function followThumbnail(element: Element, job: ThumbnailJob, show: (thumbnail: Thumbnail) => void): () => void {
  // Drawn for the screen's pixels; beyond 3× nobody sees a difference at this size.
  const pixelRatio = Math.min(3, Math.max(1, window.devicePixelRatio || 1))
  const version = `${job.size}@${pixelRatio}`
  const cached = cache.get(job.id, version)
  if (cached) {
    show(cached)
    return () => {}
  }
  forgetRemovedJobs()
  let ticket: RenderTicket<Thumbnail> | null = null
  let stopped = false
  let stopWatching = (): void => {}
  // Drawn only once the first view has painted: pdf.js and the file reads never delay it.
  firstView.after(() => {
    if (!stopped) stopWatching = watchVisibility(element, onVisible)
  })
  function onVisible(visible: boolean): void {
    if (ticket) return ticket.setVisible(visible)
    if (!visible) return
    ticket = scheduler.request(`${job.id}@${version}`, (signal) => render(job, version, pixelRatio, signal), true)
    ticket.result.then(
      (thumbnail) => {
        // Another holder may have kept the render going after this one stopped.
        if (stopped) return
        stop()
        show(thumbnail)
      },
      () => {}
    )
  }
  function stop(): void {
    stopped = true
    stopWatching()
    ticket?.release()
  }
  return stop
}
