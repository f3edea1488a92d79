import type { DocType } from '../../../src-shared/domain/service/item'
import { groupedCount } from '../format/count'
import { counted, t } from '../i18n/i18n'
import { leftOf } from '../words/quota'

/*
 * Every word the publish view shows: catalog area `publish` (src-shared/i18n/window/publish).
 * Outcomes, not internals: no item IDs, no API field names. Constant words are getters, so a
 * language change re-renders them; a count is a plural message in the active language.
 */

/** Messages that name the kind, by kind: keys written out whole, so the catalog check finds them. */
const BY_KIND = {
  overlayAs: { Flipbook: 'publish.overlay.asFlipbook', Document: 'publish.overlay.asDocument' },
  planFullTitle: { Flipbook: 'publish.planFull.titleFlipbook', Document: 'publish.planFull.titleDocument' },
  planFullText: { Flipbook: 'publish.planFull.textFlipbook', Document: 'publish.planFull.textDocument' },
  waitingText: { Flipbook: 'publish.planFull.waitingTextFlipbook', Document: 'publish.planFull.waitingTextDocument' }
} satisfies Record<string, Record<DocType, string>>

export const toolbar = {
  get addPdfs() { return t('publish.toolbar.addPdfs') },
  get fromLink() { return t('publish.toolbar.fromLink') },
  get publishAs() { return t('publish.toolbar.publishAs') },
  get flipbook() { return t('publish.toolbar.flipbook') },
  get document() { return t('publish.toolbar.document') },
  get review() { return t('publish.toolbar.review') },
  get reviewHint() { return t('publish.toolbar.reviewHint') },
  /** One line on what Documents are, and where they are turned on. */
  get documentsOff() { return t('publish.toolbar.documentsOff') },
  get documentsWhere() { return t('publish.toolbar.documentsWhere') },
  get documentsDisabledTip() { return t('publish.toolbar.documentsDisabledTip') },
  checking: (files: number) => counted('publish.toolbar.checking', files)
}

export const overlay = {
  get held() { return t('publish.overlay.held') },
  get release() { return t('publish.overlay.release') },
  /** With several accounts signed in the headline names the account; the kind moves to its own line. */
  as: (docType: DocType, count: number) => counted(BY_KIND.overlayAs[docType], count)
}

/** The queue's account filter, shown while it holds work of several accounts. */
export const accountFilter = {
  get legend() { return t('publish.accountFilter.legend') },
  get all() { return t('publish.accountFilter.all') },
  /** What a screen reader hears for a choice: the account in full and its count. */
  choice: (label: string, count: number) => counted('publish.accountFilter.choice', count, { label }),
  count: (count: number) => groupedCount(count),
  /** The list is narrowed to one account and it has nothing in the queue. */
  none: (name: string) => t('publish.accountFilter.none', { name }),
  get showAll() { return t('publish.accountFilter.showAll') }
}

/** An address anyone recognizes as an example, in every language. */
const EXAMPLE_LINK = 'https://example.com/catalogue.pdf'

export const linkForm = {
  get label() { return t('publish.linkForm.label') },
  placeholder: EXAMPLE_LINK,
  get submit() { return t('publish.linkForm.submit') },
  get close() { return t('publish.linkForm.close') },
  get empty() { return t('publish.linkForm.empty', { example: EXAMPLE_LINK }) }
}

export const empty = {
  get firstTitle() { return t('publish.empty.firstTitle') },
  get title() { return t('publish.empty.title') },
  get text() { return t('publish.empty.text') },
  get promise() { return t('publish.empty.promise') }
}

export const planFull = {
  title: (docType: DocType) => t(BY_KIND.planFullTitle[docType]),
  text: (docType: DocType) => t(BY_KIND.planFullText[docType]),
  get upgrade() { return t('publish.planFull.upgrade') },
  get upgradeTip() { return t('publish.planFull.upgradeTip') },
  get asDocuments() { return t('publish.planFull.asDocuments') },
  documentsLeft: (left: number) => leftOf(left, 'document'),
  /** Files over the plan wait in the queue: the banner speaks of them. */
  waitingTitle: (count: number) => counted('publish.planFull.waitingTitle', count),
  waitingText: (docType: DocType, count: number) => counted(BY_KIND.waitingText[docType], count),
  /** "Publish these 3 as Documents": the waiting files, as many as the plan's documents allow. */
  waitingAsDocuments: (count: number) => counted('publish.planFull.waitingAsDocuments', count),
  left: (left: number) => leftOf(left)
}

/** What the batch published, by the one kind it published ("flipbooks"), or "items" when mixed. */
const PUBLISHED_KEY: Record<DocType | 'mixed', string> = {
  Flipbook: 'publish.batch.publishedFlipbooks',
  Document: 'publish.batch.publishedDocuments',
  mixed: 'publish.batch.publishedItems'
}

