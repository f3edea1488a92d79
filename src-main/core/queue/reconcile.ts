import { docTypeOn } from '../../../src-shared/domain/service/item'
import type { ApiClient } from '../api/api-client'
import type { JobRecord } from './job-record'

/** What reconciliation found, with the sentence recorded in the job's history. */
export type Reconciled =
  /** An item with this name, made since the upload started, holds exactly this content: it is this upload. */
  | { outcome: 'adopt'; item: { itemId: number; url: string }; note: string }
  /** No item with this name was made since the upload started: it never reached the service. */
  | { outcome: 'absent'; note: string }
  /** Items with this name were made since, but none holds this content (or another job took it): the user decides. */
  | { outcome: 'mismatch'; note: string }

/** What a lookup needs besides the client. */
export interface LookupContext {
  client: ApiClient
  signal: AbortSignal
  /**
   * SHA-256 of the content this upload may have sent: what was recorded when it was added,
   * and the file as it is now when it changed since (a crash can come between the two).
   */
  expected: ReadonlySet<string>
  /** SHA-256 of an item's stored PDF, or null when it is bigger than any of those contents. */
  storedHash(itemId: number): Promise<string | null>
  /**
   * Items of this account and host that other jobs published or adopted. Read after every
   * await (lookups of an account run one at a time, and the adoption is saved before the
   * next starts), so two jobs never take the same item.
   */
  claimed(): ReadonlySet<number>
}

/**
 * How far before the upload started an item may be dated and still count as ours: list
 * dates have minutes only, and the service's clock may run behind ours.
 */
const CLOCK_MARGIN_MS = 2 * 60_000
const PAGE_SIZE = 100
const MAX_PAGES = 5

const timeOf = (ms: number): string => new Date(ms).toLocaleTimeString()

/** Items with the job's name and kind, created on its host since its upload started (oldest first). */
async function candidatesOf(job: JobRecord, ctx: LookupContext): Promise<{ itemId: number; url: string; createdMs: number }[]> {
  const since = job.inDoubtSince ?? job.addedAt
  const earliest = since - CLOCK_MARGIN_MS
  const docType = docTypeOn(job.host)
  const options = { signal: ctx.signal }
  const found: { itemId: number; url: string; createdMs: number }[] = []
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { items, totalRecordCount } = await ctx.client.listItems(
      { search: job.name, sortBy: 'CreatedOn', sortOrder: 'DESC', pageNo: page, pageSize: PAGE_SIZE },
      docType,
      options
    )
    let reachedOlder = false
    for (const item of items) {
      let createdMs = item.createdOn === null ? Number.NaN : Date.parse(item.createdOn)
      if (Number.isNaN(createdMs)) {
        // A list date the client could not place in time: get has the exact instant.
        const full = await ctx.client.getItem(item.id, docType, options)
        createdMs = full.summary.createdOn === null ? Number.NaN : Date.parse(full.summary.createdOn)
      }
      if (createdMs < earliest) {
        reachedOlder = true
        continue
      }
      const sameKind = item.docType === null || item.docType === job.docType
      if (item.name?.trim() === job.name.trim() && sameKind) found.push({ itemId: item.id, url: item.fullUrl ?? '', createdMs })
    }
    if (reachedOlder || items.length < PAGE_SIZE || page * PAGE_SIZE >= (totalRecordCount ?? 0)) break
  }
  return found.sort((a, b) => a.createdMs - b.createdMs)
}

/**
 * A create that may have reached the service (a crash mid-request, a reset, a lost answer)
 * is looked up before anything is sent again, since the service has no idempotency key.
 * Candidates come from the newest-first list on the job's host, searched by its name: same
 * name and kind, created at or after the upload started. A candidate is taken only when its
 * stored PDF has the same bytes as this upload.
 *
 * Why bytes, not size and page count: two exports of one template (the `en/` and `de/`
 * brochure) easily share a page count and come close in size, and the cost of a wrong match
 * is a live flipbook that shows the wrong document. Reading a stored PDF back is cheap next
 * to that, and it happens only for uploads whose answer was lost; a PDF bigger than ours is
 * ruled out without reading past our size.
 *
 * No candidate at all means the upload never made an item, so sending again is safe. Candidates
 * that all hold other content (or were taken by other jobs) are said, never guessed at.
 */
export async function findCreatedItem(job: JobRecord, ctx: LookupContext): Promise<Reconciled> {
  const since = job.inDoubtSince ?? job.addedAt
  const candidates = await candidatesOf(job, ctx)
  if (candidates.length === 0) {
    return { outcome: 'absent', note: `No item named “${job.name}” was made since this upload started at ${timeOf(since)}; sending it again is safe.` }
  }
  for (const candidate of candidates) {
    if (ctx.claimed().has(candidate.itemId)) continue
    const stored = await ctx.storedHash(candidate.itemId)
    // Read again after the await: another job's adoption may have been saved meanwhile.
    if (stored === null || !ctx.expected.has(stored) || ctx.claimed().has(candidate.itemId)) continue
    return {
      outcome: 'adopt',
      item: { itemId: candidate.itemId, url: candidate.url },
      note: `The service had already made “${job.name}” at ${timeOf(candidate.createdMs)} from this very file, after this upload started at ${timeOf(since)}; FlipDrop took that one instead of uploading again.`
    }
  }
  const many = candidates.length > 1
  return {
    outcome: 'mismatch',
    note: `${many ? `${candidates.length} items` : 'An item'} named “${job.name}” ${many ? 'were' : 'was'} made since this upload started at ${timeOf(since)}, but ${many ? 'none holds' : 'it does not hold'} this file, so FlipDrop did not take ${many ? 'any of them' : 'it'} for this upload.`
  }
}
