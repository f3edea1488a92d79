import { groupedCount } from '../format/count'
import { countOf, NOUNS } from '../words/plural'

/*
 * Every word of the window's frame (sidebar, skip link, shortcuts), in one place for the next
 * copy pass. Outcomes, not internals.
 */

export const SHELL_WORDS = {
  skipToAdd: 'Skip to Add PDFs',
  skipToContent: 'Skip to main content',
  folders: 'Folders',
  foldersList: 'Library folders',
  filterFolders: 'Filter folders',
  noFolderMatches: (text: string) => `No folder matches “${text}”`,
  showAll: (count: number) => `Show all ${groupedCount(count)}`,
  showFewer: 'Show fewer',
  /** A folder's name with its count, for the tooltip of a cut name and for screen readers. */
  folderTitle: (name: string, count: number) => `${name} · ${countOf(count, NOUNS.item)}`,
  inProgress: (count: number) => `${groupedCount(count)} in progress`,
  libraryCount: (count: number) => countOf(count, NOUNS.item)
}

/** A button's tooltip with its shortcut: "Add PDFs… (Ctrl+O)". */
export function withShortcut(label: string, shortcut: string): string {
  return `${label} (${shortcut})`
}
