import type { DocType } from '../../../src-shared/domain/service/item'
import type { ApiClient } from '../api/api-client'
import { ServiceError } from '../api/service-error'

/**
 * Gets per sync at most. Usually there are none or a few; a mass deletion on the website can
 * leave thousands. 100 is half the list requests of a 10,000-item library and a third of the
 * service's minute (§8), so uploads sharing the limiter are not starved. Rows beyond it stay
 * and are asked about by the next complete syncs, 100 each (a row is never dropped unasked).
 */
export const MAX_CHECKS_PER_SYNC = 100
/** Gets in flight at once: the shared rate limiter spaces them; this only hides latency. */
const CHECKS_AT_ONCE = 4

/** A stored row the complete listing did not show, and the host its ID belongs to. */
export interface Suspect {
  key: string
  id: number
  host: DocType
}

export interface GoneCheck {
  /** Keys the service answered "Item not found" for: these leave. */
  gone: string[]
  /** Suspects not settled (their get failed, a failure ended the checks, or beyond the bound): these stay. */
  unsettled: number
  /** The failure that ended the checks early, if any. */
  failure: unknown
}

/** A failure that says nothing about the one item: the network, the rate limit, the key or the service as a whole. */
function endsChecks(error: unknown): boolean {
  return !(error instanceof ServiceError) || error.transient || error.kind === 'unauthorized'
}

/**
 * Asks the service about rows the listing no longer showed. Paging is not a snapshot: an item
 * deleted while a sync pages moves later rows onto pages already read, so a live item can go
 * unlisted. Only "Item not found" from a get on the item's own host (IDs are per host) counts
 * as gone; a found item, or any failure, keeps the row. A failure of the network or the
 * service ends the checks (the others would fail the same way); `stopped` ends them too.
 */
export async function confirmGone(
  client: Pick<ApiClient, 'getItem'>,
  suspects: readonly Suspect[],
  stopped: () => boolean
): Promise<GoneCheck> {
  const batch = suspects.slice(0, MAX_CHECKS_PER_SYNC)
  const gone: string[] = []
  let settled = 0
  let failure: unknown = null
  let next = 0

  async function worker(): Promise<void> {
    while (failure === null && !stopped()) {
      const suspect = batch[next++]
      if (!suspect) return
      try {
        await client.getItem(suspect.id, suspect.host)
        settled += 1
      } catch (error) {
        if (error instanceof ServiceError && error.kind === 'not-found') {
          gone.push(suspect.key)
          settled += 1
        } else if (endsChecks(error) && failure === null) {
          failure = error
        }
      }
    }
  }

  await Promise.all(Array.from({ length: Math.min(CHECKS_AT_ONCE, batch.length) }, worker))
  return { gone, unsettled: suspects.length - settled, failure }
}
