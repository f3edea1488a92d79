import type { DocType } from '../../../src-shared/domain/service/item'
import { groupedCount } from '../format/count'
import { countOf, NOUNS, type NounForms } from '../words/plural'
import { leftOf } from '../words/quota'

/*
 * Every word the publish view shows, in one place for the next copy pass. Outcomes, not
 * internals: no item IDs, no API field names. Counted nouns go through words/plural.ts.
 */

/** The noun of a kind: "flipbook" / "flipbooks", "document" / "documents". */
export const KIND_NOUN: Record<DocType, NounForms> = { Flipbook: NOUNS.flipbook, Document: NOUNS.document }

export const toolbar = {
  addPdfs: 'Add PDFs…',
  fromLink: 'Publish from link…',
  publishAs: 'Publish as',
  flipbook: 'Flipbook',
  document: 'Document',
  review: 'Review before publishing',
  reviewHint: 'New PDFs wait, paused, so you can check their names before anything is published.',
  /** One line on what Documents are, and where they are turned on. */
  documentsOff: 'Documents publish a PDF as a plain document rather than a page-turning flipbook.',
  documentsWhere: 'Turn them on in Settings',
  documentsDisabledTip: 'Documents need a document address: add it in Settings.',
  checking: (files: number) => `Checking ${countOf(files, NOUNS.file)}…`
}

export const overlay = {
  held: 'They wait, paused, for you to check their names.',
  release: 'Release to add them to the queue.',
  /** With several accounts signed in the headline names the account; the kind moves to its own line. */
  as: (docType: DocType, count: number) => `As ${count === 1 ? `a ${KIND_NOUN[docType].one}` : KIND_NOUN[docType].other}.`
}

/** The queue's account filter, shown while it holds work of several accounts. */
export const accountFilter = {
  legend: 'Show uploads of',
  all: 'All accounts',
  /** What a screen reader hears for a choice: the account in full and its count. */
  choice: (label: string, count: number) => `${label}, ${countOf(count, NOUNS.upload)}`,
  count: (count: number) => groupedCount(count),
  /** The list is narrowed to one account and it has nothing in the queue. */
  none: (name: string) => `Nothing in the queue for ${name}.`,
  showAll: 'Show all accounts'
}

export const linkForm = {
  label: 'Link to a PDF',
  placeholder: 'https://example.com/catalogue.pdf',
  submit: 'Publish',
  close: 'Close',
  empty: 'Paste the address of a PDF on the web, like https://example.com/catalogue.pdf.'
}

export const empty = {
  firstTitle: 'Publish your first PDF',
  title: 'Nothing waiting to publish',
  text: 'Drop PDFs anywhere in this window, add them from your computer, or paste a link to a PDF.',
  promise: 'Uploads wait safely through restarts and lost connections, and nothing is published twice.'
}

export const planFull = {
  title: (docType: DocType) => `Your plan has no ${KIND_NOUN[docType].other} left`,
  text: (docType: DocType) => `New ${KIND_NOUN[docType].other} can’t be published until you upgrade or delete some.`,
  upgrade: 'Upgrade your plan',
  upgradeTip: 'Opens your account on the service’s website',
  asDocuments: 'Publish as Documents instead',
  documentsLeft: (left: number) => leftOf(left, NOUNS.document),
  /** Files over the plan wait in the queue: the banner speaks of them. */
  waitingTitle: (count: number) => `${countOf(count, NOUNS.file)} waiting for room in your plan`,
  waitingText: (docType: DocType, count: number) =>
    `${count === 1 ? 'It is published by itself' : 'They are published by themselves, in order,'} once your plan has room: delete some ${KIND_NOUN[docType].other} or upgrade.`,
  /** "Publish these 3 as Documents": the waiting files, as many as the plan's documents allow. */
  waitingAsDocuments: (count: number) => (count === 1 ? 'Publish it as a Document' : `Publish these ${groupedCount(count)} as Documents`),
  left: (left: number) => leftOf(left)
}

