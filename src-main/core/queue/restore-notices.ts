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

function listed(names: readonly string[]): string {
  const shown = names.slice(0, NAMES_SHOWN).join(', ')
  const more = names.length - NAMES_SHOWN
  return more > 0 ? `${shown} and ${more} more` : shown
}

const RECOVERED_NOTICE =
  "FlipDrop could not read the saved upload queue, so it rebuilt it from its earlier copy and every change saved since: nothing was lost. The unreadable copy is kept in FlipDrop's data folder."


function plural(count: number, one: string, many: string): string {
  return count === 1 ? one : many
}

function snapshotNotice(onlyLoss: boolean, queue: RestoredQueue): string {
  const lost = queue.lost ?? []
  return [
    'FlipDrop could not read the saved upload queue, so it rebuilt it from the most recent changes only: jobs that had not changed lately may be missing, and the order of the jobs may differ.',
    lost.length > 0
      ? `Not published yet and not restored: ${listed(lost)}. Add ${lost.length === 1 ? 'it' : 'them'} again; what was already published is still recognised.`
      : '',
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
    `FlipDrop cannot tell which ${plural(count, 'job it was', 'jobs they were')} about: a job may show an earlier state, be missing, or be back after you removed it. ` +
    'Check the queue before you upload again; what was already published is still recognised.'
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
  if (queue.recovered === true) notices.push(RECOVERED_NOTICE)
  if (snapshot) notices.push(snapshotNotice(kinds === 1, queue))
  if (damaged > 0) notices.push(damagedNotice(damaged))
  if (torn) notices.push(tornNotice(kinds === 1))
  return notices
}
