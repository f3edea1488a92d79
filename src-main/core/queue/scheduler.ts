import { UNDO_WINDOW_MS, type JobProgress } from '../../../src-shared/domain/queue'
import type { ApiClient } from '../api/api-client'
import { ServiceError, explain } from '../api/service-error'
import { monotonicNow, monotonicOfWall, wallTimeOf, watchWallSteps } from '../clock'
import type { Logger } from '../log'
import type { Sentence } from '../../../src-shared/i18n/said'
import { sentence } from '../i18n/sentence'
import { cannotSaveIn, type CannotSave } from '../storage/storage-trouble'
import { Connectivity, type ProbeTimings } from './connectivity'
import { hashFile } from './intake/hash-file'
import { failureOf, withHistory, type JobRecord } from './job-record'
import { holdSaying, type Hold } from './job-view'
import { ProgressMeter } from './progress-meter'
import type { Reconciled } from './reconcile'
import { afterFailure, MAX_AUTOMATIC_RETRIES, retryDelayMs, wordsOf } from './retry-policy'
import { AttemptFailed, JobProblem, runAttempt } from './run-attempt'

/** Why the queue itself stopped a running job ('revoked': its account signed out or its key was refused). */
type StopReason = 'cancel' | 'pause' | 'pause-all' | 'shutdown' | 'revoked'

interface Running {
  controller: AbortController
  meter: ProgressMeter
  stopReason?: StopReason
  /** The account it sends for (concurrency is counted per account). */
  accountId: string
  /** Only a lookup of a finished job (cancelled or failed) that may have made its item. */
  lookupOnly: boolean
  done: Promise<void>
}

/** Whether a job's account can send now: its client (and the account it is confirmed to be), or why it waits. */
export type Access = { client: ApiClient; accountId: string } | { hold: Hold }

export interface SchedulerDependencies {
  jobs(): readonly JobRecord[]
  get(id: string): JobRecord | undefined
  /** A change of the job is on its way to disk (a cancel, a pause): it is not started until it is there. */
  isSaving?(id: string): boolean
  queuePaused(): boolean
  /** Whether this process runs the job at all (a command runs only its own; default: every job). */
  mayRun?(job: JobRecord): boolean
  /** The backoff before a job's first automatic retry (default FIRST_RETRY_MS; tests lengthen it). */
  firstRetryMs?: number
  /** How long a confirmed replace waits before it is sent, so it can be undone (default UNDO_WINDOW_MS). */
  undoWindowMs?: number
  /** The backoff of the probe that asks whether the service can be reached again (default 1 s doubling to 30 s). */
  probe?: ProbeTimings
  /** Uploads at once, per account. */
  concurrency(): number
  /** How many accounts can send now (each runs up to `concurrency` jobs); default 1. */
  parallelAccounts?(): number
  /** The client of the job's own account, confirmed by whoami, or why there is none now. */
  access(job: JobRecord): Access
  /** Any client, to ask whether the service can be reached again; null while signed out. */
  probeClient(): ApiClient | null
  /** A job waits until the key's account is known: ask the service who it is. */
  needIdentity(): void
  save(job: JobRecord): Promise<JobRecord>
  published(job: JobRecord): Promise<void>
  /** Records the item a create's answer named, with the SHA-256 of what was sent (null for a link). */
  made(job: JobRecord, sha256: string | null): Promise<void>
  /** The plan's upload limit of an account, when known. */
  limitBytes(accountId: string | null): number | null
  /**
   * Why a create waits for room in its plan (room-waits.ts), in words; null when it fits or
   * nothing says it does not. `stopping`: counted as if it were no longer running (its attempt is ending).
   */
  noRoom?(job: JobRecord, stopping?: boolean): Sentence | null
  /** Looks up a create in doubt under its account's lock and saves the outcome `settle` makes of it. */
  lookUp(job: JobRecord, client: ApiClient, signal: AbortSignal, settle: (job: JobRecord, found: Reconciled) => JobRecord): Promise<JobRecord>
  /** The record an attempt saves after its lookup (adopted, absent, or failed for the user to decide). */
  settleAttemptLookup(job: JobRecord, found: Reconciled): JobRecord
  /** Who the account is, in words, for history lines ("Dana Kim (dana@…)"). */
  describeAccount(accountId: string | null): string
  /** The service answered again after being out of reach (limits may be refreshed). */
  onOnline(): void
  /** A job's derived state changed (hold, progress start/stop) without a stored change. */
  touched(ids: readonly string[]): void
  /** The connection changed: these jobs' waits may have changed (only those whose wait did are sent again); default `touched`. */
  waitsMayHaveChanged?(ids: readonly string[]): void
  progress(jobId: string, progress: JobProgress): void
  connectivityChanged(): void
  /** Why nothing can be saved now (a full disk, a read-only data folder), in words; null when it can. */
  cannotSave(): Sentence | null
  /** A change of a job could not be saved: the queue holds until it can (see save-hold.ts). */
  reportCannotSave(error: CannotSave): void
  log: Logger
}

