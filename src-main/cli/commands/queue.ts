import { FINISHED_STATES, type JobView } from '../../../src-shared/domain/queue'
import { workAccountId } from '../accounts/work-account'
import { flag, type Command } from '../command'
import { EXIT } from '../exit-codes'
import { followJobs } from '../follow-jobs'
import { recordLine, toRecordOut, type JobRecordOut } from '../output/job-lines'
import { openQueueSession, unwrap, type QueueSession } from '../queue-session'
import { reportJobs } from '../report-jobs'
import { ACTION_OPTIONS, hasActions, runActions } from './queue-actions'
import { finishQueue, requireKeyWhenRunningHere } from './queue-helpers'
import { waitMode } from './wait-flags'

const open = (job: JobView): boolean => !FINISHED_STATES.includes(job.state)

function runnerWords(session: QueueSession): string {
  const runner = session.runner
  if (runner.here) return 'this command runs them'
  return `the ${runner.role === 'app' ? 'FlipDrop app' : 'flipdrop command'} (process ${runner.pid}) runs them; this command follows them`
}

/**
 * A job as listed. A queue opened here only to be listed runs nothing, so "checking which
 * account the key belongs to" would be untrue: such a job simply waits to be run.
 */
function listed(job: JobView, session: QueueSession): JobRecordOut {
  const record = toRecordOut(job, session.pathOf(job.id))
  if (!session.runner.here || job.waiting?.reason !== 'identifying') return record
  return { ...record, state: 'queued', code: null, message: 'Waits for the FlipDrop app or flipdrop queue --wait to publish it.' }
}

/**
 * `flipdrop queue`: lists the queue with each job's ID; acts on jobs by ID (--cancel, --remove,
 * --pause, --resume, --retry; a short prefix will do), answers a job's question (--keep,
 * --publish-again, --assign ID=ACCOUNT), --retry-failed, --clear-finished;
 * `--wait` runs the whole queue to the end and says how many jobs that is.
 */
export const queue: Command = {
  name: 'queue',
  summary: 'Show the upload queue with job IDs; act on jobs by ID; --wait runs the whole queue to the end.',
  usage: 'queue [--cancel ID] [--remove ID] [--pause ID] [--resume ID] [--retry ID] [--keep ID] [--publish-again ID] [--assign ID=ACCOUNT] [--retry-failed] [--clear-finished] [--wait [--timeout <duration>]] [--json]',
  options: { wait: { type: 'boolean' }, timeout: { type: 'string' }, ...ACTION_OPTIONS },
  positionals: [0, 0],
  async run(values, _positionals, ctx) {
    const wait = flag(values, 'wait')
    const mode = waitMode({ timeout: values['timeout'] })
    const timeoutMs = mode.queueOnly ? null : mode.timeoutMs
    // --account: that account's jobs only, listed, acted on and run (here, only those it follows: 'added').
    const accountId = await workAccountId(ctx)
    const mine = (job: JobView): boolean => accountId === undefined || job.accountId === accountId
    const session = await openQueueSession(ctx, { runUploads: wait ? (accountId === undefined ? true : 'added') : false, accountId })
    try {
      const acted = hasActions(values) ? await runActions(session, ctx, values, accountId === undefined ? undefined : mine) : null
      if (!wait) {
        if (acted) {
          reportJobs(ctx, acted.records, { empty: 'Nothing to do: no job matched.' })
          return EXIT.ok
        }
        const view = await unwrap(session.uploads.list())
        for (const notice of view.notices) ctx.warn(notice)
        reportJobs(ctx, view.jobs.filter(mine).map((job) => listed(job, session)), { empty: accountId === undefined ? 'The queue is empty.' : 'No job of this account is in the queue.' })
        return EXIT.ok
      }
      if (acted && !ctx.json) for (const record of acted.records) ctx.say(recordLine(record))
      const view = await unwrap(session.uploads.list())
      for (const notice of view.notices) ctx.warn(notice)
      // An answered job is followed even if it finished already (a kept item's check is quick).
      const answered = new Set(acted?.answered ?? [])
      const waiting = view.jobs.filter((job) => mine(job) && ((open(job) && !job.paused) || answered.has(job.id)))
      const paused = view.jobs.filter((job) => mine(job) && open(job) && job.paused).length
      if (waiting.length > 0) await requireKeyWhenRunningHere(session, ctx)
      ctx.warn(
        waiting.length === 0
          ? 'No job waits in the queue.'
          : `Publishing the ${waiting.length} job${waiting.length === 1 ? '' : 's'} waiting in the queue; ${runnerWords(session)}.${paused > 0 ? ` ${paused} paused job${paused === 1 ? ' stays' : 's stay'} paused.` : ''}`
      )
      if (view.paused && waiting.length > 0) ctx.warn('The whole queue is paused: resume it in FlipDrop to let these run.')
      const followed = await followJobs(session, waiting.map((job) => job.id), ctx, { known: waiting, timeoutMs })
      return finishQueue(ctx, session, followed)
    } finally {
      await session.close()
    }
  }
}
