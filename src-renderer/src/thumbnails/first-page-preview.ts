import { bridge, unwrap } from '../bridge'
import { RenderScheduler } from './render-scheduler'
import type { ThumbnailJob } from './thumbnail-service'

/** A queued file's first page drawn large, with what pdf.js learned of the document on the way. */
export interface FirstPagePreview {
  url: string
  /** Pages in the whole file. */
  pages: number
  /** The first page's width over its height. */
  aspect: number
}

/** A box in CSS pixels; it is drawn for the screen's pixels inside it. */
export interface PreviewBox {
  width: number
  height: number
}

/** Previews kept for a question shown again (a second drop while it is open redraws its rows). */
const MAX_KEPT = 12

const kept = new Map<string, FirstPagePreview>()
// No idle wait: the question is what the user looks at, so its pages go before anything else.
const scheduler = new RenderScheduler<FirstPagePreview>({ concurrency: 2, pause: () => Promise.resolve() })

function keep(key: string, preview: FirstPagePreview): void {
  kept.delete(key)
  kept.set(key, preview)
  while (kept.size > MAX_KEPT) {
    const oldest = kept.keys().next().value
    if (oldest === undefined) break
    kept.delete(oldest)
  }
}

async function draw(job: ThumbnailJob, width: number, height: number, signal: AbortSignal): Promise<FirstPagePreview> {
  // pdf.js comes in its own chunk, as for the queue's thumbnails.
  const { renderFirstPage } = await import('./render-first-page')
  const image = await renderFirstPage({
    size: job.size,
    read: (offset, length) => unwrap(bridge().uploads.readPdfRange({ jobId: job.id, offset, length })),
    width,
    height,
    signal
  })
  return { url: image.url, pages: image.pages, aspect: image.aspect }
}

/**
 * The first page of a queued file at a size where it can be judged (the replace question's
 * "New" side), not the queue's 44 px thumbnail scaled up: drawn with the same pdf.js
 * machinery for the box's CSS size × devicePixelRatio, so it is sharp at 2×. Resolves with
 * the picture, the page count and the page's shape; rejects on a broken file (the caller
 * says so). `release` gives up a drawing nobody waits for any more.
 */
export function previewFirstPage(job: ThumbnailJob, box: PreviewBox): { result: Promise<FirstPagePreview>; release: () => void } {
  const pixelRatio = Math.min(3, Math.max(1, window.devicePixelRatio || 1))
  const width = Math.round(box.width * pixelRatio)
  const height = Math.round(box.height * pixelRatio)
  const key = `${job.id}:${job.size}@${width}x${height}`
  const ready = kept.get(key)
  if (ready) return { result: Promise.resolve(ready), release: () => {} }
  const ticket = scheduler.request(key, (signal) => draw(job, width, height, signal), true)
  const result = ticket.result.then((preview) => {
    keep(key, preview)
    return preview
  })
  return { result, release: () => ticket.release() }
}