/** A monotonic deadline as the wall-clock time it falls at now. */
/** A monotonic moment as a time of day in a sentence (the English reads it as toLocaleTimeString did). */
const timeOf = (ms: number): { time: string } => ({ time: new Date(wallTimeOf(ms)).toISOString() })

/** The service answered, but with an error of its own (5xx) or an answer it could not have meant. */
const isServiceTrouble = (error: unknown): boolean =>
  error instanceof ServiceError && (error.kind === 'protocol' || (error.kind === 'service' && (error.status ?? 0) >= 500))

/** A cancelled create that may have reached the service: it is looked up so the job can say which. */
const needsCancelLookup = (job: JobRecord): boolean =>
  job.state === 'cancelled' && job.kind === 'create' && job.inDoubtSince !== null && job.result === null

/**
 * A failed create that may have reached the service (its tries ran out on answers that could
 * have come after the item was made: a sign-in page, a cut answer): it is looked up like any
 * create in doubt, so its content counts as published once found and a new drop of the same
 * file never makes a second item.
 */
const needsFailedLookup = (job: JobRecord): boolean =>
  job.state === 'failed' && job.kind === 'create' && job.inDoubtSince !== null && job.result === null

/** What a failed job's lookup found: found, it is checked and published; otherwise it stays failed, and says so. */
function settleFailed(job: JobRecord, found: Reconciled, settleAttempt: (job: JobRecord, found: Reconciled) => JobRecord): JobRecord {
  switch (found.outcome) {
    case 'adopt':
      return withHistory(
        { ...job, state: 'verifying', failure: null, attempts: 0, inDoubtSince: null, result: { ...found.item, embedUrl: null, pages: null } },
        sentence('coreQueue.lookup.reachedAfterAll', { note: found.note })
      )
    case 'uncertain-content':
      return settleAttempt(job, found)
    default:
      return withHistory({ ...job, inDoubtSince: null }, found.outcome === 'absent' ? sentence('coreQueue.lookup.retryPublishes', { note: found.note }) : found.note)
  }
}

/** What a cancelled job's lookup found, said in its history. */
function settleCancelled(job: JobRecord, found: Reconciled): JobRecord {
  const done = { ...job, inDoubtSince: null }
  if (found.outcome === 'adopt') {
    return withHistory(
      { ...done, result: { ...found.item, embedUrl: null, pages: null } },
      sentence('coreQueue.history.reachedBeforeStop', { name: job.name })
    )
  }
  if (found.outcome === 'uncertain-content') return withHistory(done, sentence('coreQueue.lookup.cancelledLeftAsIs', { note: found.note }))
  return withHistory(done, found.outcome === 'absent' ? sentence('coreQueue.history.nothingPublished') : sentence('coreQueue.lookup.nothingFromFile', { note: found.note }))
}

/**
 * Runs the queue: up to the Settings' "uploads at once" jobs in queue order, none while
 * paused, offline or rate limited, and each only with its own account's key. Each failed
 * attempt is sorted: waits that pass by themselves spend no retry, transient trouble is
 * retried with backoff and jitter, and everything else ends the job with the service's own
 * words. Every step of a job (lookups and checks too) runs under one abort signal, so
 * cancel, pause and quit reach it wherever it is. Every wait is timed on the monotonic clock
 * (clock.ts): setting the computer's clock neither stalls nor hurries anything.
 */
