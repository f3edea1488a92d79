import { FINISHED_STATES, UNDO_WINDOW_MS, type Connectivity, type JobProgress, type JobView } from '../../../src-shared/domain/queue'
import { formatBytes } from '../format/bytes'
import { intlLocale } from '../i18n/active-language'
import type { Fold } from './fold-updates'
import { failureMessage, waitingMessage } from './job-messages'
import { row } from './words'

/** The one state a row shows, and its colour family. */
export type RowState = 'waiting' | 'publishing' | 'published' | 'paused' | 'failed' | 'cancelled'

const finished = (job: JobView): boolean => FINISHED_STATES.includes(job.state)

export function rowState(job: JobView): RowState {
  if (job.state === 'done') return 'published'
  if (job.state === 'failed') return 'failed'
  if (job.state === 'cancelled') return 'cancelled'
  if (job.paused) return 'paused'
  if (job.state === 'uploading' || job.state === 'verifying') return 'publishing'
  return 'waiting'
}

/** How far a sending job is, in whole percent; null before the first byte is counted. */
export function percentOf(progress: JobProgress | null): number | null {
  if (!progress || progress.total <= 0) return null
  return Math.min(100, Math.floor((progress.sent / progress.total) * 100))
}

/** The state word: "Waiting", "Publishing 45 %", "Published", "Paused", "Failed". */
export function stateWord(job: JobView, progress: JobProgress | null): string {
  switch (rowState(job)) {
    case 'published':
      return job.kind === 'replace' ? row.updated : row.published
    case 'failed':
      return row.failed
    case 'cancelled':
      return row.cancelled
    case 'paused':
      return row.paused
    case 'publishing': {
      // Every byte sent, the service not done with it yet: no "100 %" that stays.
      const percent = job.state === 'uploading' ? percentOf(progress) : null
      return row.publishing(percent === 100 ? null : percent)
    }
    case 'waiting':
      return job.waiting?.reason === 'no-room' ? row.waitingForRoom : row.waiting
  }
}

/**
 * Whether the app-wide status strip already says why a job waits (no network, the service
 * out of reach or in trouble, a rate limit): the row then says just "Waiting".
 */
function stripSaysWhy(job: JobView, connectivity: Connectivity | null): boolean {
  const reason = job.waiting?.reason
  if (reason === 'offline') return true
  // The strip speaks of the account shown: another account's slow-down is said on its own rows.
  if (reason === 'rate-limited') return connectivity !== null && connectivity.rateLimitedUntil !== null
  return reason === 'retry' && connectivity !== null && connectivity.problem !== null
}

/**
 * The line under the name when the row is not sending: why it waits (unless the strip says
 * it), how it ended. Null when there is nothing to add.
 */
export function reasonLine(job: JobView, connectivity: Connectivity | null, now: number): string | null {
  if (job.state === 'failed') return failureMessage(job) ?? row.failedFallback
  if (job.state === 'cancelled') return row.cancelledLine
  if (finished(job)) return null
  if (job.paused) {
    if (job.kind === 'replace' && job.state === 'queued') return row.confirmReplace
    // Held for review: the row's own Name and Title fields and its Publish button say it.
    return isHeld(job) ? null : row.pausedLine
  }
  // Sending or checking: said on the row's one line, beside the name (see `activityLine`).
  if (job.state === 'verifying' || job.state === 'uploading') return null
  if (job.state === 'waiting' && job.waiting) {
    if (job.waiting.reason === 'undo-window') return row.undoWindow(secondsUntil(job.waiting.until, now))
    // The plan-full banner says what can be done; the row only how it goes on.
    if (job.waiting.reason === 'no-room') return row.noRoom
    if (stripSaysWhy(job, connectivity)) return null
    return waitingMessage(job)
  }
  // In line behind the others: the list says it once, above the first of them (`waitsInLine`).
  return null
}

/** Waits only for the uploads before it: no reason of its own, not held, not finished. */
export function waitsInLine(job: JobView): boolean {
  if (finished(job) || job.paused) return false
  return job.state === 'queued' || (job.state === 'waiting' && job.waiting === null)
}

