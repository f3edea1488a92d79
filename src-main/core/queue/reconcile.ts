import { docTypeOn } from '../../../src-shared/domain/service/item'
import type { ApiClient } from '../api/api-client'
import type { Sentence } from '../../../src-shared/i18n/said'
import { sentence } from '../i18n/sentence'
import type { JobRecord } from './job-record'

/** An item a lookup found, as a job records it. */
export interface FoundItem {
  itemId: number
  url: string
}

/** What reconciliation found, with the sentence recorded in the job's history. */
export type Reconciled =
  /** An item with this name, made since the create was sent, holds exactly this content: it is this upload. */
  | { outcome: 'adopt'; item: FoundItem; note: Sentence; sha256: string }
  /** No item with this name was made since the create was sent: it never reached the service. */
  | { outcome: 'absent'; note: Sentence }
  /** Items with this name were made since, but none holds this content (or another job took it): the user decides. */
  | { outcome: 'mismatch'; note: Sentence }
  /**
   * An item that matches in everything that can be seen (name, time, pages, about the size)
   * but whose stored PDF is not byte for byte this file: the service may have rewritten it.
   * The user decides whether it is this upload; sending again could make a duplicate.
   */
  | { outcome: 'uncertain-content'; item: FoundItem; note: Sentence }

/** A stored PDF as read back: its SHA-256 and size, or only its size when bigger than any content looked for. */
export type StoredRead = { sha256: string; bytes: number } | { sha256: null; bytes: number }

/** What a lookup needs besides the client. */
export interface LookupContext {
  client: ApiClient
  signal: AbortSignal
  /**
   * SHA-256 of the content this upload may have sent: what was recorded when it was added,
   * and the file as it is now when it changed since (a crash can come between the two).
   */
  expected: ReadonlySet<string>
  /** Pages and size of that content, when known (a link's size is what it serves now; its pages are unknown). */
  expectedPages: number | null
  expectedBytes: number | null
  /** Reads an item's stored PDF back. Throws LookupTrouble when it cannot be downloaded now. */
  storedRead(itemId: number): Promise<StoredRead>
  /**
   * Items of this account and host that other jobs published or adopted, in the queue or
   * cleared from it (the published record). Read after every await (lookups of an account
   * run one at a time, and the adoption is saved before the next starts), so two jobs never
   * take the same item, and an item made on purpose by an earlier upload is never this one.
   */
  claimed(): ReadonlySet<number>
}

/** The list shows creation dates to the minute (`Mon DD YYYY h:mmAM`). */
const MINUTE_MS = 60_000
/**
 * The service's clock against ours, when no Date header has taught it yet (every answer
 * carries one, so this is for a lookup that is the first request of a run).
 */
const UNKNOWN_SKEW_MS = 60_000
/** A stored PDF the service rewrote (a linearised save, a new trailer) stays within this of the sent size. */
const SIZE_SLACK_RATIO = 0.1
const SIZE_SLACK_MIN_BYTES = 64 * 1024
const PAGE_SIZE = 100
const MAX_PAGES = 5

/** A moment as a time of day in a sentence (the English reads it as toLocaleTimeString did). */
const timeOf = (ms: number): { time: string } => ({ time: new Date(ms).toISOString() })

interface Candidate extends FoundItem {
  createdMs: number
  pages: number | null
}

/**
 * The earliest creation time, in local epoch ms, that an item of this upload can carry: the
 * moment its create was sent, moved by the lowest offset of the service's clock that its Date
 * headers allow (so a service clock running behind ours never hides the item). Never earlier:
 * an item dated before the create was sent is not this upload's, whatever its content.
 */
function earliestOf(job: JobRecord, client: ApiClient): number {
  const sentAt = job.inDoubtSince ?? job.addedAt
  const skew = client.serverClockSkew()
  return sentAt + (skew === null ? -UNKNOWN_SKEW_MS : skew.low)
}

/**
 * How finely a parsed creation date places the item: list dates name the minute only
 * (`Mon DD YYYY h:mmAM`), CreatedOnIso the second, `/Date(ms)/` the millisecond. A date on a
 * whole minute or second is taken as that coarse (an exact one falls there 1 time in 1,000).
 */
function precisionOf(ms: number): number {
  if (ms % MINUTE_MS === 0) return MINUTE_MS
  return ms % 1_000 === 0 ? 1_000 : 1
}

/** Where an item's creation lies against the moment the create was sent. */
function placed(createdMs: number, earliest: number): 'after' | 'before' | 'either' {
  if (Number.isNaN(createdMs)) return 'either'
  if (createdMs >= earliest) return 'after'
  return createdMs + precisionOf(createdMs) <= earliest ? 'before' : 'either'
}

/**
 * Items with the job's name and kind, created on its host since its create was sent: first
 * those surely made after it (oldest first: the first item after the send is the likeliest
 * to be this one), then those whose date is too coarse to tell (newest first).
 */
