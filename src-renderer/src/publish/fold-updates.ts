import type { JobView } from '../../../src-shared/domain/queue'

/** The updates of one item folded into its row: how many were published, when the last was, and every job the row stands for. */
export interface Fold {
  updates: number
  /** When the newest published update finished (ISO); null while none has. */
  lastAt: string | null
  jobIds: string[]
}

/** The item a job publishes to (a replace's target, a create's result), keyed with whose and where it is; null before it has one. */
function itemKey(job: JobView): string | null {
  const itemId = job.kind === 'replace' ? job.targetItemId : (job.result?.itemId ?? null)
  return itemId === null ? null : `${job.accountId ?? ''}|${job.host}|${job.docType}|${itemId}`
}

/** When a job last changed: its newest history line (main writes one as it finishes), or when it was added. */
const changedAt = (job: JobView): string => job.history.at(-1)?.at ?? job.addedAt

/**
 * A linked file saved three times is one item, not four rows with four switches: the jobs that
 * publish to the same item collapse into one row, the newest job's (what the item is doing
 * now), counting the updates published. `rows` keep the order given; the others are left out.
 */
export function foldUpdates(jobs: readonly JobView[]): { rows: JobView[]; folds: Map<string, Fold> } {
  const groups = new Map<string, JobView[]>()
  for (const job of jobs) {
    const key = itemKey(job)
    if (key !== null) groups.set(key, [...(groups.get(key) ?? []), job])
  }
  const folds = new Map<string, Fold>()
  const hidden = new Set<string>()
  for (const group of groups.values()) {
    // Only updates fold: two creates never share an item (main gives each its own).
    if (group.length < 2 || !group.some((job) => job.kind === 'replace')) continue
    const head = group.reduce((newest, job) => (job.addedAt >= newest.addedAt ? job : newest))
    const published = group.filter((job) => job.kind === 'replace' && job.state === 'done').map(changedAt).sort()
    folds.set(head.id, { updates: published.length, lastAt: published.at(-1) ?? null, jobIds: group.map((job) => job.id) })
    for (const job of group) if (job !== head) hidden.add(job.id)
  }
  if (hidden.size === 0) return { rows: [...jobs], folds }
  return { rows: jobs.filter((job) => !hidden.has(job.id)), folds }
}
