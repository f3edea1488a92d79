import { libraryKey, type LibraryItem } from '../../../src-shared/domain/library'
import type { JobView, QueueChange } from '../../../src-shared/domain/queue'
import { docTypeOn, type DocType, type ItemSummary } from '../../../src-shared/domain/service/item'
import type { ApiClient } from '../api/api-client'
import type { Logger } from '../log'
import type { LibraryCovers } from './library-covers'

/** Finished jobs remembered, so a repeated event reads an item once. */
const MAX_REMEMBERED = 5_000

export interface PublishedItemsDependencies {
  /** The queue's changes, as main sends them to the window. */
  onQueueChange(listener: (change: QueueChange) => void): () => void
  /** The client of an account whose key is held and confirmed; null otherwise (signed out of it). */
  clientFor(accountId: string | null): ApiClient | null
  /** Keeps a fresh row in its account's library (opened if need be; the window is told when it shows it); the row as kept. */
  keep(accountId: string, summary: ItemSummary, host: DocType): Promise<LibraryItem>
  covers: Pick<LibraryCovers, 'published' | 'forget'>
  log: Logger
}

/**
 * Items FlipDrop just published show in the library at once, not after the next sync: when
 * a create is done its row is read (get, on its host, with its job's account's key) and kept
 * in that account's library, whether it is the one shown or not. A replace that is done makes
 * the item's cover stale (the first page may have changed) and its row is read again (pages).
 */
export function followPublishedItems(deps: PublishedItemsDependencies): () => void {
  const seen = new Set<string>()

  function remember(jobId: string): boolean {
    if (seen.has(jobId)) return false
    seen.add(jobId)
    if (seen.size > MAX_REMEMBERED) {
      const oldest = seen.values().next().value
      if (oldest !== undefined) seen.delete(oldest)
    }
    return true
  }

  async function readRow(job: JobView, accountId: string, itemId: number, host: DocType): Promise<void> {
    const client = deps.clientFor(accountId)
    if (!client) return
    try {
      const found = await client.getItem(itemId, host)
      // Signed out of that account while asking: its library is gone and must not come back for one row.
      if (deps.clientFor(accountId) === null) return
      const item = await deps.keep(accountId, found.summary, host)
      // The row may name its kind itself (a host can list both): its drawing goes to that key.
      if (item.key !== libraryKey(host, itemId)) deps.covers.published(job.id, { key: item.key, accountId })
    } catch (error) {
      deps.log.info(`The item just published (${job.name}) could not be read yet; the next sync lists it`, error)
    }
  }

  return deps.onQueueChange((change) => {
    for (const job of change.jobs) {
      if (job.state !== 'done' || job.result === null || !remember(job.id)) continue
      const host = docTypeOn(job.host)
      const key = libraryKey(host, job.result.itemId)
      deps.covers.published(job.id, { key, accountId: job.accountId })
      // A job of no known account has no library to join (its next sync lists it).
      if (job.accountId === null) continue
      if (job.kind === 'replace') deps.covers.forget(job.accountId, [key])
      void readRow(job, job.accountId, job.result.itemId, host)
    }
  })
}
