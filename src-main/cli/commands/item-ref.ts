import type { DocType } from '../../../src-shared/domain/service/item'
import { CliError } from '../cli-error'
import { flag, type OptionValues } from '../command'
import { EXIT } from '../exit-codes'

/**
 * How to read an item reference: as an ID (`--id`), as a slug or link (`--slug`), or
 * `either`: a reference with a non-digit is a slug or link; an all-digit one may be both.
 */
export type ItemRefKind = 'id' | 'slug' | 'either'

/** The options of every command that takes an item reference (`--document`: it is a Document, on the document host). */
export const ITEM_REF_OPTIONS = { id: { type: 'boolean' }, slug: { type: 'boolean' }, document: { type: 'boolean' } } as const

/** Those options in a usage line. */
export const ITEM_REF_USAGE = '[--id | --slug] [--document]'

/** The kind of item referred to, which names its host: IDs and slugs are the host's own (§1). */
export function itemDocType(values: OptionValues): DocType {
  return flag(values, 'document') ? 'Document' : 'Flipbook'
}

/** The reference as an item ID, when it can be one: digits only, and a number JavaScript holds exactly. */
export function asItemId(reference: string): number | null {
  if (!/^\d+$/.test(reference)) return null
  const id = Number(reference)
  return Number.isSafeInteger(id) ? id : null
}

/** Reads --id and --slug; both at once, or --id with something that is no ID, is bad usage. */
export function itemRefKind(values: OptionValues, reference: string): ItemRefKind {
  const byId = flag(values, 'id')
  const bySlug = flag(values, 'slug')
  if (byId && bySlug) throw new CliError('Say --id or --slug, not both.', EXIT.usage)
  if (byId && asItemId(reference.trim()) === null) {
    throw new CliError(`--id needs an item ID (digits only); "${reference.trim()}" is not one.`, EXIT.usage)
  }
  return byId ? 'id' : bySlug ? 'slug' : 'either'
}
