import { FINISHED_STATES, type JobProgress, type JobView } from '../../src-shared/domain/queue'
import type { CliContext } from './cli-context'
import { progressLine, stateLine } from './output/job-lines'
import { ProgressBoard } from './output/progress-board'
import type { QueueSession } from './queue-session'
import { unwrap } from './queue-session'

/** How following ended: every job finished, or the user stopped the command. */
export interface Followed {
  jobs: JobView[]
  interrupted: boolean
}

const finished = (job: JobView): boolean => FINISHED_STATES.includes(job.state)

/**
 * Follows jobs until each is done, failed or cancelled: on a terminal, a redrawn progress
 * line per upload and a permanent line per state change; otherwise plain lines per state
 * change (scripts read them); with --json, nothing until the end. Ctrl+C stops following.
 */
export async function followJobs(session: QueueSession, ids: readonly string[], ctx: CliContext): Promise<Followed> {
  const wanted = new Set(ids)
  const latest = new Map<string, JobView>()
  const progress = new Map<string, JobProgress>()
  const board = new ProgressBoard((text) => ctx.write(text))
  let settle: () => void = () => {}
  const allDone = new Promise<void>((resolve) => (settle = resolve))

  const active = (job: JobView): boolean => job.state === 'uploading' || job.state === 'verifying'
  const redraw = (): void => {
    if (!ctx.tty) return
    const running = [...latest.values()].filter(active)
    board.draw(running.map((job) => progressLine(job, progress.get(job.id) ?? job.progress, ctx.columns)))
  }
  const update = (job: JobView): void => {
    if (!wanted.has(job.id)) return
    const before = latest.get(job.id)
    latest.set(job.id, job)
    const changed = before?.state !== job.state || before.waiting?.reason !== job.waiting?.reason || before.paused !== job.paused
    if (changed && !ctx.json) {
      // On a terminal the block below shows what is being sent; lines that stay are for the rest.
      if (!ctx.tty) ctx.say(stateLine(job))
      else if (!active(job)) board.log(stateLine(job))
    }
    if (job.state !== 'uploading') progress.delete(job.id)
    if ([...wanted].every((id) => { const seen = latest.get(id); return seen !== undefined && finished(seen) })) settle()
  }

  const stopChange = session.onChange((change) => {
    change.jobs.forEach(update)
    for (const id of change.removed) {
      if (wanted.delete(id)) latest.delete(id)
    }
    redraw()
    if (wanted.size === 0) settle()
  })
  const stopProgress = session.onProgress((event) => {
    if (!wanted.has(event.jobId)) return
    progress.set(event.jobId, event)
    redraw()
  })
  // What the queue says now, after subscribing, so no change falls between the two.
  const now = await unwrap(session.uploads.list())
  now.jobs.forEach(update)
  for (const id of wanted) if (!now.jobs.some((job) => job.id === id)) wanted.delete(id)
  if (wanted.size === 0) settle()
  redraw()

  // The queue's own timers (a retry later, a rate-limit wait) are unref'd so the app can
  // quit; following is the command's whole purpose, so it keeps the process alive itself.
  const keepAlive = setInterval(() => {}, 60_000)
  const interrupted = await Promise.race([
    allDone.then(() => false),
    new Promise<boolean>((resolve) => {
      if (ctx.signal.aborted) resolve(true)
      ctx.signal.addEventListener('abort', () => resolve(true), { once: true })
    })
  ])
  clearInterval(keepAlive)
  stopChange()
  stopProgress()
  board.clear()
  return { jobs: ids.map((id) => latest.get(id)).filter((job): job is JobView => job !== undefined), interrupted }
}
