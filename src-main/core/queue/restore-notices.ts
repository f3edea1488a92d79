import type { Sentence } from '../../../src-shared/i18n/said'
import { noticeOf, type Notice } from '../i18n/notice'
import { sentence } from '../i18n/sentence'
import type { Dropped } from '../storage/record-log'

/*
 * What each kind of loss means for the queue (see Dropped in record-log-types.ts):
 * - a torn tail is the one write a crash cut short. It was never confirmed, and every record
 *   before it reads back intact, so the rest is known to be as saved.
 * - a damaged or unreadable middle record was a confirmed change, and what it held cannot be
 *   read: any job may be affected (a job record is whole, but which one it was is unknown).
 * - a damaged snapshot is rebuilt from the previous one and the journals since it, losing
 *   nothing; only without those does it take what it held: jobs untouched since it was
 *   written (named, as far as its damaged text still names them), the order and the pause.
 * The record of what was published lives apart from the queue, so no loss here touches it.
 * "The rest is as saved" is said only when nothing else was lost.
 */

/** The restored queue, as far as the notices speak of it. */
export interface RestoredQueue {
  /** Whether the queue is paused after the restore. */
  paused: boolean
  /** A damaged snapshot was rebuilt whole from the previous one and the changes since. */
  recovered?: boolean
  /** Files and links of unfinished jobs a damaged snapshot held that could not be restored. */
  lost?: readonly string[]
}

/** At most this many names are listed; the rest are counted. */
const NAMES_SHOWN = 10

function notRestored(lost: readonly string[]): Sentence {
  const names = lost.slice(0, NAMES_SHOWN).join(', ')
  const more = lost.length - NAMES_SHOWN
  return more > 0 ? sentence('coreQueue.notices.notRestoredMore', { names, more }) : sentence('coreQueue.notices.notRestored', { names }, lost.length)
}

function snapshotNotice(onlyLoss: boolean, queue: RestoredQueue): Notice {
  const lost = queue.lost ?? []
  return noticeOf(
    sentence('coreQueue.notices.rebuiltFromRecent'),
    ...(lost.length > 0 ? [notRestored(lost)] : []),
    // The pause lived in the snapshot; a queue paused again since says so itself.
    ...(queue.paused ? [] : [sentence('coreQueue.notices.runningAgain')]),
    ...(onlyLoss ? [sentence('coreQueue.notices.asLastSaved')] : []),
    sentence('coreQueue.notices.unreadableKept')
  )
}

function tornNotice(onlyLoss: boolean): Notice {
  return noticeOf(sentence('coreQueue.notices.torn'), ...(onlyLoss ? [sentence('coreQueue.notices.restAsItWas')] : []))
}

/**
 * The notices for what a restore of the queue had to leave out, in words for the person using
 * FlipDrop: each says what may be wrong, and none says more is intact than is known.
 */
export function describeDropped(dropped: readonly Dropped[], queue: RestoredQueue): Notice[] {
  const snapshot = dropped.some((entry) => entry.reason === 'snapshot')
  const damaged = dropped.filter((entry) => entry.reason === 'checksum' || entry.reason === 'unreadable').length
  const torn = dropped.some((entry) => entry.reason === 'torn')
  const kinds = [snapshot, damaged > 0, torn].filter(Boolean).length
  const notices: Notice[] = []
  if (queue.recovered === true) notices.push(noticeOf(sentence('coreQueue.notices.recovered')))
  if (snapshot) notices.push(snapshotNotice(kinds === 1, queue))
  if (damaged > 0) notices.push(noticeOf(sentence('coreQueue.notices.damaged', { count: damaged }, damaged)))
  if (torn) notices.push(tornNotice(kinds === 1))
  return notices
}
