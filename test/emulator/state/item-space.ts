import type { DocType } from '../options'
import type { StoredItem } from './types'

/** Where a request was sent: the default host ({base_url}) or the document host (§1). */
export type ItemHost = 'base' | 'document'

/** First ID of every ID space. */
export const FIRST_ID = 1001

/** The host whose requests yield a DocType (§1): Documents on the document host, else base. */
export function hostOfDocType(docType: DocType): ItemHost {
  return docType === 'Document' ? 'document' : 'base'
}

/**
 * One ID space: items by numeric ID, the next ID, and each owner's items in insertion order.
 * By default both hosts use one space; with `separateHostIds` each host has its own.
 */
export class ItemSpace {
  /** Items by numeric ID (tests may delete from it to play a removal). */
  readonly items = new Map<number, StoredItem>()
  nextId = FIRST_ID
  private readonly byOwner = new Map<string, StoredItem[]>()

  /** Stores an item under its (already assigned) ID. */
  put(item: StoredItem): void {
    this.items.set(item.id, item)
    const owned = this.byOwner.get(item.owner)
    if (owned) owned.push(item)
    else this.byOwner.set(item.owner, [item])
  }

  /** Whether this exact item (not just its ID) is stored here. */
  holds(item: StoredItem): boolean {
    return this.items.get(item.id) === item
  }

  /** Items of an owner, in insertion order (a live view: copy before handing it out). */
  ownedBy(key: string): readonly StoredItem[] {
    return this.byOwner.get(key) ?? []
  }

  clear(): void {
    this.items.clear()
    this.byOwner.clear()
    this.nextId = FIRST_ID
  }
}
