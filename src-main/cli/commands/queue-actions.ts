import { FINISHED_STATES, type JobView } from '../../../src-shared/domain/queue'
import type { CliContext } from '../cli-context'
import type { OptionValues } from '../command'
import { findJob } from '../job-ids'
import { toRecordOut, type JobRecordOut } from '../output/job-lines'
import { unwrap, type QueueSession } from '../queue-session'
import { asksLookalike, hasAnswers, QUESTION_OPTIONS, retryWouldDuplicate, runAnswers } from './queue-questions'

/** The flags that act on jobs by ID (each may be given more than once). */
export const ACTION_OPTIONS = {
  cancel: { type: 'string', multiple: true },
  remove: { type: 'string', multiple: true },
  pause: { type: 'string', multiple: true },
  resume: { type: 'string', multiple: true },
  retry: { type: 'string', multiple: true },
  'retry-failed': { type: 'boolean' },
  'clear-finished': { type: 'boolean' },
  ...QUESTION_OPTIONS
} as const

const ACTIONS = ['cancel', 'remove', 'pause', 'resume', 'retry'] as const
type Action = (typeof ACTIONS)[number]

function idsOf(values: OptionValues, action: Action): string[] {
  const given = values[action]
  return Array.isArray(given) ? given.filter((value): value is string => typeof value === 'string') : []
}

/** Whether any flag acts on the queue (else the command lists it). */
export function hasActions(values: OptionValues): boolean {
  return ACTIONS.some((action) => idsOf(values, action).length > 0) || values['retry-failed'] === true || values['clear-finished'] === true || hasAnswers(values)
}

/** What the actions did: a record per job acted on, and the jobs whose question was answered (--wait follows them to the end). */
export interface Acted {
  records: JobRecordOut[]
  answered: string[]
}

/** A job taken out of the queue, as its record: `removed`, and why. */
function removedNow(job: JobView, path: string | null, message: string, code: string): JobRecordOut {
  return { ...toRecordOut(job, path), state: 'removed', code, message }
}

/**
 * Runs the actions in a fixed order (cancel, remove, pause, resume, retry, the answers --keep,
 * --publish-again and --assign, then --retry-failed
 * and --clear-finished), each ID resolved against the queue as it is then, and returns a
 * record per job acted on, as it is after the action. With `scope` (one account's jobs, for
 * --account), only those jobs are looked at: another account's job is not one of these.
 */
export async function runActions(session: QueueSession, ctx: CliContext, values: OptionValues, scope?: (job: JobView) => boolean): Promise<Acted> {
  const done: JobRecordOut[] = []
  const current = async (): Promise<JobView[]> => (await unwrap(session.uploads.list())).jobs.filter((job) => scope?.(job) ?? true)
  const after = (job: JobView): JobRecordOut => toRecordOut(job, session.pathOf(job.id))
  for (const action of ACTIONS) {
    for (const given of idsOf(values, action)) {
      const job = findJob(await current(), given)
      const jobId = job.id
      if (action === 'cancel') done.push(after(await unwrap(session.uploads.cancel({ jobId }))))
      else if (action === 'retry') {
        if (asksLookalike(job)) throw retryWouldDuplicate(given)
        done.push(after(await unwrap(session.uploads.retry({ jobId }))))
      }
      else if (action === 'remove') {
        const path = session.pathOf(jobId)
        await unwrap(session.uploads.remove({ jobId }))
        done.push(removedNow(job, path, 'Removed from the queue.', 'removed'))
      } else {
        const view = await unwrap(action === 'pause' ? session.uploads.pause({ jobId }) : session.uploads.resume({ jobId }))
        const changed = view.jobs.find((candidate) => candidate.id === jobId)
        if (changed) done.push(after(changed))
      }
    }
  }
  const answered = await runAnswers(session, ctx, values, current)
  done.push(...answered.map(after))
  if (values['retry-failed'] === true) {
    for (const job of (await current()).filter((candidate) => candidate.state === 'failed')) {
      // A job whose found item waits for a choice is not retried (that could publish it twice): its line says what to run.
      done.push(after(asksLookalike(job) ? job : await unwrap(session.uploads.retry({ jobId: job.id }))))
    }
  }
  if (values['clear-finished'] === true) done.push(...(await clearFinished(session, await current(), scope !== undefined)))
  return { records: done, answered: answered.map((job) => job.id) }
}

/** Removes the finished jobs among `before`: all at once, or one by one when they are one account's (the queue's own clear takes every account's). */
async function clearFinished(session: QueueSession, before: readonly JobView[], oneByOne: boolean): Promise<JobRecordOut[]> {
  const paths = new Map(before.map((job) => [job.id, session.pathOf(job.id)]))
  const finished = before.filter((job) => FINISHED_STATES.includes(job.state))
  if (oneByOne) for (const job of finished) await unwrap(session.uploads.remove({ jobId: job.id }))
  const left = oneByOne ? new Set<string>() : new Set((await unwrap(session.uploads.clearFinished())).jobs.map((job) => job.id))
  return finished.filter((job) => !left.has(job.id)).map((job) => removedNow(job, paths.get(job.id) ?? null, `Cleared from the queue (it was ${job.state}).`, 'cleared'))
}
