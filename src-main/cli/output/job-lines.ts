import type { JobProgress, JobView } from '../../../src-shared/domain/queue'
import { printable } from './sanitize'

/**
 * What became of one thing the command was given or found, as a person reads it: `done`,
 * `skipped` (refused inside a folder, or content published already with --on-duplicate skip),
 * `failed`, `cancelled`, `queued` (it waits in the queue), `removed` (taken out elsewhere), or
 * a job's own state while the queue is listed or followed.
 */
export type Outcome = 'done' | 'skipped' | 'failed' | 'cancelled' | 'queued' | 'removed' | 'waiting' | 'uploading' | 'verifying'

/**
 * A job (or something that never became one) in --json output: the same shape wherever a job
 * is reported. `id` is null for what was never queued; `path` is the file's full path when the
 * command knows it (null for a link); `code` is a stable reason for scripts to branch on.
 */
export interface JobRecordOut {
  id: string | null
  state: Outcome
  source: string
  path: string | null
  code: string | null
  itemId: number | null
  url: string | null
  message: string | null
}

/** The ID as text shows it: the first 8 characters, enough to tell jobs apart (`queue --cancel` takes it). */
export function shortId(id: string): string {
  return id.slice(0, 8)
}

/** The file name or link the job publishes. */
export function sourceOf(job: JobView): string {
  return job.source.type === 'file' ? job.source.fileName : job.source.url
}

/**
 * What a job waits for, said for a terminal: the core's sentences speak to the window
 * ("sign in again"), a command user acts through variables and commands.
 */
function waitingMessage(job: JobView): string | null {
  const waiting = job.waiting
  if (!waiting) return null
  if (waiting.reason === 'signed-out') return 'Waiting for an API key the service accepts (FLIPDROP_API_KEY, or flipdrop auth login).'
  // The question the window asks, and how the command answers it.
  if (waiting.reason === 'unbound') return `${waiting.message} Answer with flipdrop queue --assign ${shortId(job.id)}=ACCOUNT (an email, name or user ID).`
  // Room comes back outside the command (an item deleted, the plan upgraded); then the queue runs it.
  if (waiting.reason === 'no-room') return `${waiting.message} It stays in the queue: flipdrop queue --wait publishes it then, or flipdrop queue --remove ${shortId(job.id)} drops it.`
  return waiting.message
}

function failureMessage(job: JobView): string | null {
  const failure = job.failure
  if (!failure) return null
  if (failure.code === 'document-host-missing') return 'Documents need the document host: set FLIPDROP_DOCUMENT_URL.'
  if (failure.code === 'uncertain-content') {
    const id = shortId(job.id)
    return `${failure.message} Answer with flipdrop queue --keep ${id} or flipdrop queue --publish-again ${id}.`
  }
  return failure.message
}

/** What a job's line says after its name: the link, the reason, or the failure. */
export function messageOf(job: JobView): string | null {
  if (job.state === 'done') return job.result?.url ?? null
  if (job.state === 'failed') return failureMessage(job)
  if (job.state === 'waiting') return waitingMessage(job)
  if (job.state === 'cancelled') return job.result ? `It had already reached the service: ${job.result.url}` : 'Cancelled.'
  if (job.paused) return 'Paused.'
  return null
}

/** The stable reason code of a job's state: its failure's code, or why it waits. */
export function codeOf(job: JobView): string | null {
  if (job.state === 'failed') return job.failure?.code ?? 'internal'
  if (job.state === 'cancelled') return 'cancelled'
  if (job.paused && job.state !== 'done') return 'paused'
  if (job.state !== 'waiting' || !job.waiting) return null
  // "offline" in the queue is "the service cannot be reached", whatever the cause.
  return job.waiting.reason === 'offline' ? 'unreachable' : job.waiting.reason
}

/** A job as a record; `state` overrides the job's own (a job only queued is reported `queued`). */
export function toRecordOut(job: JobView, path: string | null, state: Outcome = job.state): JobRecordOut {
  return {
    id: job.id,
    state,
    source: sourceOf(job),
    path: job.source.type === 'file' ? path : null,
    code: codeOf(job),
    itemId: job.result?.itemId ?? null,
    url: job.result?.url ?? null,
    message: messageOf(job)
  }
}

/** One plain line per record, for people and scripts: `done       3f2a9c1e  report.pdf  https://…`. */
export function recordLine(record: JobRecordOut): string {
  const id = record.id === null ? '-'.padEnd(8) : shortId(record.id)
  // One line per job whatever a file is called: a line break in a name shows as ^J (sanitize.ts).
  return [record.state.padEnd(9), id, printable(record.source), printable(record.message ?? '')].join('  ').trimEnd()
}

/** A job's line as its state changes while it is followed. */
export function stateLine(job: JobView): string {
  return recordLine(toRecordOut(job, null))
}

const UNITS = ['B', 'KB', 'MB', 'GB']

/** 1,234,567 bytes → "1.2 MB". */
export function formatBytes(bytes: number): string {
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024
    unit += 1
  }
  return `${value >= 10 || unit === 0 ? Math.round(value) : value.toFixed(1)} ${UNITS[unit]}`
}

/** "1m 05s", "42s". */
export function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${seconds}s`
  return `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`
}

/** A progress line for a terminal: name, bar, bytes, speed, time left. */
export function progressLine(job: JobView, progress: JobProgress | null, width: number): string {
  const name = sourceOf(job)
  if (job.state !== 'uploading' || !progress || progress.total === 0) return `${job.state.padEnd(9)}  ${name}`
  const share = progress.sent / progress.total
  const bar = `${'█'.repeat(Math.round(share * 20)).padEnd(20, '░')}`
  const speed = progress.bytesPerSecond ? `${formatBytes(progress.bytesPerSecond)}/s` : ''
  const left = progress.secondsLeft !== null ? `${formatSeconds(progress.secondsLeft)} left` : ''
  const stats = [`${Math.floor(share * 100)}%`, `${formatBytes(progress.sent)} of ${formatBytes(progress.total)}`, speed, left].filter(Boolean).join('  ')
  const room = Math.max(10, width - stats.length - bar.length - 16)
  const shortName = name.length > room ? `${name.slice(0, room - 1)}…` : name
  return `uploading  ${shortName}  ${bar}  ${stats}`
}