export const batch = {
  publishing: (position: number, total: number) => `Publishing ${groupedCount(position)} of ${groupedCount(total)}`,
  timeLeft: (duration: string) => `${duration} left`,
  waiting: (done: number, total: number) => `Waiting · ${groupedCount(done)} of ${groupedCount(total)} done`,
  paused: (done: number, total: number) => `Paused · ${groupedCount(done)} of ${groupedCount(total)} done`,
  held: (held: number) => `${countOf(held, NOUNS.upload)} waiting for you`,
  published: (count: number, noun: NounForms) => `${countOf(count, noun)} published`,
  updated: (count: number) => `${countOf(count, NOUNS.item)} updated (same links)`,
  failed: (count: number) => `${groupedCount(count)} failed`,
  cancelled: (count: number) => `${count} cancelled`,
  nothingPublished: 'Nothing was published',
  barLabel: 'Progress of this batch',
  copyAll: 'Copy all links',
  shareAll: 'Share all…',
  exportCsv: 'Export CSV…',
  clearFinished: 'Clear finished',
  pauseAll: 'Pause all',
  resumeAll: 'Resume all',
  /** Publishes every upload held for review. */
  startHeld: (count: number) => `Publish all (${count})`,
  linksCopied: (count: number) => `Copied ${countOf(count, NOUNS.link)}, one per line.`,
  /** What "Copy all links" says for a moment after it copied. */
  copiedLinks: (count: number) => `Copied ${countOf(count, NOUNS.link)}`,
  exported: (rows: number, fileName: string) => `Saved ${countOf(rows, NOUNS.link)} to “${fileName}”.`
}

export const queueWords = {
  label: 'Upload queue',
  keys: 'Arrow keys move between uploads; Alt+Up and Alt+Down change the order of those waiting.',
  /** Said once, above the first upload that waits only for those before it. */
  inLine: 'Next in line — each starts when the ones above are done.'
}

export const row = {
  waiting: 'Waiting',
  waitingForRoom: 'Waiting for room',
  publishing: (percent: number | null) => (percent === null ? 'Publishing' : `Publishing ${percent} %`),
  published: 'Published',
  updated: 'Updated',
  paused: 'Paused',
  failed: 'Failed',
  cancelled: 'Cancelled',
  /** Lines under the name, by what the job is waiting for or how it ended. */
  noRoom: 'Goes on by itself once your plan has room.',
  checking: 'Sent — checking that the service made it.',
  starting: 'Starting…',
  sent: 'Sent — the service is making it.',
  undoWindow: (seconds: number) => `Starts in ${seconds} s — you can still undo it.`,
  pausedLine: 'Paused — resume it when you’re ready.',
  confirmReplace: 'Waiting for you to confirm the new PDF.',
  cancelledLine: 'Cancelled — nothing more is sent.',
  failedFallback: 'It could not be published.',
  replaces: 'New PDF, same link',
  document: 'Document',
  pages: (count: number) => countOf(count, NOUNS.page),
  /** An item's updates folded into its row: "Updated 2× · last 14:06". */
  updates: (count: number, time: string) => `Updated ${count}× · last ${time}`,
  /** The row's item follows its file ("Update when the file changes" is on). */
  follows: 'Updates when its file changes',
  progress: (sent: string, total: string) => `${sent} of ${total}`
}