export const batch = {
  publishing: (position: number, total: number) =>
    t('publish.batch.publishing', { position: groupedCount(position), total: groupedCount(total) }),
  timeLeft: (duration: string) => t('publish.batch.timeLeft', { duration }),
  waiting: (done: number, total: number) => t('publish.batch.waiting', { done: groupedCount(done), total: groupedCount(total) }),
  paused: (done: number, total: number) => t('publish.batch.paused', { done: groupedCount(done), total: groupedCount(total) }),
  held: (held: number) => counted('publish.batch.held', held),
  published: (count: number, kind: DocType | 'mixed') => counted(PUBLISHED_KEY[kind], count),
  updated: (count: number) => counted('publish.batch.updated', count),
  failed: (count: number) => counted('publish.batch.failed', count),
  cancelled: (count: number) => counted('publish.batch.cancelled', count),
  get nothingPublished() { return t('publish.batch.nothingPublished') },
  get barLabel() { return t('publish.batch.barLabel') },
  get copyAll() { return t('publish.batch.copyAll') },
  get shareAll() { return t('publish.batch.shareAll') },
  get exportCsv() { return t('publish.batch.exportCsv') },
  get clearFinished() { return t('publish.batch.clearFinished') },
  get pauseAll() { return t('publish.batch.pauseAll') },
  get resumeAll() { return t('publish.batch.resumeAll') },
  /** Publishes every upload held for review. */
  startHeld: (count: number) => t('publish.batch.startHeld', { count: groupedCount(count) }),
  linksCopied: (count: number) => counted('publish.batch.linksCopied', count),
  /** What "Copy all links" says for a moment after it copied. */
  copiedLinks: (count: number) => counted('publish.batch.copiedLinks', count),
  exported: (rows: number, fileName: string) => counted('publish.batch.exported', rows, { file: fileName })
}

export const queueWords = {
  get label() { return t('publish.queue.label') },
  get keys() { return t('publish.queue.keys') },
  /** Said once, above the first upload that waits only for those before it. */
  get inLine() { return t('publish.queue.inLine') }
}

export const row = {
  get waiting() { return t('publish.row.waiting') },
  get waitingForRoom() { return t('publish.row.waitingForRoom') },
  publishing: (percent: number | null) =>
    percent === null ? t('publish.row.publishing') : t('publish.row.publishingPercent', { percent: groupedCount(percent) }),
  /** A sending row's bar, to a screen reader: which upload it is. */
  publishingOf: (name: string) => t('publish.row.publishingOf', { name }),
  get published() { return t('publish.row.published') },
  get updated() { return t('publish.row.updated') },
  get paused() { return t('publish.row.paused') },
  get failed() { return t('publish.row.failed') },
  get cancelled() { return t('publish.row.cancelled') },
  /** Lines under the name, by what the job is waiting for or how it ended. */
  get noRoom() { return t('publish.row.noRoom') },
  get checking() { return t('publish.row.checking') },
  get starting() { return t('publish.row.starting') },
  get sent() { return t('publish.row.sent') },
  undoWindow: (seconds: number) => t('publish.row.undoWindow', { seconds: groupedCount(seconds) }),
  get pausedLine() { return t('publish.row.pausedLine') },
  get confirmReplace() { return t('publish.row.confirmReplace') },
  get cancelledLine() { return t('publish.row.cancelledLine') },
  get failedFallback() { return t('publish.row.failedFallback') },
  get replaces() { return t('publish.row.replaces') },
  get document() { return t('publish.row.document') },
  pages: (count: number) => counted('publish.row.pages', count),
  /** An item's updates folded into its row: "Updated 2× · last 14:06". */
  updates: (count: number, time: string) => t('publish.row.updates', { count: groupedCount(count), time }),
  /** The row's item follows its file ("Update when the file changes" is on). */
  get follows() { return t('publish.row.follows') },
  progress: (sent: string, total: string) => t('publish.row.progress', { sent, total })
}

