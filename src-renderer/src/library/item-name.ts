import type { LibraryItem } from '../../../src-shared/domain/library'
import { LIBRARY_WORDS } from './words'

/** What an item is called wherever the library names it: its name, else its title, else "Untitled" (never its number). */
export function itemName(item: Pick<LibraryItem, 'name' | 'title'>): string {
  return item.name?.trim() || item.title?.trim() || LIBRARY_WORDS.untitled
}
