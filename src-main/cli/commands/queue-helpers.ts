import type { CliContext } from '../cli-context'
import type { JobRecordOut } from '../output/job-lines'
import type { Followed } from '../follow-jobs'
import type { QueueSession } from '../queue-session'
import { reportJobs } from '../report-jobs'
import { EXIT, type ExitCode } from '../exit-codes'

/**
 * A queue run by this process needs a key (exit 3 without one); a queue run by the app uses
 * the app's key, so the command needs none of its own then.
 */
export async function requireKeyWhenRunningHere(session: QueueSession, ctx: CliContext): Promise<void> {
  if (session.runner.here) await ctx.services()
}

/**
 * Reports followed jobs, and those removed elsewhere before they finished (exit 1); an
 * interrupted wait says what is left and how to finish it.
 */
export function finishQueue(ctx: CliContext, followed: Followed, failures: readonly JobRecordOut[] = []): ExitCode {
  const code = reportJobs(ctx, followed.jobs, failures, { shown: true, removed: followed.removed, otherAccount: followed.otherAccount })
  if (!followed.interrupted) return code
  const left = followed.jobs.filter((job) => job.state !== 'done' && job.state !== 'failed' && job.state !== 'cancelled').length
  ctx.warn(`Stopped. ${left} job${left === 1 ? '' : 's'} wait in the queue; flipdrop queue --wait finishes them.`)
  return EXIT.failed
}
