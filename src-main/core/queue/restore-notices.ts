import type { Dropped } from '../storage/record-log'

/*
 * What each kind of loss means for the queue (see Dropped in record-log-types.ts):
 * - a torn tail is the one write a crash cut short. It was never confirmed, and every record
 *   before it reads back intact, so the rest is known to be as saved.
 * - a damaged or unreadable middle record was a confirmed change, and what it held cannot be
 *   read: any job may be affected (a job record is whole, but which one it was is unknown).
 * - a damaged snapshot takes everything it held: jobs untouched since it was written, the
 *   order, the queue's pause, and the record of what was published before.
 * "The rest is as saved" is said only when nothing else was lost.
 */

/** The restored queue, as far as the notices speak of it. */
export interface RestoredQueue {
  /** Whether the queue is paused after the restore. */
  paused: boolean
}

function plural(count: number, one: string, many: string): string {
  return count === 1 ? one : many
}

function snapshotNotice(onlyLoss: boolean, queue: RestoredQueue): string {
  return [
    'FlipDrop could not read the saved upload queue, so it rebuilt it from the most recent changes only: jobs that had not changed lately may be missing, the order of the jobs may differ, and a file published before may not be recognised as already published.',
    // The pause lived in the snapshot; a queue paused again since says so itself.
    queue.paused ? '' : 'If you had paused the queue, it is running again.',
    onlyLoss ? 'The jobs shown are as last saved.' : '',
    "The unreadable copy is kept in FlipDrop's data folder."
  ]
    .filter((sentence) => sentence !== '')
    .join(' ')
}

function damagedNotice(count: number): string {
  const records = plural(count, '1 saved change', `${count} saved changes`)
  return (
    `${records} to the upload queue could not be read back and ${plural(count, 'was', 'were')} left out. ` +
    `FlipDrop cannot tell which ${plural(count, 'job it was', 'jobs they were')} about: a job may show an earlier state, be missing, or be back after you removed it, ` +
    'and a file published before may not be recognised as already published. Check the queue before you upload again.'
  )
}

function tornNotice(onlyLoss: boolean): string {
  const rest = onlyLoss ? ' Everything saved before that is as it was.' : ''
  return `FlipDrop stopped while it was saving a change to the upload queue, so that change was not kept: a job added just then may be missing, one changed just then may show its earlier state, and one removed just then may be back.${rest}`
}

/**
 * The notices for what a restore of the queue had to leave out, in words for the person using
 * FlipDrop: each says what may be wrong, and none says more is intact than is known.
 */
export function describeDropped(dropped: readonly Dropped[], queue: RestoredQueue): string[] {
  const snapshot = dropped.some((entry) => entry.reason === 'snapshot')
  const damaged = dropped.filter((entry) => entry.reason === 'checksum' || entry.reason === 'unreadable').length
  const torn = dropped.some((entry) => entry.reason === 'torn')
  const kinds = [snapshot, damaged > 0, torn].filter(Boolean).length
  const notices: string[] = []
  if (snapshot) notices.push(snapshotNotice(kinds === 1, queue))
  if (damaged > 0) notices.push(damagedNotice(damaged))
  if (torn) notices.push(tornNotice(kinds === 1))
  return notices
}
