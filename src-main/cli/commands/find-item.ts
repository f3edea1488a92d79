import { ServiceError } from '../../core/api/service-error'
import type { ServiceItem } from '../../core/api/normalize/item'
import type { CliContext } from '../cli-context'
import { CliError } from '../cli-error'
import { EXIT } from '../exit-codes'
import { resolveItemId } from './item-ref'

const isId = (reference: string): boolean => /^\d+$/.test(reference)

/** "Item not found" said with the reference the user typed, so a script's log shows which one; other errors pass through. */
export function notFound(reference: string, error: unknown): unknown {
  if (!(error instanceof ServiceError) || error.kind !== 'not-found') return error
  return new CliError(`Item not found: "${reference}" (the service said "${error.serviceMessage ?? 'Item not found'}"). ${error.message}`, EXIT.failed)
}

/**
 * The full item named by an ID, a viewer URL, a CNAME URL or a slug: a number is read with
 * get, anything else with find-by-url. Not found is exit 1 with the service's message.
 */
export async function findItem(reference: string, ctx: CliContext): Promise<ServiceItem> {
  const trimmed = reference.trim()
  const { client } = await ctx.services()
  try {
    return isId(trimmed) ? await client.getItem(Number(trimmed)) : await client.findByUrl(trimmed)
  } catch (error) {
    throw notFound(trimmed, error)
  }
}

/** Only the ID (no request for a number), with the same not-found message as {@link findItem}. */
export async function findItemId(reference: string, ctx: CliContext): Promise<number> {
  try {
    return await resolveItemId(reference, ctx)
  } catch (error) {
    throw notFound(reference.trim(), error)
  }
}