export class Scheduler {
  private readonly running = new Map<string, Running>()
  private readonly backoff = new Map<string, { until: number; message: string | Sentence }>()
  /** Lookups of finished jobs that could not finish, per job since this start (their backoff grows with it). */
  private readonly lookupTries = new Map<string, number>()
  /** Where each job's Undo window ends on the monotonic clock, fixed when its stored wall time is first seen. */
  private readonly starts = new Map<string, { wall: number; at: number }>()
  /** Each account's own rate-limit wait (monotonic): one account's 429 holds only that account's jobs. */
  private readonly rateLimitedUntil = new Map<string, number>()
  /** The service answered with errors (5xx, unreadable answers) and has not answered well since. */
  private serviceTrouble = false
  private timer: ReturnType<typeof setTimeout> | undefined
  private stopped = false
  private readonly stopWatchingClock: () => void
  readonly connectivity: Connectivity

  constructor(private readonly deps: SchedulerDependencies) {
    this.connectivity = new Connectivity(
      async () => {
        const client = deps.probeClient()
        if (!client) return
        await client.whoami()
      },
      (state) => {
        if (state.online) deps.onOnline()
        deps.connectivityChanged()
        const waiting = this.waitingIds()
        if (deps.waitsMayHaveChanged) deps.waitsMayHaveChanged(waiting)
        else deps.touched(waiting)
        this.pump()
      },
      deps.probe
    )
    // Countdowns are shown as wall times: after the computer's clock was set, say them again.
    this.stopWatchingClock = watchWallSteps(() => {
      deps.touched(this.waitingIds())
      deps.connectivityChanged()
    })
  }

  /** Why a job that could run is held back now, if it is. */
  hold(job: JobRecord): Hold | null {
    const cannotSave = this.deps.cannotSave()
    if (cannotSave !== null) return holdSaying('cannot-save', cannotSave, null)
    // Over the plan it waits for room, whatever else it would wait for too.
    const noRoom = this.deps.noRoom?.(job) ?? null
    if (noRoom !== null) return holdSaying('no-room', noRoom, null)
    const access = this.deps.access(job)
    const connectivity = this.connectivity.state
    // Who the key belongs to cannot be asked offline: being offline is the reason then.
    if ('hold' in access && (access.hold.reason !== 'identifying' || connectivity.online)) return access.hold
    if (!connectivity.online) {
      const words = connectivity.cause === 'portal' ? explain.portal() : sentence('coreQueue.waiting.offline')
      return holdSaying('offline', words, connectivity.nextCheckAt)
    }
    if ('hold' in access) return access.hold
    const limited = this.rateLimitUntil(access.accountId)
    if (limited !== null) {
      return holdSaying('rate-limited', sentence('coreQueue.waiting.rateLimited', { time: timeOf(limited) }), limited)
    }
    const wait = this.backoff.get(job.id)
    // The time is said as the clock reads now (it may have been set since the failure).
    if (wait && wait.until > monotonicNow()) return holdSaying('retry', sentence('coreQueue.waiting.retry', { reason: wait.message, time: timeOf(wait.until) }), wait.until)
    return this.startsLater(job) ? holdSaying('undo-window', sentence('coreQueue.waiting.undoWindow'), this.startsAt(job)) : null
  }

  /** A job still in its Undo window (a confirmed replace of a live item): nothing is sent yet. */
  startsLater(job: JobRecord): boolean {
    const at = this.startsAt(job)
    return at !== null && at > monotonicNow()
  }

  /**
   * The end of a job's Undo window on the monotonic clock. It is stored as wall time (it
   * outlives the process), so it is read once: a clock set back later does not move it, and
   * one set back before it was read cannot stretch it past the window's length.
   */
  private startsAt(job: JobRecord): number | null {
    if (job.notBefore === undefined) return null
    const known = this.starts.get(job.id)
    if (known?.wall === job.notBefore) return known.at
    const at = monotonicOfWall(job.notBefore, this.deps.undoWindowMs ?? UNDO_WINDOW_MS)
    this.starts.set(job.id, { wall: job.notBefore, at })
    return at
  }

