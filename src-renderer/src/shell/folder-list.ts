import type { FolderCount } from '../library/local-view'

/** How many folders the sidebar lists before it offers a filter and "Show all": an agency may have one per client. */
export const FOLDERS_BEFORE_FILTER = 8

/** What the sidebar's folder list shows for what was typed and chosen. */
export interface FolderListView {
  shown: FolderCount[]
  /** Whether there are enough folders to offer the filter field and the disclosure. */
  long: boolean
  /** Folders "Show all" would add (0 when everything is shown). */
  hidden: number
}

/**
 * The folders to list: all when there are few; else the typed filter's matches (case and accents
 * ignored), every folder once "Show all" is open, or the first eight plus the open folder, so
 * the folder being looked at never disappears from the sidebar.
 */
export function folderListView(folders: readonly FolderCount[], filter: string, showAll: boolean, current: string | null): FolderListView {
  const long = folders.length > FOLDERS_BEFORE_FILTER
  const wanted = fold(filter.trim())
  if (wanted !== '') return { shown: folders.filter((entry) => fold(entry.folder).includes(wanted)), long, hidden: 0 }
  if (!long || showAll) return { shown: [...folders], long, hidden: 0 }
  const shown = folders.slice(0, FOLDERS_BEFORE_FILTER)
  const open = current === null ? undefined : folders.find((entry) => entry.folder === current)
  if (open && !shown.includes(open)) shown.push(open)
  return { shown, long, hidden: folders.length - shown.length }
}

/** "Café" is found by "cafe": accents and case do not matter when filtering names. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase()
}