/** Row actions: visible words, and the accessible names that say which upload. */
export const actions = {
  get copyLink() { return t('publish.actions.copyLink') },
  copyLinkOf: (name: string) => t('publish.actions.copyLinkOf', { name }),
  get retry() { return t('publish.actions.retry') },
  retryOf: (name: string) => t('publish.actions.retryOf', { name }),
  get publishAsNew() { return t('publish.actions.publishAsNew') },
  publishAsNewOf: (name: string) => t('publish.actions.publishAsNewOf', { name }),
  get keepFound() { return t('publish.actions.keepFound') },
  keepFoundOf: (name: string) => t('publish.actions.keepFoundOf', { name }),
  get publishAgain() { return t('publish.actions.publishAgain') },
  publishAgainOf: (name: string) => t('publish.actions.publishAgainOf', { name }),
  /** A row held for review ("Review before publishing"): publish it now. */
  get publishHeld() { return t('publish.actions.publishHeld') },
  publishHeldOf: (name: string) => t('publish.actions.publishHeldOf', { name }),
  get resume() { return t('publish.actions.resume') },
  resumeOf: (name: string) => t('publish.actions.resumeOf', { name }),
  get review() { return t('publish.actions.review') },
  reviewOf: (name: string) => t('publish.actions.reviewOf', { name }),
  get undo() { return t('publish.actions.undo') },
  undoOf: (name: string) => t('publish.actions.undoOf', { name }),
  get more() { return t('publish.actions.more') },
  moreOf: (name: string) => t('publish.actions.moreOf', { name }),
  get open() { return t('publish.actions.open') },
  get share() { return t('publish.actions.share') },
  get edit() { return t('publish.actions.edit') },
  get pause() { return t('publish.actions.pause') },
  get moveUp() { return t('publish.actions.moveUp') },
  get moveDown() { return t('publish.actions.moveDown') },
  get cancel() { return t('publish.actions.cancel') },
  get showHistory() { return t('publish.actions.showHistory') },
  historyOf: (name: string) => t('publish.actions.historyOf', { name }),
  get hideHistory() { return t('publish.actions.hideHistory') },
  get remove() { return t('publish.actions.remove') },
  get dragTip() { return t('publish.actions.dragTip') },
  /** What a copy button says for a moment after it copied. */
  get copied() { return t('publish.actions.copied') },
  get linkCopied() { return t('publish.actions.linkCopied') }
}

/** A job added before FlipDrop kept accounts apart, whose account nothing names: the row asks. */
export const chooseAccount = {
  get question() { return t('publish.chooseAccount.question') },
  publishTo: (account: string) => t('publish.chooseAccount.publishTo', { account }),
  publishToOf: (name: string, account: string) => t('publish.chooseAccount.publishToOf', { name, account }),
  get signInFirst() { return t('publish.chooseAccount.signInFirst') }
}

export const keepUpdated = {
  get label() { return t('publish.keepUpdated.label') },
  get tip() { return t('publish.keepUpdated.tip') },
  on: (name: string) => t('publish.keepUpdated.on', { name }),
  off: (name: string) => t('publish.keepUpdated.off', { name })
}

/** A held row's own name and title fields. */
export const review = { fieldsOf: (name: string) => t('publish.review.fieldsOf', { name }) }

export const editor = {
  get name() { return t('publish.editor.name') },
  get title() { return t('publish.editor.title') },
  get titleHint() { return t('publish.editor.titleHint') },
  get save() { return t('publish.editor.save') },
  get cancel() { return t('publish.editor.cancel') }
}

export const sameContent = {
  get title() { return t('publish.sameContent.title') },
  tableTitle: (files: number) => counted('publish.sameContent.tableTitle', files),
  one: (file: string, name: string) => t('publish.sameContent.one', { file, name }),
  moreCopies: (count: number) => counted('publish.sameContent.moreCopies', count),
  get replaceHint() { return t('publish.sameContent.replaceHint') },
  replace: (name: string) => t('publish.sameContent.replace', { name }),
  get publishNew() { return t('publish.sameContent.publishNew') },
  get skip() { return t('publish.sameContent.skip') },
  get forAll() { return t('publish.sameContent.forAll') },
  columns: {
    get file() { return t('publish.sameContent.columns.file') },
    get existing() { return t('publish.sameContent.columns.existing') },
    get choice() { return t('publish.sameContent.columns.choice') }
  },
  get choose() { return t('publish.sameContent.choose') },
  options: {
    get replace() { return t('publish.sameContent.options.replace') },
    get new() { return t('publish.sameContent.options.new') },
    get skip() { return t('publish.sameContent.options.skip') }
  },
  choiceOf: (file: string) => t('publish.sameContent.choiceOf', { file }),
  get apply() { return t('publish.sameContent.apply') },
  left: (files: number) => counted('publish.sameContent.left', files),
  get nothingLeft() { return t('publish.sameContent.nothingLeft') }
}

export const notices = {
  skipped: (count: number) => counted('publish.notices.skipped', count),
  /** Refused by the plan (too large for it), listed apart from files skipped for what they are. */
  overPlan: (count: number) => counted('publish.notices.overPlan', count),
  waitForRoom: (count: number) => counted('publish.notices.waitForRoom', count),
  get dismiss() { return t('publish.notices.dismiss') },
  /** A group's close button, to a screen reader: which group it dismisses. */
  dismissGroup: (title: string) => t('publish.notices.dismissGroup', { title }),
  added: (count: number) => counted('publish.notices.added', count),
  refused: (count: number) => counted('publish.notices.refused', count),
  asked: (count: number) => counted('publish.notices.asked', count)
}

export const replaceFlow = {
  starting: (names: string[]) =>
    names.length === 1 ? t('publish.replaceFlow.startingOne', { name: names[0] ?? '' }) : counted('publish.replaceFlow.starting', names.length),
  undone: (count: number) => (count === 1 ? t('publish.replaceFlow.undoneOne') : counted('publish.replaceFlow.undone', count)),
  get kept() { return t('publish.replaceFlow.kept') },
  partlyUndone: (reason: string) => t('publish.replaceFlow.partlyUndone', { reason })
}