  /** When an account's rate-limit wait ends, while it lasts. */
  rateLimitUntil(accountId: string | null): number | null {
    const until = accountId === null ? undefined : this.rateLimitedUntil.get(accountId)
    return until !== undefined && until > monotonicNow() ? until : null
  }

  /**
   * Stops the running jobs whose account can no longer send (signed out, its key refused):
   * nothing more goes out for them, and each waits in the queue, saying why.
   */
  stopUnreachable(): void {
    for (const [id, entry] of this.running) {
      const job = this.deps.get(id)
      const access = job ? this.deps.access(job) : null
      if (access && 'hold' in access && access.hold.reason !== 'identifying') void this.stopJob(id, 'revoked')
      else if (access && 'accountId' in access && access.accountId !== entry.accountId) void this.stopJob(id, 'revoked')
    }
  }

  /** When the service answers with errors: when the next automatic retry is due (null when unknown). */
  get trouble(): { retryAt: number | null } | null {
    if (!this.serviceTrouble) return null
    const due = [...this.backoff.values()].map((wait) => wait.until).filter((until) => until > monotonicNow())
    return { retryAt: due.length > 0 ? Math.min(...due) : null }
  }

  /**
   * "Try now": ask the service at once if it could not be reached, and retry at once what
   * waits for an automatic retry after service errors. A rate-limit wait is the service's own
   * and is kept.
   */
  checkNow(): void {
    this.connectivity.checkNow()
    if (this.serviceTrouble) {
      this.backoff.clear()
      this.deps.touched(this.waitingIds())
    }
    this.pump()
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
    this.lookupTries.delete(id)
    this.starts.delete(id)
  }

  /** Starts whatever may start now. */
  pump(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    if (this.stopped || this.deps.queuePaused() || !this.connectivity.state.online) return
    // Nothing new is sent while its progress could not be saved; the hold pumps again when it can.
    if (this.deps.cannotSave() !== null) return
    const now = monotonicNow()
    const limit = this.deps.concurrency()
    const overall = limit * (this.deps.parallelAccounts?.() ?? 1)
    const runningFor = new Map<string, number>()
    for (const entry of this.running.values()) runningFor.set(entry.accountId, (runningFor.get(entry.accountId) ?? 0) + 1)
    let nextWake = Infinity
    let identity = false
    for (const job of this.deps.jobs()) {
      if (this.running.size >= overall) break
      if (this.running.has(job.id)) continue
      if (this.deps.mayRun && !this.deps.mayRun(job)) continue
      // Its record is about to change (whoever changes it pumps again once it is saved).
      if (this.deps.isSaving?.(job.id)) continue
      const lookup = needsCancelLookup(job) || needsFailedLookup(job)
      if (!lookup && (job.paused || (job.state !== 'queued' && job.state !== 'verifying'))) continue
      // Over the plan: it goes on once the plan's limits, read again, say there is room.
      if (!lookup && (this.deps.noRoom?.(job) ?? null) !== null) continue
      const wait = this.backoff.get(job.id)
      if (wait && wait.until > now) {
        nextWake = Math.min(nextWake, wait.until)
        continue
      }
      const startsAt = this.startsAt(job)
      if (startsAt !== null && startsAt > now) {
        nextWake = Math.min(nextWake, startsAt)
        continue
      }
      const access = this.deps.access(job)
      if ('hold' in access) {
        identity ||= access.hold.reason === 'identifying'
        continue
      }
      const limited = this.rateLimitUntil(access.accountId)
      if (limited !== null) {
        nextWake = Math.min(nextWake, limited)
        continue
      }
      // One account's long queue never keeps another's jobs waiting: each has its own share.
      const busy = runningFor.get(access.accountId) ?? 0
      if (busy >= limit) continue
      runningFor.set(access.accountId, busy + 1)
      this.launch(job, access, lookup)
    }
    if (identity) this.deps.needIdentity()
    if (nextWake < Infinity) this.wakeAt(nextWake)
  }

