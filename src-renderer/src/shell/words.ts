import type { View } from '../../../src-shared/domain/views'
import { groupedCount } from '../format/count'
import { t } from '../i18n/i18n'

/*
 * Every word of the window's frame (sidebar, skip link, shortcuts, toasts) and the words every
 * area shares: catalog area `shell`. Outcomes, not internals.
 */

export const SHELL_WORDS = {
  get mainNav() { return t('shell.mainNav') },
  get skipToAdd() { return t('shell.skipToAdd') },
  get skipToContent() { return t('shell.skipToContent') },
  get folders() { return t('shell.folders') },
  get foldersList() { return t('shell.foldersList') },
  get filterFolders() { return t('shell.filterFolders') },
  noFolderMatches: (text: string) => t('shell.noFolderMatches', { text }),
  showAll: (count: number) => t('shell.showAll', { count: groupedCount(count) }, count),
  get showFewer() { return t('shell.showFewer') },
  /** A folder's name with its count, for the tooltip of a cut name and for screen readers. */
  folderTitle: (name: string, count: number) => t('shell.folderTitle', { name, count: groupedCount(count) }, count),
  inProgress: (count: number) => t('shell.inProgress', { count: groupedCount(count) }, count),
  libraryCount: (count: number) => t('shell.libraryCount', { count: groupedCount(count) }, count),
  get toasts() { return t('shell.toasts') },
  /** Seconds left to act, after a toast's action ("Undo (8 s)"). */
  secondsLeft: (seconds: number) => t('shell.secondsLeft', { seconds: groupedCount(seconds) })
}

/** A view's name, as the sidebar and the view's heading say it. */
export function viewTitle(view: View): string {
  if (view === 'publish') return t('shell.views.publish')
  if (view === 'library') return t('shell.views.library')
  if (view === 'watched') return t('shell.views.watched')
  return view === 'account' ? t('shell.views.account') : t('shell.views.settings')
}

/** A name with a detail after it: "Library · 12 items", "Folders · Clients". */
export function withDetail(label: string, detail: string): string {
  return t('shell.withDetail', { label, detail })
}

/** A button's tooltip with its shortcut: "Add PDFs… (Ctrl+O)". */
export function withShortcut(label: string, shortcut: string): string {
  return t('shell.withShortcut', { label, shortcut })
}