/** Row actions: visible words, and the accessible names that say which upload. */
export const actions = {
  copyLink: 'Copy link',
  copyLinkOf: (name: string) => `Copy link of ${name}`,
  retry: 'Retry',
  retryOf: (name: string) => `Retry ${name}`,
  publishAsNew: 'Publish as new',
  publishAsNewOf: (name: string) => `Publish ${name} as a new item`,
  keepFound: 'Keep it',
  keepFoundOf: (name: string) => `Keep the item found as the upload of ${name}`,
  publishAgain: 'Publish again',
  publishAgainOf: (name: string) => `Publish ${name} again as a new item`,
  /** A row held for review ("Review before publishing"): publish it now. */
  publishHeld: 'Publish',
  publishHeldOf: (name: string) => `Publish ${name}`,
  resume: 'Resume',
  resumeOf: (name: string) => `Resume ${name}`,
  review: 'Review…',
  reviewOf: (name: string) => `Review the new PDF of ${name}`,
  undo: 'Undo',
  undoOf: (name: string) => `Undo the replacement of ${name}`,
  more: 'More actions',
  moreOf: (name: string) => `More actions for ${name}`,
  open: 'Open in browser',
  share: 'Share…',
  edit: 'Edit name and title…',
  pause: 'Pause',
  moveUp: 'Move up',
  moveDown: 'Move down',
  cancel: 'Cancel upload',
  showHistory: 'Show history',
  historyOf: (name: string) => `History of ${name}`,
  hideHistory: 'Hide history',
  remove: 'Remove from list',
  dragTip: 'Drag to reorder (or Alt+Up / Alt+Down)',
  /** What a copy button says for a moment after it copied. */
  copied: 'Copied',
  linkCopied: 'Link copied.'
}

/** A job added before FlipDrop kept accounts apart, whose account nothing names: the row asks. */
export const chooseAccount = {
  question: 'Added before FlipDrop kept accounts apart: publish to which account?',
  publishTo: (account: string) => `Publish to ${account}`,
  publishToOf: (name: string, account: string) => `Publish ${name} to ${account}`,
  signInFirst: 'Sign in to the account it belongs to, then choose it here.'
}

export const keepUpdated = {
  label: 'Update when the file changes',
  tip: 'Saving this PDF again publishes the new version at the same link.',
  on: (name: string) => `“${name}” now updates when its file changes.`,
  off: (name: string) => `“${name}” no longer follows its file.`
}

/** A held row's own name and title fields. */
export const review = { fieldsOf: (name: string) => `Name and title of ${name}` }

export const editor = { name: 'Name', title: 'Title', titleHint: 'Readers see the title; the name is how you find it in your library.', save: 'Save', cancel: 'Cancel' }

export const sameContent = {
  title: 'Already published',
  tableTitle: (files: number) => `Already published · ${countOf(files, NOUNS.file)}`,
  one: (file: string, name: string) => `${file} is already published as “${name}”.`,
  moreCopies: (count: number) => `(and ${countOf(count, NOUNS.copy)} more)`,
  replaceHint: 'Replacing keeps its link: readers see the new PDF at the same address.',
  replace: (name: string) => `Replace “${name}”…`,
  publishNew: 'Publish as new',
  skip: 'Skip',
  forAll: 'For all files',
  columns: { file: 'File', existing: 'Published as', choice: 'What to do' },
  choose: 'Choose…',
  options: { replace: 'Replace (same link)', new: 'Publish as new', skip: 'Skip' },
  choiceOf: (file: string) => `What to do with ${file}`,
  apply: 'Continue',
  left: (files: number) => `${countOf(files, NOUNS.file)} without a choice yet: choose for each, or for all at the top.`,
  nothingLeft: 'Choose what to do for every file.'
}

export const notices = {
  skipped: (count: number) => `Skipped ${countOf(count, NOUNS.file)}`,
  /** Refused by the plan (too large for it), listed apart from files skipped for what they are. */
  overPlan: (count: number) => `Over your plan’s limits · ${countOf(count, NOUNS.file)}`,
  waitForRoom: (count: number) => `${count} waiting for room in your plan.`,
  dismiss: 'Dismiss',
  added: (count: number) => `${countOf(count, NOUNS.file)} added to the queue.`,
  refused: (count: number) => `${count} skipped.`,
  asked: (count: number) => `${count} already published: choose what to do.`
}

export const replaceFlow = {
  starting: (names: string[]) =>
    names.length === 1 ? `Replacing “${names[0] ?? ''}” in a moment.` : `Replacing ${countOf(names.length, NOUNS.item)} in a moment.`,
  undone: (count: number) => (count === 1 ? 'Replacement undone — nothing was sent.' : `${countOf(count, NOUNS.item)} left as they were — nothing was sent.`),
  kept: 'Nothing was replaced.',
  partlyUndone: (reason: string) => `Some had already started: ${reason}`
}