/** A new upload held for review ("Review before publishing"): its name and title can be changed in the row until it is published. */
export function isHeld(job: JobView): boolean {
  return job.paused && canRename(job)
}

/** What a sending row says beside its name: how far the bytes are, then that the service is checking it. */
export function activityLine(job: JobView, progress: JobProgress | null): string {
  return job.state === 'verifying' ? row.checking : progressLine(progress)
}

/** Whole seconds until then; never more than the Undo window (a clock read a moment ago would say 11 s of 10). */
function secondsUntil(iso: string | null, now: number): number {
  if (iso === null) return 0
  return Math.min(UNDO_WINDOW_MS / 1000, Math.max(0, Math.ceil((Date.parse(iso) - now) / 1000)))
}

/** Whether a file's name says more than the row's name: "Menu – Café Rouge.pdf" under "Spring menu", not "menu.pdf" under "menu". */
export function fileNameDiffers(fileName: string, name: string): boolean {
  return fileName.replace(/\.pdf$/i, '').trim() !== name.trim()
}

/** What the job publishes, at a glance: "2.1 MB · 12 pages" (the file's name first where it differs from the row's), or the link. */
export function metaLine(job: JobView): string {
  const parts: string[] = []
  if (job.source.type === 'file') {
    if (fileNameDiffers(job.source.fileName, job.name)) parts.push(job.source.fileName)
    parts.push(formatBytes(job.source.size))
  } else {
    parts.push(shortLink(job.source.url))
  }
  const pages = job.result?.pages ?? (job.source.type === 'file' ? (job.source.pages ?? null) : null)
  if (pages !== null && pages !== undefined && pages > 0) parts.push(row.pages(pages))
  return parts.join(' · ')
}

/** A link without its scheme, as people read it ("example.com/catalogue.pdf"). */
export function shortLink(url: string): string {
  return url.replace(/^https?:\/\//i, '')
}

/** "2.1 MB of 5.0 MB" while sending; once all is sent, that the service is working on it. */
export function progressLine(progress: JobProgress | null): string {
  if (!progress) return row.starting
  if (progress.total > 0 && progress.sent >= progress.total) return row.sent
  return row.progress(formatBytes(progress.sent), formatBytes(progress.total))
}

/** Whether the name and title can still change (main refuses once the upload has started). */
export function canRename(job: JobView): boolean {
  return job.kind === 'create' && (job.state === 'queued' || job.state === 'waiting') && job.result === null
}

/** A failed or cancelled job that Retry can send again (a cancelled create that reached the service cannot). */
export function canRetry(job: JobView): boolean {
  if (job.state === 'failed') return job.failure?.retryable !== false && job.failure?.code !== 'item-gone' && job.failure?.code !== 'uncertain-content'
  return job.state === 'cancelled' && !(job.kind === 'create' && job.result)
}

/** The one action a row shows beside its menu; null when there is none worth a button. */
export type PrimaryAction = 'copy-link' | 'publish-as-new' | 'keep-found' | 'retry' | 'review' | 'undo' | 'publish-held' | 'resume' | null

/** A failed upload whose lost answer left an item that may be it: the user keeps it or publishes again (never a bare Retry). */
export const decidesLookalike = (job: JobView): boolean => job.state === 'failed' && job.failure?.code === 'uncertain-content'

export function primaryAction(job: JobView): PrimaryAction {
  if (job.state === 'done' && job.result) return 'copy-link'
  if (job.state === 'failed' && job.failure?.code === 'item-gone' && job.kind === 'replace') return 'publish-as-new'
  if (decidesLookalike(job)) return 'keep-found'
  if (canRetry(job)) return 'retry'
  if (finished(job)) return null
  if (job.paused && job.kind === 'replace' && job.state === 'queued') return 'review'
  if (job.waiting?.reason === 'undo-window') return 'undo'
  if (isHeld(job)) return 'publish-held'
  if (job.paused) return 'resume'
  return null
}

/** An item's updates folded into its row: "Updated 2× · last 14:06"; null before one was published. */
export function updatesLine(fold: Fold | undefined, locale = intlLocale()): string | null {
  if (!fold || fold.updates === 0 || fold.lastAt === null) return null
  return row.updates(fold.updates, new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(new Date(fold.lastAt)))
}
