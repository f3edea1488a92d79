import type { JobView } from '../../../src-shared/domain/queue'
import { flag, type Command } from '../command'
import { EXIT } from '../exit-codes'
import { followJobs } from '../follow-jobs'
import { openQueueSession, unwrap } from '../queue-session'
import { reportJobs } from '../report-jobs'
import { finishQueue, requireKeyWhenRunningHere } from './queue-helpers'

const open = (job: JobView): boolean => job.state !== 'done' && job.state !== 'failed' && job.state !== 'cancelled'

/**
 * `flipdrop queue`: shows the queue; `--retry-failed`, `--clear-finished`; `--wait` runs it
 * until every job is done or failed (how a queue interrupted by a crash is finished).
 */
export const queue: Command = {
  name: 'queue',
  summary: 'Show the upload queue; --wait runs it to the end (also after a crash).',
  usage: 'queue [--wait] [--retry-failed] [--clear-finished] [--json]',
  options: { wait: { type: 'boolean' }, 'retry-failed': { type: 'boolean' }, 'clear-finished': { type: 'boolean' } },
  positionals: [0, 0],
  async run(values, _positionals, ctx) {
    const session = await openQueueSession(ctx, { runUploads: flag(values, 'wait') })
    try {
      if (flag(values, 'retry-failed')) {
        const failed = (await unwrap(session.uploads.list())).jobs.filter((job) => job.state === 'failed')
        for (const job of failed) await unwrap(session.uploads.retry({ jobId: job.id }))
      }
      if (flag(values, 'clear-finished')) await unwrap(session.uploads.clearFinished())
      const view = await unwrap(session.uploads.list())
      for (const notice of view.notices) ctx.warn(notice)
      if (!flag(values, 'wait')) {
        reportJobs(ctx, view.jobs, [])
        return EXIT.ok
      }
      const waiting = view.jobs.filter((job) => open(job) && !job.paused)
      if (waiting.length > 0) await requireKeyWhenRunningHere(session, ctx)
      if (view.paused && waiting.length > 0) ctx.warn('The queue is paused: resume it in FlipDrop to let these run.')
      const followed = await followJobs(session, waiting.map((job) => job.id), ctx, waiting)
      return finishQueue(ctx, followed)
    } finally {
      await session.close()
    }
  }
}
