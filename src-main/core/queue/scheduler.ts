import type { JobProgress } from '../../../src-shared/domain/queue'
import type { ApiClient } from '../api/api-client'
import type { Logger } from '../log'
import { Connectivity } from './connectivity'
import { hashFile } from './intake/hash-file'
import { withHistory, type JobRecord } from './job-record'
import type { Hold } from './job-view'
import { ProgressMeter } from './progress-meter'
import { findCreatedItem } from './reconcile'
import { afterFailure, MAX_AUTOMATIC_RETRIES, retryDelayMs } from './retry-policy'
import { AttemptFailed, JobProblem, runAttempt } from './run-attempt'

/** Why the queue itself stopped a running job. */
type StopReason = 'cancel' | 'pause' | 'pause-all' | 'shutdown'

interface Running {
  controller: AbortController
  meter: ProgressMeter
  stopReason?: StopReason
  done: Promise<void>
}

export interface SchedulerDependencies {
  jobs(): readonly JobRecord[]
  get(id: string): JobRecord | undefined
  queuePaused(): boolean
  concurrency(): number
  /** The client while signed in; null while signed out or the key was refused. */
  client(): ApiClient | null
  save(job: JobRecord): Promise<JobRecord>
  published(job: JobRecord): Promise<void>
  limitBytes(): number | null
  /** The service answered again after being out of reach (limits may be refreshed). */
  onOnline(): void
  /** A job's derived state changed (hold, progress start/stop) without a stored change. */
  touched(ids: readonly string[]): void
  progress(jobId: string, progress: JobProgress): void
  connectivityChanged(): void
  log: Logger
}

const timeOf = (ms: number): string => new Date(ms).toLocaleTimeString()

/**
 * Runs the queue: up to the Settings' "uploads at once" jobs in queue order, none while
 * paused, offline, signed out or rate limited. Each failed attempt is sorted: waits that
 * pass by themselves spend no retry, transient trouble is retried with backoff and jitter,
 * and everything else ends the job with the service's own words.
 */
export class Scheduler {
  private readonly running = new Map<string, Running>()
  private readonly backoff = new Map<string, { until: number; message: string }>()
  private rateLimitedUntil = 0
  private timer: ReturnType<typeof setTimeout> | undefined
  private stopped = false
  readonly connectivity: Connectivity

  constructor(private readonly deps: SchedulerDependencies) {
    this.connectivity = new Connectivity(
      async () => {
        const client = deps.client()
        if (!client) return
        await client.whoami()
      },
      (state) => {
        if (state.online) deps.onOnline()
        deps.connectivityChanged()
        deps.touched(this.waitingIds())
        this.pump()
      }
    )
  }

  /** Why a job that could run is held back now, if it is. */
  hold(job: JobRecord): Hold | null {
    if (!this.deps.client()) return { reason: 'signed-out', message: 'Waiting for you to sign in again; nothing was lost.', until: null }
    const connectivity = this.connectivity.state
    if (!connectivity.online) {
      return { reason: 'offline', message: 'The service cannot be reached; uploads start by themselves when it can.', until: connectivity.nextCheckAt }
    }
    if (this.rateLimitedUntil > Date.now()) {
      return {
        reason: 'rate-limited',
        message: `The service asked FlipDrop to slow down; it continues at ${timeOf(this.rateLimitedUntil)}.`,
        until: this.rateLimitedUntil
      }
    }
    const wait = this.backoff.get(job.id)
    return wait && wait.until > Date.now() ? { reason: 'retry', message: wait.message, until: wait.until } : null
  }

  get rateLimitUntil(): number | null {
    return this.rateLimitedUntil > Date.now() ? this.rateLimitedUntil : null
  }

  isRunning(id: string): boolean {
    return this.running.has(id)
  }

  progressOf(id: string): JobProgress | null {
    return this.running.get(id)?.meter.latest ?? null
  }

  /** Forgets a job's backoff (the user retried it, or it was removed). */
  clearBackoff(id: string): void {
    this.backoff.delete(id)
  }

  /** Starts whatever may start now. */
  pump(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    if (this.stopped || this.deps.queuePaused() || !this.connectivity.state.online) return
    const client = this.deps.client()
    if (!client) return
    const now = Date.now()
    if (this.rateLimitedUntil > now) return this.wakeAt(this.rateLimitedUntil)
    const limit = this.deps.concurrency()
    let nextWake = Infinity
    for (const job of this.deps.jobs()) {
      if (this.running.size >= limit) break
      if (job.paused || this.running.has(job.id)) continue
      if (job.state !== 'queued' && job.state !== 'verifying') continue
      const wait = this.backoff.get(job.id)
      if (wait && wait.until > now) {
        nextWake = Math.min(nextWake, wait.until)
        continue
      }
      this.launch(job, client)
    }
    if (nextWake < Infinity) this.wakeAt(nextWake)
  }

  /**
   * Cancels a job: aborts it when it runs, and either way tells the truth about a create that
   * may have reached the service (running, or left in doubt by a crash) by looking it up.
   */
  async cancel(id: string): Promise<void> {
    if (this.running.has(id)) return this.stopJob(id, 'cancel')
    this.backoff.delete(id)
    const job = this.deps.get(id)
    if (job) await this.settleStopped(job, 'cancel')
  }

