import type { JobProgress, JobState, JobView, WaitReason } from '../../../src-shared/domain/queue'
import type { JobRecord } from './job-record'
import { wallTimeOf } from '../clock'

/** Why a job that could run is held back right now (not stored: it passes by itself). */
export interface Hold {
  reason: WaitReason
  message: string
  /** When it ends on the core's monotonic clock (clock.ts), when known; shown as wall time. */
  until: number | null
  /** Whom it waits for, in words, when it waits for an account to sign in. */
  account?: string
}

/** A monotonic deadline as the wall time it falls at now (the computer's clock may have been set since). */
const iso = (ms: number | null): string | null => (ms === null ? null : new Date(wallTimeOf(ms)).toISOString())

/** The first line of every job's history, derived rather than stored. */
function added(job: JobRecord): string {
  const from = job.source.type === 'file' ? job.source.fileName : `a link on ${new URL(job.source.url).host}`
  if (job.kind === 'replace') return `Replaces the PDF of “${job.name}” with ${from}; its link stays the same.`
  return job.source.type === 'file' ? `Added ${from}.` : `Added from ${from}.`
}

/**
 * The renderer-safe view of a job: the file by name and size only (no path, no hash), its
 * state with the reason it waits, if it does, and its progress while uploading.
 */
export function toJobView(job: JobRecord, hold: Hold | null, progress: JobProgress | null): JobView {
  const held = hold !== null && job.state === 'queued' && !job.paused
  const state: JobState = held ? 'waiting' : job.state
  return {
    id: job.id,
    kind: job.kind,
    source:
      job.source.type === 'file'
        ? { type: 'file', fileName: job.source.fileName, size: job.source.size, pages: job.source.pages }
        : { type: 'url', url: job.source.url },
    docType: job.docType,
    name: job.name,
    title: job.title,
    targetItemId: job.targetItemId,
    accountId: job.accountId,
    host: job.host,
    state,
    paused: job.paused,
    waiting: held && hold ? { reason: hold.reason, message: hold.message, until: iso(hold.until), ...(hold.account ? { account: hold.account } : {}) } : null,
    progress: job.state === 'uploading' ? progress : null,
    result: job.result,
    failure: job.failure,
    history: [{ at: job.addedAt, text: added(job) }, ...job.history].map((line) => ({ at: new Date(line.at).toISOString(), text: line.text })),
    addedAt: new Date(job.addedAt).toISOString()
  }
}
