import type { FlagSpec } from '../../command'

/** The flags of every command that names an item (commands/item-ref.ts reads them). */
export const ITEM_REF_FLAGS: readonly FlagSpec[] = [
  { name: 'id', type: 'boolean', description: 'Read the reference as an item ID only.', default: 'an all-digit reference is tried as an ID and as a slug' },
  { name: 'slug', type: 'boolean', description: 'Read the reference as a slug or link only.' },
  { name: 'document', type: 'boolean', description: 'The item is a Document, on the document host (IDs and slugs are per host).', default: 'a Flipbook' }
]

/** The item reference in a synopsis. */
export const ITEM_REF = '<id|link|slug>'