  /**
   * Cancels a job: aborts whatever step it is in when it runs. Either way it is cancelled on
   * disk before anything is awaited, so nothing starts it again; a create that may have
   * reached the service is then looked up (pump), and the job says which.
   */
  async cancel(id: string): Promise<void> {
    if (this.running.has(id)) return this.stopJob(id, 'cancel')
    this.backoff.delete(id)
    const job = this.deps.get(id)
    if (job) await this.settleStopped(job, 'cancel')
    this.pump()
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
    this.stopWatchingClock()
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
    }, Math.max(10, ms - monotonicNow()))
    this.timer.unref?.()
  }

  private waitingIds(): string[] {
    return this.deps
      .jobs()
      .filter((job) => job.state === 'queued' && !this.running.has(job.id))
      .map((job) => job.id)
  }

  private launch(start: JobRecord, access: { client: ApiClient; accountId: string }, lookupOnly: boolean): void {
    const controller = new AbortController()
    const meter = new ProgressMeter((update) => this.deps.progress(start.id, update))
    const entry: Running = { controller, meter, accountId: access.accountId, lookupOnly, done: Promise.resolve() }
    this.running.set(start.id, entry)
    this.backoff.delete(start.id)
    const { client } = access
    const signal = controller.signal
    const work = async (): Promise<'done' | 'again' | 'settled'> => {
      let job = start
      if (job.accountId === null) {
        // Queued before accounts were recorded: the account this data folder names for that time (never simply the current one).
        job = await this.deps.save(
          withHistory(
            { ...job, accountId: access.accountId },
            sentence('coreQueue.history.boundThen', { account: this.deps.describeAccount(access.accountId) })
          )
        )
      }
      if (lookupOnly) {
        const settle = job.state === 'failed' ? (fresh: JobRecord, found: Reconciled) => settleFailed(fresh, found, this.deps.settleAttemptLookup) : settleCancelled
        await this.deps.lookUp(job, client, signal, settle)
        return 'settled'
      }
      return runAttempt(job, {
        client,
        signal,
        save: (next) => {
          // The service answered well: the status says so before the job is seen done, never after.
          if (next.state === 'done') this.serviceAnsweredWell()
          return this.deps.save(next)
        },
        onProgress: (sent, total) => meter.update(sent, total),
        lookUp: (doubtful) => this.deps.lookUp(doubtful, client, signal, (fresh, found) => this.deps.settleAttemptLookup(fresh, found)),
        limitBytes: () => this.deps.limitBytes(job.accountId),
        hashFile,
        published: (done) => this.deps.published(done),
        made: (created, sha256) => this.deps.made(created, sha256)
      })
    }
    entry.done = work()
      .then(
        async (end) => {
          if (end === 'done') await this.succeeded(start.id)
        },
        (error: unknown) => this.failed(start.id, entry, error)
      )
      .catch((error: unknown) => {
        // Its outcome could not be saved: the job keeps its state on disk, and goes on once it can be.
        const cannotSave = cannotSaveIn(error)
        if (cannotSave) this.deps.reportCannotSave(cannotSave)
        else this.deps.log.error(`The upload queue could not settle job ${start.id}`, error)
      })
      .finally(() => {
        meter.stop()
        this.running.delete(start.id)
        this.deps.touched([start.id])
        this.pump()
      })
  }

  private serviceAnsweredWell(): void {
    if (!this.serviceTrouble) return
    this.serviceTrouble = false
    this.deps.connectivityChanged()
  }

  private async succeeded(id: string): Promise<void> {
    this.serviceAnsweredWell()
    const job = this.deps.get(id)
    if (job && job.attempts > 0) await this.deps.save({ ...job, attempts: 0 })
  }

  private async failed(id: string, entry: Running, error: unknown): Promise<void> {
    const cause = error instanceof AttemptFailed ? error.cause : error
    // The store's record is the freshest: the attempt saved every step it took.
    const job = this.deps.get(id)
    if (!job) return
    if (entry.stopReason) return this.settleStopped(job, entry.stopReason)
    // A step could not be saved: nothing about the job is decided from that (it keeps its state
    // on disk, a create in doubt stays in doubt), and the queue holds until it can save.
    const cannotSave = cannotSaveIn(error)
    if (cannotSave) return this.deps.reportCannotSave(cannotSave)
    if (cause instanceof JobProblem) {
      await this.deps.save(
        withHistory({ ...job, state: 'failed', failure: failureOf(cause.sentence, cause.retryable, cause.code) }, cause.sentence)
      )
      return
    }
    const next = afterFailure(cause)
    if (entry.lookupOnly && (next.kind === 'retry' || next.kind === 'final' || next.kind === 'offline')) {
      // A finished job's lookup that could not finish: it stays as it was and asks again later,
      // never ending it anew. Offline too: a sign-in page in the way of listing only (the probe
      // and other requests still answer) would otherwise start it again at every answer.
      const tries = (this.lookupTries.get(id) ?? 0) + 1
      this.lookupTries.set(id, tries)
      // The same English as afterFailure's message (or the offline cause's), with what the window says.
      this.backoff.set(id, { until: monotonicNow() + retryDelayMs(Math.min(tries, 8) - 1, this.deps.firstRetryMs), message: wordsOf(cause) })
      if (next.kind === 'offline') this.connectivity.reportOffline(next.cause)
      return
    }
    switch (next.kind) {
      case 'offline':
        this.connectivity.reportOffline(next.cause)
        return
      case 'signed-out':
        // The auth service drops the client on a 401; the job simply waits for a new key.
        return
      case 'rate-limited':
        this.rateLimitedUntil.set(entry.accountId, Math.max(this.rateLimitedUntil.get(entry.accountId) ?? 0, next.until))
        this.deps.connectivityChanged()
        return
      case 'retry': {
        const attempts = job.attempts + 1
        if (attempts > MAX_AUTOMATIC_RETRIES) {
          const stopped = sentence('coreQueue.failure.afterTries', { tries: MAX_AUTOMATIC_RETRIES, reason: wordsOf(cause) })
          await this.deps.save(withHistory({ ...job, state: 'failed', attempts, failure: failureOf(stopped, true, 'unreachable') }, stopped))
          return
        }
        const until = monotonicNow() + retryDelayMs(attempts - 1, this.deps.firstRetryMs)
        this.backoff.set(id, { until, message: wordsOf(cause) })
        if (isServiceTrouble(cause) && !this.serviceTrouble) {
          this.serviceTrouble = true
          this.deps.connectivityChanged()
        }
        await this.deps.save(withHistory({ ...job, attempts }, sentence('coreQueue.history.tryFailed', { attempt: attempts, reason: wordsOf(cause) })))
        return
      }
      case 'final':
        // The plan turned out full (its quota learned from this very answer): the job waits for room, as if added then.
        if (next.code === 'quota' && (this.deps.noRoom?.(job, true) ?? null) !== null) {
          await this.deps.save(withHistory(job, sentence('coreQueue.history.noRoomAtSend')))
          return
        }
        await this.deps.save(
          withHistory({ ...job, state: 'failed', failure: failureOf(wordsOf(cause), next.retryable, next.code) }, wordsOf(cause))
        )
    }
  }

  /** Settles a job the queue stopped on purpose (its latest record, never a copy made before an await). */
  private async settleStopped(job: JobRecord, reason: StopReason): Promise<void> {
    if (reason === 'pause') {
      await this.deps.save(withHistory({ ...job, paused: true }, sentence('coreQueue.history.paused')))
      return
    }
    if (reason === 'revoked') {
      const access = this.deps.access(job)
      const hold = 'hold' in access ? access.hold : null
      const why = hold ? (hold.said ? { text: hold.message, said: hold.said } : hold.message) : sentence('coreQueue.history.accountChanged')
      await this.deps.save(withHistory(job, sentence('coreQueue.history.stoppedBecause', { reason: why })))
      return
    }
    if (reason !== 'cancel' || job.state === 'cancelled') return
    // A create that may have reached the service stays in doubt: pump looks it up and says which.
    await this.deps.save(withHistory({ ...job, state: 'cancelled', failure: null }, sentence('coreQueue.history.cancelled')))
  }
}
