import { libraryKey, type LibraryItem } from '../../../src-shared/domain/library'
import type { JobView, QueueChange } from '../../../src-shared/domain/queue'
import { docTypeOn, type DocType } from '../../../src-shared/domain/service/item'
import type { ApiClient } from '../api/api-client'
import type { Logger } from '../log'
import type { LibraryCovers } from './library-covers'
import { toLibraryItem, type StorageRoots } from './library-item'

/** Finished jobs remembered, so a repeated event reads an item once. */
const MAX_REMEMBERED = 5_000

export interface PublishedItemsDependencies {
  /** The queue's changes, as main sends them to the window. */
  onQueueChange(listener: (change: QueueChange) => void): () => void
  /** The client of an account, when its key is the one in use; null otherwise. */
  clientFor(accountId: string | null): ApiClient | null
  /** The account the library's rows belong to. */
  owner(): string | null
  roots(): StorageRoots
  /** Keeps a fresh row and tells the window. */
  keep(item: LibraryItem): void
  covers: Pick<LibraryCovers, 'published' | 'forget'>
  log: Logger
}

/**
 * Items FlipDrop just published show in the library at once, not after the next sync: when
 * a create is done its row is read (get, on its host, with its account's key) and kept. A
 * replace that is done makes the item's cover stale (the first page may have changed) and
 * its row is read again (pages). Only the library's own account is read; another account's
 * items come with its next sync.
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

  async function readRow(job: JobView, itemId: number, host: DocType): Promise<void> {
    const client = deps.clientFor(job.accountId)
    if (!client || job.accountId === null || deps.owner() !== job.accountId) return
    try {
      const found = await client.getItem(itemId, host)
      // Signed out or switched account while asking: the row is not this library's any more.
      if (deps.owner() !== job.accountId) return
      const item = toLibraryItem(found.summary, host, deps.roots())
      // The row may name its kind itself (a host can list both): its drawing goes to that key.
      if (item.key !== libraryKey(host, itemId)) deps.covers.published(job.id, { key: item.key, accountId: job.accountId })
      deps.keep(item)
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
      if (job.kind === 'replace') deps.covers.forget([key])
      void readRow(job, job.result.itemId, host)
    }
  })
}
