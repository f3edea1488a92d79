import type { DocType } from '../../../src-shared/domain/service/item'
import { ServiceError } from '../../core/api/service-error'
import type { ServiceItem } from '../../core/api/normalize/item'
import type { CliContext } from '../cli-context'
import { CliError } from '../cli-error'
import { EXIT } from '../exit-codes'
import { findByIdOrSlug } from './id-or-slug'
import { asItemId, type ItemRefKind } from './item-ref'

/** "Item not found" said with the reference the user typed, so a script's log shows which one; other errors pass through. */
export function notFound(reference: string, error: unknown): unknown {
  if (!(error instanceof ServiceError) || error.kind !== 'not-found') return error
  return new CliError(`Item not found: "${reference}" (the service said "${error.serviceMessage ?? 'Item not found'}"). ${error.message}`, EXIT.failed)
}

async function lookUp(reference: string, kind: ItemRefKind, docType: DocType, ctx: CliContext): Promise<ServiceItem> {
  const { client } = await ctx.services()
  const id = kind === 'slug' ? null : asItemId(reference)
  if (id === null) return client.findByUrl(reference, docType)
  if (kind === 'id') return client.getItem(id, docType)
  return findByIdOrSlug(reference, id, client, docType)
}

/**
 * The full item named by an ID, a viewer URL, a CNAME URL or a slug, asked on the host of
 * `docType` (IDs and slugs are per host). `--id` reads it with get,
 * `--slug` (and anything with a non-digit) with find-by-url; an all-digit reference without
 * either is asked both ways (see findByIdOrSlug). Not found is exit 1 with the service's message.
 */
export async function findItem(reference: string, kind: ItemRefKind, ctx: CliContext, docType: DocType = 'Flipbook'): Promise<ServiceItem> {
  const trimmed = reference.trim()
  try {
    return await lookUp(trimmed, kind, docType, ctx)
  } catch (error) {
    throw notFound(trimmed, error)
  }
}

/**
 * Only the ID, with the same rules and messages as {@link findItem}. With `--id` it is taken
 * as given, without a request: the command's own call says if there is no such item.
 */
export async function findItemId(reference: string, kind: ItemRefKind, ctx: CliContext, docType: DocType = 'Flipbook'): Promise<number> {
  const id = kind === 'id' ? asItemId(reference.trim()) : null
  if (id !== null) return id
  return (await findItem(reference, kind, ctx, docType)).summary.id
}