async function candidatesOf(job: JobRecord, ctx: LookupContext): Promise<Candidate[]> {
  const earliest = earliestOf(job, ctx.client)
  const docType = docTypeOn(job.host)
  const options = { signal: ctx.signal }
  const after: Candidate[] = []
  const either: Candidate[] = []
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { items, totalRecordCount } = await ctx.client.listItems(
      { search: job.name, sortBy: 'CreatedOn', sortOrder: 'DESC', pageNo: page, pageSize: PAGE_SIZE },
      docType,
      options
    )
    let reachedOlder = false
    for (const item of items) {
      if (item.name?.trim() !== job.name.trim()) continue
      let createdMs = item.createdOn === null ? Number.NaN : Date.parse(item.createdOn)
      let where = placed(createdMs, earliest)
      if (where === 'before') {
        reachedOlder = true
        continue
      }
      if (where === 'either') {
        // The list's date cannot tell (it names the minute, or the second): get may say more.
        const full = await ctx.client.getItem(item.id, docType, options)
        const exact = full.summary.createdOn === null ? Number.NaN : Date.parse(full.summary.createdOn)
        if (!Number.isNaN(exact)) {
          createdMs = exact
          where = placed(exact, earliest)
        }
      }
      const sameKind = item.docType === null || item.docType === job.docType
      if (where === 'before' || !sameKind) continue
      const candidate = { itemId: item.id, url: item.fullUrl ?? '', createdMs, pages: item.pages }
      if (where === 'after') after.push(candidate)
      else either.push(candidate)
    }
    if (reachedOlder || items.length < PAGE_SIZE || page * PAGE_SIZE >= (totalRecordCount ?? 0)) break
  }
  return [...after.sort((a, b) => a.createdMs - b.createdMs), ...either.sort((a, b) => b.createdMs - a.createdMs)]
}

/** Whether a stored PDF whose bytes differ still looks like this upload in everything else. */
function looksLikeThisUpload(candidate: Candidate, stored: StoredRead, ctx: LookupContext): boolean {
  if (ctx.expectedPages !== null && candidate.pages !== null && candidate.pages !== ctx.expectedPages) return false
  if (ctx.expectedBytes === null) return false
  const slack = Math.max(SIZE_SLACK_MIN_BYTES, ctx.expectedBytes * SIZE_SLACK_RATIO)
  return Math.abs(stored.bytes - ctx.expectedBytes) <= slack
}

/**
 * A create that may have reached the service (a crash mid-request, a reset, a lost answer)
 * is looked up before anything is sent again, since the service has no idempotency key.
 * Candidates come from the newest-first list on the job's host, searched by its name: same
 * name and kind, created at or after the moment the create was sent, and not made or taken
 * by any other job of this data folder. A candidate is taken only when its stored PDF has
 * the same bytes as this upload.
 *
 * Why bytes, not size and page count: two exports of one template (the `en/` and `de/`
 * brochure) easily share a page count and come close in size, and the cost of a wrong match
 * is a live flipbook that shows the wrong document. Reading a stored PDF back is cheap next
 * to that, and it happens only for uploads whose answer was lost.
 *
 * That the service stores the bytes as sent is an assumption (the spec is silent): an item
 * that matches in all else but its bytes is said as such, for the user to decide.
 *
 * No candidate at all means the upload never made an item, so sending again is safe. Candidates
 * that all hold other content (or were taken by other jobs) are said, never guessed at.
 */
export async function findCreatedItem(job: JobRecord, ctx: LookupContext): Promise<Reconciled> {
  const since = job.inDoubtSince ?? job.addedAt
  const found = await candidatesOf(job, ctx)
  // Items other uploads of this data folder made or took are theirs: no sign that this one arrived.
  const candidates = found.filter((candidate) => !ctx.claimed().has(candidate.itemId))
  if (candidates.length === 0) {
    const values = { name: job.name, time: timeOf(since) }
    return { outcome: 'absent', note: found.length > 0 ? sentence('coreQueue.lookup.absentOthers', values) : sentence('coreQueue.lookup.absent', values) }
  }
  let lookalike: Candidate | null = null
  for (const candidate of candidates) {
    if (ctx.claimed().has(candidate.itemId)) continue
    const stored = await ctx.storedRead(candidate.itemId)
    // Read again after the await: another job's adoption may have been saved meanwhile.
    if (ctx.claimed().has(candidate.itemId)) continue
    if (stored.sha256 !== null && ctx.expected.has(stored.sha256)) {
      return {
        outcome: 'adopt',
        item: { itemId: candidate.itemId, url: candidate.url },
        sha256: stored.sha256,
        note: sentence('coreQueue.lookup.adopted', { name: job.name, made: timeOf(candidate.createdMs), time: timeOf(since) })
      }
    }
    if (lookalike === null && looksLikeThisUpload(candidate, stored, ctx)) lookalike = candidate
  }
  if (lookalike !== null) {
    return { outcome: 'uncertain-content', item: { itemId: lookalike.itemId, url: lookalike.url }, note: lookalikeNote(job, timeOf(lookalike.createdMs)) }
  }
  const count = candidates.length
  return { outcome: 'mismatch', note: sentence('coreQueue.lookup.mismatch', { count, name: job.name, time: timeOf(since) }, count) }
}

/** An item that matches this upload in all but its stored bytes, by its kind and what the upload sent. */
function lookalikeNote(job: JobRecord, made: { time: string }): Sentence {
  const name = job.name
  if (job.source.type === 'file') {
    const values = { name, made, file: job.source.fileName }
    return job.docType === 'Document' ? sentence('coreQueue.lookup.lookalikeDocumentFile', values) : sentence('coreQueue.lookup.lookalikeFlipbookFile', values)
  }
  return job.docType === 'Document' ? sentence('coreQueue.lookup.lookalikeDocumentLink', { name, made }) : sentence('coreQueue.lookup.lookalikeFlipbookLink', { name, made })
}
