import type { LinkState } from '../../../src-shared/domain/links'
import type { DocType } from '../../../src-shared/domain/service/item'
import { groupedCount } from '../format/count'
import { counted, t } from '../i18n/i18n'

/*
 * Every sentence of the Watched folders view (linked files and hot folders), catalog area
 * `watched`: what FlipDrop watches on this computer and what it does with it.
 */

export const WATCHED_WORDS = {
  get lead() { return t('watched.lead') },
  get show() { return t('watched.show') },

  get files() { return t('watched.files') },
  get noFiles() { return t('watched.noFiles') },
  get update() { return t('watched.update') },
  get updating() { return t('watched.updating') },
  lastUpdate: (when: string, size: string) => t('watched.lastUpdate', { when, size }),
  get notYet() { return t('watched.notYet') },
  state: {
    active: null,
    get paused() { return t('watched.state.paused') },
    get missing() { return t('watched.state.missing') },
    get 'item-gone'() { return t('watched.state.itemGone') }
  } satisfies Record<LinkState, string | null>,
  versions: (count: number) => counted('watched.versions', count),
  get restore() { return t('watched.restore') },
  restoreLabel: (when: string, name: string) => t('watched.restoreLabel', { when, name }),
  pages: (count: number) => counted('watched.pages', count),
  get unlink() { return t('watched.unlink') },
  unlinkLabel: (name: string) => t('watched.unlinkLabel', { name }),

  get folders() { return t('watched.folders') },
  get noFolders() { return t('watched.noFolders') },
  get folderActive() { return t('watched.folderActive') },
  kind: {
    get Flipbook() { return t('watched.kind.flipbook') },
    get Document() { return t('watched.kind.document') }
  } satisfies Record<DocType, string>,
  folderLast: (when: string, name: string) => t('watched.folderLast', { when, name }),
  get folderNothingYet() { return t('watched.folderNothingYet') },
  get folderMissing() { return t('watched.folderMissing') },
  get polling() { return t('watched.polling') },
  publishing: (count: number) => counted('watched.publishing', count),
  offered: (count: number) => counted('watched.offered', count),
  get publishOne() { return t('watched.publishOne') },
  publishOneLabel: (name: string) => t('watched.publishOneLabel', { name }),
  get ignore() { return t('watched.ignore') },
  ignoreLabel: (name: string) => t('watched.ignoreLabel', { name }),
  publishAll: (count: number) => t('watched.publishAll', { count: groupedCount(count) }),
  get remove() { return t('watched.remove') },
  removeLabel: (path: string) => t('watched.removeLabel', { path }),
  get addKind() { return t('watched.addKind') },
  get add() { return t('watched.add') },
  /** With several accounts signed in: a new hot folder publishes to the account in use. */
  addFor: (account: string) => t('watched.addFor', { account }),

  get keepHeading() { return t('watched.keepHeading') },
  get keepCopies() { return t('watched.keepCopies') },
  get keepCopiesHint() { return t('watched.keepCopiesHint') }
}
