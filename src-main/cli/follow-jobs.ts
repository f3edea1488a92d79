import { FINISHED_STATES, type JobProgress, type JobView } from '../../src-shared/domain/queue'
import type { CliContext } from './cli-context'
import { CliError, type FailureRecord } from './cli-error'
import { EXIT } from './exit-codes'
import { createFollowGuard } from './follow-guard'
import { progressLine, recordLine, stateLine, toRecordOut, type JobRecordOut } from './output/job-lines'
import { ProgressBoard } from './output/progress-board'
import type { QueueSession } from './queue-session'
import { unwrap } from './queue-session'
import { otherAccountRecord, removedRecord } from './report-jobs'

/** How following ended: every job finished or left the queue, the user stopped the command, or it had to stop. */
export interface Followed {
  /** One record per followed job, in the order given: finished, removed, waiting for another account or for room in the plan, or still queued. */
  records: JobRecordOut[]
  interrupted: boolean
  /** Why following stopped before the jobs finished (a refused key, --timeout while unreachable). */
  stopped: FailureRecord | null
}

export interface FollowOptions {
  /** Views of the jobs already at hand, so a job removed before it was ever listed still has a name. */
  known?: readonly JobView[]
  /** --timeout: give up (exit 4) when the service stays unreachable this long; null waits. */
  timeoutMs?: number | null
}

const finished = (job: JobView): boolean => FINISHED_STATES.includes(job.state)
const active = (job: JobView): boolean => job.state === 'uploading' || job.state === 'verifying'

/** Times the queue may change hands under one command before it gives up (each is a holder that went away). */
const MAX_RECOVERIES = 5
/** A request cut off by a holder going away is followed by the end of its connection within this time. */
const LOST_AFTER_FAILURE_MS = 1_000

function runnerName(runner: QueueSession['runner']): string {
  if (runner.here) return 'This command'
  return runner.role === 'app' ? `The FlipDrop app (process ${runner.pid})` : `flipdrop (process ${runner.pid})`
}

/**
 * Runs `look`; 'lost' when the holder went away before or while it ran (its request then fails
 * too), else undefined. A failure without the holder going away is a real one, and thrown.
 */
async function lookUnlessLost(look: () => Promise<void>, lost: Promise<'lost'>): Promise<'lost' | undefined> {
  try {
    return await Promise.race([look().then(() => undefined), lost])
  } catch (error) {
    let timer: ReturnType<typeof setTimeout> | undefined
    const late = new Promise<'failed'>((resolve) => (timer = setTimeout(() => resolve('failed'), LOST_AFTER_FAILURE_MS)))
    const why = await Promise.race([lost, late]).finally(() => clearTimeout(timer))
    if (why === 'lost') return 'lost'
    throw error
  }
}

/**
 * Follows jobs until each is done, failed, cancelled or removed: on a terminal, a redrawn
 * progress line per upload and a permanent line per state change; otherwise plain lines per
 * state change (scripts read them); with --json, nothing until the end. Ctrl+C stops following.
 * When the process running the queue goes away, the queue is found again (handed over to the
 * new holder, or run here) and the same jobs are followed from the journal. `known` are views
 * of the jobs already at hand, so a job removed before it was ever listed still has a name.
 */
