import { randomUUID } from 'node:crypto'
import { contract } from '../../../src-shared/contract'
import type { LinkUpdated } from '../../../src-shared/domain/links'
import type { JobView } from '../../../src-shared/domain/queue'
import type { EventSink } from '../events'
import type { UploadQueue } from '../queue/upload-queue'
import type { LinkRecord, PendingJob } from './links-file'
import type { LinksStore } from './links-store'
import { sentence } from '../i18n/sentence'
import { sayOnLink, type Words } from './link-words'
import { copyPath, keepCopy } from './version-copies'

/** Versions kept per link, newest first (their copies too). */
export const MAX_VERSIONS = 20

export interface SettleJobsDeps {
  dataDir: string
  store: LinksStore
  uploads: Pick<UploadQueue, 'jobFile'>
  emit: EventSink
}

/** Adds a published version to a link (and keeps a copy of its bytes when asked). */
export async function recordVersion(
  deps: Pick<SettleJobsDeps, 'dataDir' | 'store'>,
  link: LinkRecord,
  sent: { path: string; sha256: string; size: number },
  pages: number | null
): Promise<void> {
  const at = Date.now()
  const isCopy = sent.path === copyPath(deps.dataDir, sent.sha256)
  const kept = deps.store.file.keepCopies && (isCopy || (await keepCopy(deps.dataDir, sent.path, sent.sha256)))
  link.published = { sha256: sent.sha256, size: sent.size, at }
  link.versions = [{ at, size: sent.size, sha256: sent.sha256, pages, kept }, ...link.versions].slice(0, MAX_VERSIONS)
}

/**
 * Follows the queue jobs that links and hot folders started: a finished replace becomes a
 * version of its link ("Updated <name> (same link)"); a finished create from a hot folder
 * becomes a link; a replace that failed because the item is gone pauses its link.
 */
export function createJobSettler(deps: SettleJobsDeps) {
  const { store } = deps
  const { file } = store

  async function done(pending: PendingJob, job: JobView): Promise<void> {
    const sent = deps.uploads.jobFile(job.id) ?? pending
    const facts = { path: sent.path, sha256: sent.sha256, size: sent.size }
    const pages = job.result?.pages ?? null
    if (pending.linkId !== null) {
      const link = file.links.find((entry) => entry.id === pending.linkId)
      if (!link) return
      await recordVersion(deps, link, facts, pages)
      sayOnLink(link, null)
      const updated: LinkUpdated = { linkId: link.id, itemId: link.itemId, name: link.name, url: link.url }
      deps.emit(contract.links.updated, updated)
      return
    }
    if (!job.result || file.links.some((entry) => entry.path === pending.path)) return
    const folderId = file.folders.some((folder) => folder.id === pending.folderId) ? pending.folderId : null
    const link: LinkRecord = {
      id: randomUUID(),
      path: pending.path,
      itemId: job.result.itemId,
      docType: job.docType,
      accountId: job.accountId,
      name: job.name,
      url: job.result.url,
      paused: false,
      problem: null,
      message: null,
      seen: pending.sha256,
      published: null,
      versions: [],
      folderId,
      polling: false
    }
    await recordVersion(deps, link, facts, pages)
    file.links.push(link)
    // Published (perhaps by a retry in the queue): no longer an offer of its folder.
    forgetOffer(pending.path)
  }

  function forgetOffer(path: string): void {
    for (const folder of file.folders) folder.offered = folder.offered.filter((entry) => entry !== path)
    store.offeredSizes.delete(path)
    store.offerNotes.delete(path)
  }

  /** A hot folder's file shown as offered, with what happened to it. */
  function offerAgain(pending: PendingJob, note: Words): void {
    const folder = file.folders.find((entry) => entry.id === pending.folderId)
    if (!folder) return
    if (!folder.offered.includes(pending.path)) folder.offered.push(pending.path)
    store.offeredSizes.set(pending.path, pending.size)
    store.offerNotes.set(pending.path, note)
  }

  function failed(pending: PendingJob, job: JobView): void {
    if (pending.linkId !== null) {
      const link = file.links.find((entry) => entry.id === pending.linkId)
      if (!link) return
      // Known from the failure's kind, never from its wording.
      const gone = job.failure?.code === 'item-gone'
      link.problem = gone ? 'item-gone' : link.problem
      link.paused ||= gone
      // The job's failure is the queue's sentence, said as it came (English) inside this one.
      const failure = job.failure?.message
      sayOnLink(
        link,
        gone
          ? sentence('coreLinks.message.itemGone', { name: link.name })
          : failure === undefined
            ? sentence('coreLinks.message.updateCancelled')
            : sentence('coreLinks.message.updateFailed', { reason: failure })
      )
      return
    }
    // A hot folder's file that did not become an item waits as an offer: never retried silently.
    const failure = job.failure?.message
    offerAgain(
      pending,
      job.state === 'cancelled'
        ? sentence('coreLinks.note.cancelled')
        : failure === undefined
          ? sentence('coreLinks.note.stopped')
          : sentence('coreLinks.note.notPublished', { reason: failure })
    )
  }

  /**
   * A job ended (or left the queue: `job` null). Returns the link to look at again, if any.
   * A hot folder's create that failed stays followed: the job and the folder's offer are one
   * thing, so a retry in the queue (or Publish on the offer, which retries that job) links it.
   */
  async function settle(jobId: string, job: JobView | null): Promise<string | null> {
    const pending = file.pending.find((entry) => entry.jobId === jobId)
    if (!pending) return null
    if (job?.state === 'failed' && pending.linkId === null) {
      const before = store.offerNotes.get(pending.path)?.text
      failed(pending, job)
      // Every queue change that mentions the failed job comes here: write only what is new.
      if (store.offerNotes.get(pending.path)?.text !== before) await store.save()
      return null
    }
    file.pending = file.pending.filter((entry) => entry !== pending)
    if (job?.state === 'done') await done(pending, job)
    else if (job) failed(pending, job)
    else if (pending.linkId === null && !file.links.some((link) => link.path === pending.path)) offerAgain(pending, sentence('coreLinks.note.removedFromQueue'))
    await store.save()
    return pending.linkId
  }

  return { settle }
}
