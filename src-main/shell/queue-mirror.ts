import type { Said } from '../../src-shared/i18n/said'
import { runsByItself } from '../../src-shared/domain/job-runs'
import {
  FINISHED_STATES,
  type JobProgressEvent,
  type JobState,
  type JobView,
  type QueueChange,
  type QueueView,
  type WaitReason
} from '../../src-shared/domain/queue'

/** What the desktop (taskbar, tray, notifications) knows of one job. */
export interface MirroredJob {
  id: string
  name: string
  state: JobState
  /** Held by the user: it does not run by itself, so it is not part of a batch. */
  paused: boolean
  /** Why it waits, when it does: a wait for the designer (a sign-in) does not run by itself either. */
  waiting: { reason: WaitReason } | null
  /** Bytes to send; 0 for a link the service fetches itself. */
  bytesTotal: number
  bytesSent: number
  /** The share link, once published. */
  url: string | null
  failure: string | null
  /** The failure as the core said it, for the desktop's language. */
  failureSaid?: Said
  /** The account it publishes to (null: made before accounts were recorded). */
  accountId: string | null
}

/** How a batch ended: every job that was running or queued has finished. */
export interface SettledBatch {
  published: MirroredJob[]
  failed: MirroredJob[]
}

/** What changed that the desktop may tell the user about. */
export interface QueueTransitions {
  /** Jobs that have just failed. */
  failed: MirroredJob[]
  /** Set when the change finished the last running job of a batch. */
  settled: SettledBatch | null
}

/** The queue in numbers, for the taskbar, the badge, the tray and the quit question. */
export interface QueueSummary {
  /** Jobs that run, or will by themselves (job-runs.ts): not finished, paused or waiting for the designer. */
  active: number
  /** Jobs whose bytes are being sent right now. */
  sending: number
  /** Failed jobs still in the queue (the badge). */
  failed: number
  queuePaused: boolean
  /** Bytes of the current batch: finished jobs count in full. */
  batch: { sent: number; total: number }
}

const NO_TRANSITIONS: QueueTransitions = { failed: [], settled: null }

function isFinished(state: JobState): boolean {
  return FINISHED_STATES.includes(state)
}

function isActive(job: MirroredJob): boolean {
  return runsByItself(job)
}

function mirror(view: JobView, before: MirroredJob | undefined): MirroredJob {
  const size = view.source.type === 'file' ? view.source.size : 0
  const bytesTotal = view.progress?.total ?? before?.bytesTotal ?? size
  const bytesSent = view.state === 'verifying' || view.state === 'done' ? bytesTotal : (view.progress?.sent ?? 0)
  return {
    id: view.id,
    name: view.name,
    accountId: view.accountId,
    state: view.state,
    paused: view.paused,
    waiting: view.waiting ? { reason: view.waiting.reason } : null,
    bytesTotal,
    bytesSent: Math.min(bytesSent, bytesTotal),
    url: view.result?.url ?? null,
    failure: view.failure?.message ?? null,
    ...(view.failure?.said ? { failureSaid: view.failure.said } : {})
  }
}

/**
 * The upload queue as the desktop follows it, from the same events the window gets.
 * A batch is the set of jobs that ran since the queue was last idle: it ends when none
 * of them is left to run, which is when "3 PDFs published" is said. Electron-free.
 */
export class QueueMirror {
  private readonly jobs = new Map<string, MirroredJob>()
  private readonly batch = new Set<string>()
  private queuePaused = false
  private seeded = false

  /** Starts from the whole queue (the core is ready). Jobs already finished are no news. */
  seed(view: QueueView): void {
    this.jobs.clear()
    this.batch.clear()
    for (const job of view.jobs) {
      const mirrored = mirror(job, undefined)
      this.jobs.set(job.id, mirrored)
      if (isActive(mirrored)) this.batch.add(job.id)
    }
    this.queuePaused = view.paused
    this.seeded = true
  }

  /** Applies one `uploads:changed` event and says what the user may need to hear. */
  applyChange(change: QueueChange): QueueTransitions {
    // Before the seed, list() will carry these changes anyway.
    if (!this.seeded) return NO_TRANSITIONS
    this.queuePaused = change.paused
    for (const id of change.removed) {
      this.jobs.delete(id)
      this.batch.delete(id)
    }
    const failed: MirroredJob[] = []
    for (const view of change.jobs) {
      const before = this.jobs.get(view.id)
      const job = mirror(view, before)
      this.jobs.set(job.id, job)
      const newlyFinished = isFinished(job.state) && before?.state !== job.state
      if (job.state === 'failed' && newlyFinished) failed.push(job)
      // A job that finished before we saw it run still belongs to what just happened.
      if (isActive(job) || (newlyFinished && before === undefined)) this.batch.add(job.id)
      else if (!isFinished(job.state)) this.batch.delete(job.id)
    }
    return { failed, settled: this.settle() }
  }

  /** Applies one `uploads:progress` event (bytes only; states come with changes). */
  applyProgress(event: JobProgressEvent): void {
    const job = this.jobs.get(event.jobId)
    if (!job || isFinished(job.state)) return
    job.bytesTotal = event.total
    job.bytesSent = Math.min(event.sent, event.total)
  }

  /** The accounts of the jobs still to publish, each once (the tray names them when several are signed in). */
  activeAccounts(): string[] {
    const accounts = new Set<string>()
    for (const job of this.jobs.values()) if (isActive(job) && job.accountId !== null) accounts.add(job.accountId)
    return [...accounts]
  }

  summary(): QueueSummary {
    let active = 0
    let sending = 0
    let failed = 0
    for (const job of this.jobs.values()) {
      if (isActive(job)) active += 1
      if (job.state === 'uploading' && !job.paused) sending += 1
      if (job.state === 'failed') failed += 1
    }
    let sent = 0
    let total = 0
    for (const id of this.batch) {
      const job = this.jobs.get(id)
      if (!job) continue
      total += job.bytesTotal
      sent += isFinished(job.state) ? job.bytesTotal : job.bytesSent
    }
    return { active, sending, failed, queuePaused: this.queuePaused, batch: { sent, total } }
  }

  private settle(): SettledBatch | null {
    const members = [...this.batch].map((id) => this.jobs.get(id)).filter((job): job is MirroredJob => job !== undefined)
    if (members.length === 0 || members.some(isActive)) return null
    this.batch.clear()
    const published = members.filter((job) => job.state === 'done')
    const failed = members.filter((job) => job.state === 'failed')
    // A batch that was only cancelled or removed is nothing to announce.
    return published.length + failed.length > 0 ? { published, failed } : null
  }
}
