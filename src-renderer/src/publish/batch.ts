import { FINISHED_STATES, type JobProgress, type JobView } from '../../../src-shared/domain/queue'
import type { DocType } from '../../../src-shared/domain/service/item'
import { libraryKey } from '../../../src-shared/domain/library'
import type { ShareRef } from '../../../src-shared/domain/share'

/*
 * The batch bar over the queue: one bar and one time left while rows run ("Publishing 3 of
 * 10"), one summary when all have ended ("10 flipbooks published"). Everything it says is
 * counted from the rows it stands above (narrowed to one account when the list is), so it
 * never disagrees with them; nothing keeps a count of its own.
 */

const finished = (job: JobView): boolean => FINISHED_STATES.includes(job.state)

/** The links of the rows published or updated, in the order shown ("Copy all links"). */
export function linksOf(rows: readonly JobView[]): string[] {
  return rows.flatMap((job) => (job.state === 'done' && job.result ? [job.result.url] : []))
}

/**
 * The items published or updated, once each, in the order shown ("Share all…"): an item's
 * updates may be several rows.
 */
export function shareRefsOf(rows: readonly JobView[]): ShareRef[] {
  const seen = new Set<string>()
  return rows.flatMap((job) => {
    if (job.state !== 'done' || !job.result) return []
    const key = libraryKey(job.docType, job.result.itemId)
    if (seen.has(key)) return []
    seen.add(key)
    return [{ id: job.result.itemId, docType: job.docType }]
  })
}

export interface BatchSummary {
  total: number
  /** New items published, and items whose PDF was replaced. */
  published: number
  updated: number
  failed: number
  cancelled: number
  finished: number
  /** Being sent or checked now. */
  running: number
  /** Not finished, not held, not being sent (in line, or waiting for the network or a retry). */
  waiting: number
  /** Held by the user (paused), not finished. */
  held: number
  ended: boolean
  /** 0…1, counting the part sent of what is being sent. */
  fraction: number
  /** Bytes still to send of what is not held; null when links remain (their size is unknown). */
  bytesLeft: number | null
  /** Jobs still to finish (not held), those being sent counting half. */
  jobsLeft: number
  /** The kinds of the items published (the summary says "flipbooks", "documents" or "items"). */
  kinds: DocType[]
  /** The jobs published or updated, in the order shown. */
  doneIds: string[]
}

/**
 * The rows shown in numbers: how many of each outcome, how far along, and what is left to send.
 */
export function summarizeBatch(jobs: readonly JobView[], progressOf: (jobId: string) => JobProgress | null): BatchSummary {
  const summary: BatchSummary = {
    total: jobs.length,
    published: 0,
    updated: 0,
    failed: 0,
    cancelled: 0,
    finished: 0,
    running: 0,
    waiting: 0,
    held: 0,
    ended: true,
    fraction: 0,
    bytesLeft: null,
    jobsLeft: 0,
    kinds: [],
    doneIds: []
  }
  const kinds = new Set<DocType>()
  /** Items updated: a linked file saved twice is one item updated (twice), not two. */
  const updatedItems = new Set<string>()
  let partial = 0
  let bytesLeft = 0
  let sizeUnknown = false
  for (const job of jobs) {
    if (job.state === 'done') {
      if (job.kind === 'replace') updatedItems.add(`${job.accountId ?? ''}|${job.host}|${job.docType}|${job.targetItemId ?? job.id}`)
      else {
        summary.published++
        kinds.add(job.docType)
      }
      summary.doneIds.push(job.id)
    } else if (job.state === 'failed') summary.failed++
    else if (job.state === 'cancelled') summary.cancelled++
    if (finished(job)) {
      summary.finished++
      continue
    }
    summary.ended = false
    if (job.paused) {
      summary.held++
      continue
    }
    const progress = job.state === 'uploading' ? (progressOf(job.id) ?? job.progress) : null
    if (job.state === 'uploading' || job.state === 'verifying') summary.running++
    else summary.waiting++
    if (job.state === 'verifying') partial += 1
    else if (progress && progress.total > 0) partial += progress.sent / progress.total
    if (job.state === 'verifying') continue
    if (job.source.type === 'file') bytesLeft += job.source.size - (progress?.sent ?? 0)
    else sizeUnknown = true
  }
  summary.kinds = [...kinds]
  summary.updated = updatedItems.size
  summary.fraction = summary.total === 0 ? 0 : Math.min(1, (summary.finished + partial * 0.98) / summary.total)
  summary.bytesLeft = sizeUnknown ? null : bytesLeft
  // A job being sent counts as half done: once its bytes are out, the service's own time remains.
  summary.jobsLeft = summary.waiting + summary.running / 2
  return summary
}

/** How the batch has gone so far in this window: since when, and how many of its jobs finished since. */
export interface BatchPace {
  startedAt: number
  finished: number
}

/**
 * Time left for what is not held, the longer of two estimates: the bytes still to send at the
 * speed measured lately, and the jobs still to finish at the pace they have finished so far
 * (which counts the service's own time per item, that bytes alone miss). Null until either
 * is known, and when nothing is left to run.
 */
export function secondsLeft(summary: BatchSummary, speed: number | null, pace: BatchPace, now: number): number | null {
  if (summary.running + summary.waiting === 0) return null
  const estimates: number[] = []
  if (summary.bytesLeft !== null && speed !== null && speed > 0) estimates.push(summary.bytesLeft / speed)
  if (pace.finished > 0) estimates.push(((now - pace.startedAt) / 1000 / pace.finished) * summary.jobsLeft)
  return estimates.length === 0 ? null : Math.max(1, ...estimates)
}
