import type { DocType, SortOrder } from '../../../src-shared/domain/service/item'
import type { LibrarySortKey } from './local-view'

/** Where the library's list is: whose library, which folder and kind, in which order, for which search, rising or all. */
export interface LibraryPlace {
  account: string | null
  folder: string | null
  docType: DocType | null
  sortBy: LibrarySortKey
  sortOrder: SortOrder
  search: string
  /** Only the rising items (another list: it starts at the top). */
  rising: boolean
}

/** One string per place, to remember a scroll position by. */
export function placeKey(place: LibraryPlace): string {
  return JSON.stringify([place.account, place.folder, place.docType, place.sortBy, place.sortOrder, place.search, place.rising])
}

/**
 * What the list's scroll does when its place changes. Another order, kind, search or account
 * is another list: it starts at the top (kept 38,821 px down, "Most viewed" seemed to start at
 * 2,916 views). Going to another folder, with all else as it was, comes back where that folder
 * was left, as a file manager does (top when it was never shown). The same place stays put
 * (rows a sync swapped in, the service confirming a search).
 */
export function scrollOnMove(before: LibraryPlace, after: LibraryPlace): 'stay' | 'top' | 'restore' {
  if (placeKey(before) === placeKey(after)) return 'stay'
  return placeKey({ ...before, folder: after.folder }) === placeKey(after) ? 'restore' : 'top'
}

/** Places remembered: an agency's folders, and then some. */
const MAX_REMEMBERED = 100

/** Scroll positions by place, the least recently left forgotten first. */
export class PlaceMemory {
  readonly #positions = new Map<string, number>()

  leave(place: LibraryPlace, scrollTop: number): void {
    const key = placeKey(place)
    this.#positions.delete(key)
    this.#positions.set(key, scrollTop)
    if (this.#positions.size > MAX_REMEMBERED) {
      const oldest = this.#positions.keys().next().value
      if (oldest !== undefined) this.#positions.delete(oldest)
    }
  }

  /** Where to show a place arrived at from `before`: a pixel offset. */
  arrive(before: LibraryPlace, after: LibraryPlace, scrollTop: number): number {
    const move = scrollOnMove(before, after)
    if (move === 'stay') return scrollTop
    return move === 'restore' ? (this.#positions.get(placeKey(after)) ?? 0) : 0
  }
}