export async function followJobs(session: QueueSession, ids: readonly string[], ctx: CliContext, options: FollowOptions = {}): Promise<Followed> {
  const wanted = new Set(ids)
  const seen = new Map<string, JobView>((options.known ?? []).map((job) => [job.id, job]))
  const guard = createFollowGuard(ctx, () => session.runner, options.timeoutMs ?? null)
  // Run here for the command's own jobs only: these are its own, also those it found queued.
  session.runAlso(ids)
  const latest = new Map<string, JobView>()
  const removed = new Map<string, JobRecordOut>()
  const otherAccount = new Map<string, JobRecordOut>()
  /** Wanted jobs not finished (as last seen) and not removed: following ends when none is left. */
  const pending = new Set(ids)
  const progress = new Map<string, JobProgress>()
  /** The last line said of each job. */
  const told = new Map<string, string>()
  const board = new ProgressBoard((text) => ctx.write(text))
  let settle: () => void = () => {}
  const allDone = new Promise<void>((resolve) => (settle = resolve))

  const checkDone = (): void => {
    if (pending.size === 0) settle()
  }
  const tell = (line: string, job: JobView | null): void => {
    if (ctx.json) return
    // On a terminal the block below shows what is being sent; lines that stay are for the rest.
    if (!ctx.tty) ctx.say(line)
    else if (job === null || !active(job)) board.log(line)
  }
  const redraw = (): void => {
    if (!ctx.tty) return
    const running = [...latest.values()].filter(active)
    board.draw(running.map((job) => progressLine(job, progress.get(job.id) ?? job.progress, ctx.columns)))
  }
  const update = (job: JobView): void => {
    if (!wanted.has(job.id) || removed.has(job.id)) return
    const before = latest.get(job.id)
    latest.set(job.id, job)
    seen.set(job.id, job)
    // A finished job retried elsewhere is open again.
    if (finished(job)) {
      pending.delete(job.id)
      guard.forget(job.id)
    } else {
      pending.add(job.id)
      guard.update(job)
    }
    const changed = before?.state !== job.state || before.waiting?.reason !== job.waiting?.reason || before.paused !== job.paused
    // A full disk holds every job alike: the guard says it once on stderr, not a line per job,
    // and a job back where it was before the hold is not said again.
    const line = stateLine(job)
    if (changed && job.waiting?.reason !== 'cannot-save' && told.get(job.id) !== line) {
      told.set(job.id, line)
      tell(line, job)
    }
    if (job.state !== 'uploading') progress.delete(job.id)
    // The key in use is another account's, or nothing says whose the job is: nothing will ever be sent for it here.
    if ((job.waiting?.reason === 'other-account' || job.waiting?.reason === 'unbound') && pending.delete(job.id)) {
      guard.forget(job.id)
      otherAccount.set(job.id, otherAccountRecord(job, session.pathOf(job.id)))
    }
    // Over the plan: it waits in the queue for room (an item deleted, the plan upgraded), which
    // following cannot bring, so it is reported waiting rather than followed forever.
    if (job.waiting?.reason === 'no-room' && pending.delete(job.id)) {
      guard.forget(job.id)
      otherAccount.set(job.id, toRecordOut(job, session.pathOf(job.id), 'waiting'))
    } else if (job.waiting?.reason !== 'no-room' && otherAccount.get(job.id)?.code === 'no-room') {
      // Room came back while the others were followed: this one is followed again.
      otherAccount.delete(job.id)
    }
  }
  /** A job gone from the queue: reported as removed unless it had finished already. */
  const gone = (id: string): void => {
    if (!pending.has(id)) return
    const record = removedRecord(id, seen.get(id), session.pathOf(id))
    pending.delete(id)
    guard.forget(id)
    removed.set(id, record)
    latest.delete(id)
    progress.delete(id)
    tell(recordLine(record), null)
  }

  const stopChange = session.onChange((change) => {
    change.jobs.forEach(update)
    change.removed.forEach(gone)
    redraw()
    checkDone()
  })
  const stopProgress = session.onProgress((event) => {
    if (!pending.has(event.jobId)) return
    progress.set(event.jobId, event)
    redraw()
  })
  // What the queue says now, after subscribing, so no change falls between the two.
  const look = async (): Promise<void> => {
    const now = await unwrap(session.uploads.list())
    now.jobs.forEach(update)
    const listed = new Set(now.jobs.map((job) => job.id))
    for (const id of [...pending]) if (!listed.has(id)) gone(id)
    redraw()
    checkDone()
  }

  // The queue's own timers (a retry later, a rate-limit wait) are unref'd so the app can
  // quit; following is the command's whole purpose, so it keeps the process alive itself.
  const keepAlive = setInterval(() => {}, 60_000)
  const aborted = new Promise<'interrupted'>((resolve) => {
    if (ctx.signal.aborted) resolve('interrupted')
    ctx.signal.addEventListener('abort', () => resolve('interrupted'), { once: true })
  })
  try {
    for (let recoveries = 0; ; recoveries += 1) {
      const lost = session.lost.then(() => 'lost' as const)
      const stop = guard.stopped.then((failure) => ({ failure }))
      const outcome = (await lookUnlessLost(look, lost)) ?? (await Promise.race([allDone.then(() => 'done' as const), aborted, lost, stop]))
      if (typeof outcome === 'object') return result(false, outcome.failure)
      if (outcome !== 'lost') return result(outcome === 'interrupted', null)
      const who = runnerName(session.runner)
      if (recoveries >= MAX_RECOVERIES) {
        throw new CliError(`${who} stopped as well; giving up. The jobs wait in the queue; flipdrop queue --wait finishes them.`, EXIT.failed)
      }
      board.clear()
      ctx.warn(`${who}, which was running these jobs, has stopped; taking over the queue.`)
      try {
        await session.recover()
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        throw new CliError(`${who} stopped, and this command could not take over: ${reason} The jobs wait in the queue; flipdrop queue --wait finishes them.`, EXIT.failed)
      }
      // Someone else took the folder first: follow the jobs there.
      if (!session.runner.here) ctx.warn(`${runnerName(session.runner)} holds the data folder now; following the jobs there.`)
    }
  } finally {
    guard.dispose()
    clearInterval(keepAlive)
    stopChange()
    stopProgress()
    board.clear()
  }

  /** A record per followed job; one not finished waits in the queue (`queued`, its code says why). */
  function result(interrupted: boolean, stopped: FailureRecord | null): Followed {
    const records = ids.map((id): JobRecordOut => {
      const gone = removed.get(id) ?? otherAccount.get(id)
      if (gone) return gone
      const job = latest.get(id) ?? seen.get(id)
      if (!job) return removedRecord(id, undefined, session.pathOf(id))
      return toRecordOut(job, session.pathOf(id), finished(job) ? job.state : 'queued')
    })
    return { records, interrupted, stopped }
  }
}
