import { FINISHED_STATES, type JobState } from './queue'
import type { DocType } from './service/item'
import type { Quota } from './service/quota'

/** What counting quota room needs of a job: main's records and the renderer's views both fit. */
export interface QuotaJob {
  kind: 'create' | 'replace'
  docType: DocType
  state: JobState
  result: unknown
}

/**
 * Creates of a kind that will still use a slot of the plan's quota: not finished, and not
 * yet made on the service (a replace uses no slot).
 */
export function openCreates(jobs: Iterable<QuotaJob>, docType: DocType): number {
  let count = 0
  for (const job of jobs) {
    if (job.kind === 'create' && job.docType === docType && job.result === null && !FINISHED_STATES.includes(job.state)) count++
  }
  return count
}

/** How many more creates of a kind fit: the plan's last known `Left` minus the creates already waiting. Null when unknown. */
export function roomLeft(quota: Quota | undefined, waitingCreates: number): number | null {
  return quota ? Math.max(0, quota.left - waitingCreates) : null
}
