import type { Unsubscribe } from '../../../src-shared/contract/bridge'
import type { JobState, JobView } from '../../../src-shared/domain/queue'
import { bridge, unwrap } from '../bridge'

/**
 * The box a published PDF's first page is drawn into for its cover, in device pixels: about
 * twice the largest tile, so it stays sharp in the details panel too.
 */
const DRAW_WIDTH = 420
const DRAW_HEIGHT = 560
/** A drawing that takes longer (a hung read, a pathological page) is left to the service's thumbnail. */
const DRAW_TIMEOUT_MS = 20_000

/** PNG bytes of a `data:image/png;base64,…` URL. */
export function pngBytesOf(dataUrl: string): Uint8Array<ArrayBuffer> {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1)
  const binary = atob(base64)
  const bytes = new Uint8Array(binary.length)
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index)
  return bytes
}

async function draw(job: JobView): Promise<void> {
  if (job.source.type !== 'file') return
  const jobId = job.id
  // pdf.js comes with the first drawing, in its own chunk (as for the queue's thumbnails).
  const { renderFirstPage } = await import('../thumbnails/render-first-page')
  const image = await renderFirstPage({
    size: job.source.size,
    read: (offset, length) => unwrap(bridge().uploads.readPdfRange({ jobId, offset, length })),
    width: DRAW_WIDTH,
    height: DRAW_HEIGHT,
    signal: AbortSignal.timeout(DRAW_TIMEOUT_MS)
  })
  await bridge().library.keepCover({ jobId, png: pngBytesOf(image.url) })
}

/**
 * Items FlipDrop publishes show its own drawing of their first page as their cover at once,
 * rather than waiting for the service's thumbnail: when a file's job is done (a new item, or
 * a replace), its first page is drawn with pdf.js, the same renderer as the queue's rows but
 * at cover size (the rows' 44×58 would be blurred in a tile), and handed to main, which keeps
 * it in the data folder as that item's cover. One at a time, in the background; a failure
 * leaves the service's thumbnail. Returns the way to stop.
 */
export function followPublishedCovers(): Unsubscribe {
  const states = new Map<string, JobState>()
  let turn: Promise<void> = Promise.resolve()
  return bridge().uploads.onChanged((change) => {
    for (const id of change.removed) states.delete(id)
    for (const job of change.jobs) {
      const before = states.get(job.id)
      states.set(job.id, job.state)
      if (job.state !== 'done' || before === 'done' || job.result === null || job.source.type !== 'file') continue
      turn = turn.then(() => draw(job)).catch(() => undefined)
    }
  })
}
