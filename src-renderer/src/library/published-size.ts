import type { JobView } from '../../../src-shared/domain/queue'
import type { DocType } from '../../../src-shared/domain/service/item'

/**
 * The size of the file an item holds now, when FlipDrop published it and its job is still
 * in the queue: the service's list says nothing of sizes, so this is the only honest source
 * (null otherwise, and the question leaves the size out rather than guess).
 */
export function publishedSize(jobs: Iterable<JobView>, item: { id: number; docType: DocType }): number | null {
  let newest: JobView | null = null
  for (const job of jobs) {
    if (job.state !== 'done' || job.result?.itemId !== item.id || job.docType !== item.docType || job.source.type !== 'file') continue
    if (newest === null || job.addedAt > newest.addedAt) newest = job
  }
  return newest?.source.type === 'file' ? newest.source.size : null
}
