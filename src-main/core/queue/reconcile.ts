import type { ApiClient } from '../api/api-client'
import type { JobRecord } from './job-record'

/** What reconciliation found, with the sentence recorded in the job's history. */
export interface Reconciled {
  item: { itemId: number; url: string } | null
  note: string
}

/**
 * How far before the upload started an item may be dated and still count as ours: list
 * dates have minutes only, and the service's clock may run behind ours.
 */
const CLOCK_MARGIN_MS = 2 * 60_000
const PAGE_SIZE = 100
const MAX_PAGES = 5

const timeOf = (ms: number): string => new Date(ms).toLocaleTimeString()

/**
 * A create that may have reached the service (a crash mid-request, a reset, a lost answer)
 * is looked up before anything is sent again, since the service has no idempotency key:
 * the newest-first list on the job's host, searched by its name, for an item with exactly
 * that name and kind created at or after the upload started, not already claimed by
 * another job. The earliest such item is ours; none means it was never made.
 */
export async function findCreatedItem(client: ApiClient, job: JobRecord, claimed: ReadonlySet<number>): Promise<Reconciled> {
  const since = job.inDoubtSince ?? job.addedAt
  const earliest = since - CLOCK_MARGIN_MS
  const candidates: { itemId: number; url: string; createdMs: number }[] = []
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { items, totalRecordCount } = await client.listItems(
      { search: job.name, sortBy: 'CreatedOn', sortOrder: 'DESC', pageNo: page, pageSize: PAGE_SIZE },
      job.docType
    )
    let reachedOlder = false
    for (const item of items) {
      let createdMs = item.createdOn === null ? Number.NaN : Date.parse(item.createdOn)
      if (Number.isNaN(createdMs)) {
        // A list date the client could not place in time: get has the exact instant.
        const full = await client.getItem(item.id)
        createdMs = full.summary.createdOn === null ? Number.NaN : Date.parse(full.summary.createdOn)
      }
      if (createdMs < earliest) {
        reachedOlder = true
        continue
      }
      const sameKind = item.docType === null || item.docType === job.docType
      if (item.name?.trim() === job.name.trim() && sameKind && !claimed.has(item.id)) {
        candidates.push({ itemId: item.id, url: item.fullUrl ?? '', createdMs })
      }
    }
    if (reachedOlder || items.length < PAGE_SIZE || page * PAGE_SIZE >= (totalRecordCount ?? 0)) break
  }
  candidates.sort((a, b) => a.createdMs - b.createdMs)
  const ours = candidates[0]
  if (ours) {
    return {
      item: { itemId: ours.itemId, url: ours.url },
      note: `The service had already made “${job.name}” (item ${ours.itemId}, created ${timeOf(ours.createdMs)}, after this upload started at ${timeOf(since)}); adopted it instead of uploading again.`
    }
  }
  return {
    item: null,
    note: `No item named “${job.name}” was made since this upload started at ${timeOf(since)}; uploading again is safe.`
  }
}