  /** Aborts a running job for a reason the queue settles afterwards; resolves when it has stopped. */
  async stopJob(id: string, reason: StopReason): Promise<void> {
    const running = this.running.get(id)
    if (!running) return
    running.stopReason = reason
    running.controller.abort()
    await running.done
  }

  /** Stops every running job (they go back to the queue, in doubt where a create may have gone out). */
  async shutdown(): Promise<void> {
    this.stopped = true
    this.connectivity.stop()
    if (this.timer) clearTimeout(this.timer)
    await Promise.all([...this.running.keys()].map((id) => this.stopJob(id, 'shutdown')))
  }

  private wakeAt(ms: number): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = setTimeout(() => {
      this.timer = undefined
      this.deps.touched(this.waitingIds())
      this.deps.connectivityChanged()
      this.pump()
    }, Math.max(10, ms - Date.now()))
    this.timer.unref?.()
  }

  private waitingIds(): string[] {
    return this.deps
      .jobs()
      .filter((job) => job.state === 'queued' && !this.running.has(job.id))
      .map((job) => job.id)
  }

  private claimed(except: string): Set<number> {
    const ids = new Set<number>()
    for (const job of this.deps.jobs()) {
      if (job.id !== except && job.kind === 'create' && job.result) ids.add(job.result.itemId)
    }
    return ids
  }

  private launch(job: JobRecord, client: ApiClient): void {
    const controller = new AbortController()
    const meter = new ProgressMeter((update) => this.deps.progress(job.id, update))
    const entry: Running = { controller, meter, done: Promise.resolve() }
    this.running.set(job.id, entry)
    this.backoff.delete(job.id)
    entry.done = runAttempt(job, {
      client,
      signal: controller.signal,
      save: (next) => this.deps.save(next),
      onProgress: (sent, total) => meter.update(sent, total),
      claimed: () => this.claimed(job.id),
      limitBytes: () => this.deps.limitBytes(),
      hashFile,
      published: (done) => this.deps.published(done)
    })
      .then(
        async (end) => {
          if (end === 'done') await this.succeeded(job.id)
        },
        (error: unknown) => this.failed(job.id, entry, error)
      )
      .catch((error: unknown) => this.deps.log.error(`The upload queue could not settle job ${job.id}`, error))
      .finally(() => {
        meter.stop()
        this.running.delete(job.id)
        this.deps.touched([job.id])
        this.pump()
      })
  }

  private async succeeded(id: string): Promise<void> {
    const job = this.deps.get(id)
    if (job && job.attempts > 0) await this.deps.save({ ...job, attempts: 0 })
  }

  private async failed(id: string, entry: Running, error: unknown): Promise<void> {
    const cause = error instanceof AttemptFailed ? error.cause : error
    const job = error instanceof AttemptFailed ? error.job : this.deps.get(id)
    if (!job) return
    if (entry.stopReason) return this.settleStopped(job, entry.stopReason)
    if (cause instanceof JobProblem) {
      await this.deps.save(withHistory({ ...job, state: 'failed', failure: { message: cause.message, retryable: cause.retryable } }, cause.message))
      return
    }
    const next = afterFailure(cause)
    switch (next.kind) {
      case 'offline':
        this.connectivity.reportOffline()
        return
      case 'signed-out':
        // The auth service drops the client on a 401; the job simply waits for a new key.
        return
      case 'rate-limited':
        this.rateLimitedUntil = Math.max(this.rateLimitedUntil, next.until)
        this.deps.connectivityChanged()
        return
      case 'retry': {
        const attempts = job.attempts + 1
        if (attempts > MAX_AUTOMATIC_RETRIES) {
          const message = `Stopped after ${MAX_AUTOMATIC_RETRIES} tries: ${next.message}`
          await this.deps.save(withHistory({ ...job, state: 'failed', attempts, failure: { message, retryable: true } }, message))
          return
        }
        const until = Date.now() + retryDelayMs(attempts - 1)
        this.backoff.set(id, { until, message: `${next.message} Trying again at ${timeOf(until)}.` })
        await this.deps.save(withHistory({ ...job, attempts }, `Try ${attempts} failed: ${next.message}`))
        return
      }
      case 'final':
        await this.deps.save(
          withHistory({ ...job, state: 'failed', failure: { message: next.message, retryable: next.retryable } }, next.message)
        )
    }
  }

  /** Settles a job the queue stopped on purpose. */
  private async settleStopped(job: JobRecord, reason: StopReason): Promise<void> {
    if (reason === 'pause') {
      await this.deps.save(withHistory({ ...job, paused: true }, 'Paused.'))
      return
    }
    if (reason !== 'cancel') return
    let cancelled = withHistory({ ...job, state: 'cancelled', failure: null }, 'Cancelled.')
    const client = this.deps.client()
    if (job.kind === 'create' && job.inDoubtSince !== null && !job.result && client) {
      // The upload may have reached the service before it was stopped: say so, truthfully.
      try {
        const found = await findCreatedItem(client, job, this.claimed(job.id))
        cancelled = withHistory(
          {
            ...cancelled,
            inDoubtSince: null,
            result: found.item ? { ...found.item, embedUrl: null, pages: null } : null
          },
          found.item ? `It had already reached the service: item ${found.item.itemId} exists.` : 'Nothing was published.'
        )
      } catch {
        // Offline: it stays in doubt, and a retry reconciles before sending.
      }
    }
    await this.deps.save(cancelled)
  }
}
