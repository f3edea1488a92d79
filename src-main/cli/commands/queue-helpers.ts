import { FINISHED_STATES, type JobView, type RefusedSource } from '../../../src-shared/domain/queue'
import type { CliContext } from '../cli-context'
import { recordLine, toRecordOut, type JobRecordOut } from '../output/job-lines'
import type { Followed } from '../follow-jobs'
import { unwrap, type QueueSession } from '../queue-session'
import { reportJobs } from '../report-jobs'
import { EXIT, type ExitCode } from '../exit-codes'

/**
 * A queue run by this process needs a key (exit 3 without one); a queue run by the app uses
 * the app's key, so the command needs none of its own then.
 */
export async function requireKeyWhenRunningHere(session: QueueSession, ctx: CliContext): Promise<void> {
  if (session.runner.here) await ctx.services()
}

/** Who goes on with jobs the command stopped following. */
function whoGoesOn(session: QueueSession): string {
  const runner = session.runner
  if (runner.here) return 'they wait in the queue; flipdrop queue --wait (or the FlipDrop app) publishes them'
  return `the ${runner.role === 'app' ? 'FlipDrop app' : 'flipdrop command'} (process ${runner.pid}) goes on publishing them`
}

/**
 * Reports the followed jobs and what was not queued (`notQueued`, printed already when
 * `refusalsShown`), one closing line counting each outcome, and returns the exit code: 1 when
 * something asked for failed; 3 or 4 when following had to stop; 130 when stopped by Ctrl+C.
 */
export function finishQueue(ctx: CliContext, session: QueueSession, followed: Followed, notQueued: readonly JobRecordOut[] = []): ExitCode {
  const records = [...followed.records, ...notQueued]
  const open = followed.records.filter((record) => record.state === 'queued').length
  const tail = open > 0 ? `: ${whoGoesOn(session)}` : ''
  const code = reportJobs(ctx, records, { shown: true, tail, ...(followed.stopped ? { error: followed.stopped } : {}) })
  if (!followed.interrupted) return code
  const jobs = `${open} job${open === 1 ? '' : 's'}`
  const runner = session.runner
  ctx.warn(
    runner.here
      ? `Stopped. ${jobs} wait in the queue; flipdrop queue --wait finishes them.`
      : `Stopped following. ${jobs} not finished: ${whoGoesOn(session)}.`
  )
  return EXIT.interrupted
}

/** Where jobs queued with --queue went, said after the counts. */
function whereQueued(ctx: CliContext, session: QueueSession): string {
  const runner = session.runner
  if (!runner.here) return `; handed to the ${runner.role === 'app' ? 'FlipDrop app' : 'flipdrop command'} (process ${runner.pid}), which publishes them`
  return `; they wait in the queue of ${ctx.dataDir}: the FlipDrop app publishes them when it runs, or flipdrop queue --wait does`
}

/**
 * `--queue`: reports what was queued (state `queued`, the job IDs to follow or cancel them
 * with), content that already waited in the queue (its job, `already-queued`), and what was
 * not queued; says exactly where the queued jobs went.
 */
export function reportQueued(
  ctx: CliContext,
  session: QueueSession,
  added: readonly JobView[],
  already: ReadonlyMap<string, RefusedSource>,
  notQueued: readonly JobRecordOut[]
): ExitCode {
  const waiting = [...already].map(([jobId, refusal]): JobRecordOut => ({
    id: jobId,
    state: 'queued',
    source: refusal.source,
    path: refusal.path ?? null,
    code: 'already-queued',
    itemId: null,
    url: null,
    message: refusal.reason
  }))
  const records = [...added.map((job) => toRecordOut(job, session.pathOf(job.id), 'queued')), ...waiting, ...notQueued]
  return reportJobs(ctx, records, { tail: records.some((record) => record.state === 'queued') ? whereQueued(ctx, session) : '' })
}

/** Prints what was not queued at once, before following the rest (not in --json mode: it comes with the result). */
export function sayNotQueued(ctx: CliContext, notQueued: readonly JobRecordOut[]): void {
  if (!ctx.json) for (const record of notQueued) ctx.say(recordLine(record))
}

/** After a foreground run here: other jobs left waiting in the queue, which this command did not run. */
export async function mentionOthers(ctx: CliContext, session: QueueSession, own: readonly string[]): Promise<void> {
  if (!session.runner.here) return
  const mine = new Set(own)
  const others = (await unwrap(session.uploads.list())).jobs.filter((job) => !mine.has(job.id) && !FINISHED_STATES.includes(job.state)).length
  if (others > 0) ctx.warn(`${others} other job${others === 1 ? '' : 's'} wait${others === 1 ? 's' : ''} in the queue; this command published only its own (flipdrop queue --wait runs the rest).`)
}
