import type { DocType } from '../../../src-shared/domain/service/item'
import type { Quota } from '../../../src-shared/domain/service/quota'
import { isFinished, type JobRecord } from './job-record'

/** A create that will still use a slot of its plan: not finished and not yet made on the service. */
const usesSlot = (job: JobRecord): boolean => job.kind === 'create' && job.result === null && !isFinished(job) && job.accountId !== null

/** A create that may already be on its way: sent, being sent, or in doubt. Its slot is taken whatever its place. */
const started = (job: JobRecord, running: (id: string) => boolean): boolean => job.state !== 'queued' || job.inDoubtSince !== null || running(job.id)

/**
 * The creates that wait for room in their account's plan: in queue order, each kind of each
 * account fills the `Left` its plan last reported, creates already on their way first; the
 * rest wait. Nothing waits while a quota is unknown (the service's answer stays the final word).
 * Paused creates keep their place, so resuming one never overtakes the queue's order.
 */
export function jobsWithoutRoom(
  jobs: readonly JobRecord[],
  quotaOf: (accountId: string, docType: DocType) => Quota | undefined,
  running: (id: string) => boolean
): Set<string> {
  const used = new Map<string, number>()
  const key = (job: JobRecord): string => `${job.accountId ?? ''}\n${job.docType}`
  for (const job of jobs) if (usesSlot(job) && started(job, running)) used.set(key(job), (used.get(key(job)) ?? 0) + 1)
  const waiting = new Set<string>()
  for (const job of jobs) {
    if (!usesSlot(job) || started(job, running)) continue
    const quota = quotaOf(job.accountId as string, job.docType)
    if (!quota) continue
    const taken = used.get(key(job)) ?? 0
    if (taken >= quota.left) waiting.add(job.id)
    else used.set(key(job), taken + 1)
  }
  return waiting
}

/**
 * The creates waiting for room, worked out once per change of the jobs or the limits (the
 * queue asks for each job it shows: 10,000 jobs must not count the queue 10,000 times).
 */
export class RoomWaits {
  private cached: Set<string> | null = null
  /** The set as of the last `changes()`, or as first worked out (null: never asked yet). */
  private told: Set<string> | null = null

  constructor(
    private readonly jobs: () => readonly JobRecord[],
    private readonly quotaOf: (accountId: string, docType: DocType) => Quota | undefined,
    private readonly running: (id: string) => boolean
  ) {}

  /** Whether a job waits for room; `stopping` names a job whose attempt is ending (counted as not running). */
  waits(id: string, stopping: string | null = null): boolean {
    if (stopping !== null) return jobsWithoutRoom(this.jobs(), this.quotaOf, (other) => other !== stopping && this.running(other)).has(id)
    return this.current().has(id)
  }

  private current(): Set<string> {
    this.cached ??= jobsWithoutRoom(this.jobs(), this.quotaOf, this.running)
    // What was first shown is what later changes are told against.
    // A set worked out is never changed afterwards (a change makes a new one): kept as it is.
    this.told ??= this.cached
    return this.cached
  }

  /** The jobs or the limits changed. */
  forget(): void {
    this.cached = null
  }

  /** The jobs that started or stopped waiting for room since the last call, and whether any stopped (room came back). */
  changes(): { ids: string[]; roomCameBack: boolean } {
    const before = this.told
    const now = this.current()
    const stopped = before === null ? [] : [...before].filter((id) => !now.has(id))
    const started = before === null ? [] : [...now].filter((id) => !before.has(id))
    this.told = now
    return { ids: [...stopped, ...started], roomCameBack: stopped.length > 0 }
  }
}
