import type { JobProgress, JobState, JobView, WaitReason } from '../../../src-shared/domain/queue'
import type { Said, Sentence } from '../../../src-shared/i18n/said'
import type { JobRecord } from './job-record'
import { wallTimeOf } from '../clock'
import { sentence } from '../i18n/sentence'

/** Why a job that could run is held back right now (not stored: it passes by itself). */
export interface Hold {
  reason: WaitReason
  message: string
  /** The message as the window says it in its language. */
  said?: Said
  /** When it ends on the core's monotonic clock (clock.ts), when known; shown as wall time. */
  until: number | null
  /** Whom it waits for, in words, when it waits for an account to sign in. */
  account?: string
}

/** A monotonic deadline as the wall time it falls at now (the computer's clock may have been set since). */
const iso = (ms: number | null): string | null => (ms === null ? null : new Date(wallTimeOf(ms)).toISOString())

/** A hold from its sentence: the English and what the window says. */
export function holdSaying(reason: WaitReason, words: Sentence, until: number | null, account?: string): Hold {
  return { reason, message: words.text, said: words.said, until, ...(account === undefined ? {} : { account }) }
}

/** The first line of every job's history, derived rather than stored. */
function added(job: JobRecord): Sentence {
  const name = job.name
  if (job.source.type === 'file') {
    const file = job.source.fileName
    return job.kind === 'replace' ? sentence('coreQueue.history.replacesWithFile', { name, file }) : sentence('coreQueue.history.addedFile', { file })
  }
  const host = new URL(job.source.url).host
  return job.kind === 'replace' ? sentence('coreQueue.history.replacesWithLink', { name, host }) : sentence('coreQueue.history.addedLink', { host })
}

/** A stored history line as shown, with what the window says when it was kept. */
const lineOf = (line: JobRecord['history'][number]): JobView['history'][number] => ({
  at: new Date(line.at).toISOString(),
  text: line.text,
  ...(line.said ? { said: line.said } : {})
})

/**
 * The renderer-safe view of a job: the file by name and size only (no path, no hash), its
 * state with the reason it waits, if it does, and its progress while uploading.
 */
export function toJobView(job: JobRecord, hold: Hold | null, progress: JobProgress | null): JobView {
  const held = hold !== null && job.state === 'queued' && !job.paused
  const state: JobState = held ? 'waiting' : job.state
  const first = added(job)
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
    waiting:
      held && hold
        ? { reason: hold.reason, message: hold.message, ...(hold.said ? { said: hold.said } : {}), until: iso(hold.until), ...(hold.account ? { account: hold.account } : {}) }
        : null,
    progress: job.state === 'uploading' ? progress : null,
    result: job.result,
    failure: job.failure,
    history: [{ at: job.addedAt, text: first.text, said: first.said }, ...job.history].map(lineOf),
    addedAt: new Date(job.addedAt).toISOString()
  }
}
