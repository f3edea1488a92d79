import { FINISHED_STATES, type JobState, type WaitReason } from './queue'

/*
 * Which jobs are "uploads running": those sending now, or that will send without the designer
 * doing anything. The one rule behind the quit question, "Restart to update", and whether
 * FlipDrop stays in the tray without a window; a job that waits for the designer (to sign in,
 * to answer a question) or is paused stops nothing by quitting or restarting.
 */

/**
 * What ends each wait. Every reason must be listed, so a new one is decided here: time or the
 * network end it by itself; a sign-in (or a new key after a refused one) needs the designer.
 */
const WAIT_ENDS: Record<WaitReason, 'by-itself' | 'designer'> = {
  offline: 'by-itself',
  'rate-limited': 'by-itself',
  identifying: 'by-itself',
  retry: 'by-itself',
  'undo-window': 'by-itself',
  'signed-out': 'designer',
  'other-account': 'designer',
  'key-refused': 'designer',
  // Added before FlipDrop kept accounts apart, and nothing names its account: the designer chooses.
  unbound: 'designer',
  // Space freed or the folder made writable again: the designer's doing, and quitting loses nothing.
  'cannot-save': 'designer',
  // Room comes back when the designer deletes an item or upgrades: quitting loses nothing (it waits on disk).
  'no-room': 'designer'
}

/** The parts of a job (a JobView, or the desktop's copy of one) the rule reads. */
export interface JobRunFacts {
  state: JobState
  paused: boolean
  waiting: { reason: WaitReason } | null
}

/** Whether the job runs now or will by itself: not finished, not paused, not waiting for the designer. */
export function runsByItself(job: JobRunFacts): boolean {
  if (FINISHED_STATES.includes(job.state) || job.paused) return false
  return job.waiting === null || WAIT_ENDS[job.waiting.reason] === 'by-itself'
}
