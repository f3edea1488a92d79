import type { DocType } from '../../../src-shared/domain/service/item'
import type { ApiClient } from '../../core/api/api-client'
import type { ServiceItem } from '../../core/api/normalize/item'
import { ServiceError } from '../../core/api/service-error'
import { CliError } from '../cli-error'
import { EXIT } from '../exit-codes'

/** The two look-ups an all-digit reference needs. */
type ItemLookups = Pick<ApiClient, 'getItem' | 'findByUrl'>

const named = (item: ServiceItem): string => {
  const name = item.summary.name?.trim()
  return name ? `item ${item.summary.id} “${name}”` : `item ${item.summary.id}`
}

/** What one look-up found: the item, or the service's "not found". */
type Found = { item: ServiceItem } | { missing: ServiceError }

/** Any failure but "not found" (offline, key refused) is thrown: the look-up could not say. */
function foundIn(answer: PromiseSettledResult<ServiceItem>): Found {
  if (answer.status === 'fulfilled') return { item: answer.value }
  if (answer.reason instanceof ServiceError && answer.reason.kind === 'not-found') return { missing: answer.reason }
  throw answer.reason
}

/**
 * An all-digit reference asked both ways: an item with that ID, and an item with that slug.
 * When both exist and differ, guessing could change the wrong publication, so it is refused
 * (exit 2) with both named. One found is used; none is the ID look-up's "not found". A look-up
 * that failed otherwise (offline, key refused) fails the whole: the other might have answered.
 */
export async function findByIdOrSlug(reference: string, id: number, client: ItemLookups, docType: DocType = 'Flipbook'): Promise<ServiceItem> {
  const [byIdAnswer, bySlugAnswer] = await Promise.allSettled([client.getItem(id, docType), client.findByUrl(reference, docType)])
  const byId = foundIn(byIdAnswer)
  const bySlug = foundIn(bySlugAnswer)
  if ('item' in byId && 'item' in bySlug && byId.item.summary.id !== bySlug.item.summary.id) {
    throw new CliError(`${reference} is ${named(byId.item)} and the slug of ${named(bySlug.item)}; say --id or --slug.`, EXIT.usage)
  }
  if ('item' in byId) return byId.item
  if ('item' in bySlug) return bySlug.item
  throw byId.missing
}
