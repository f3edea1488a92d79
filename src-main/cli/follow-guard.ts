import type { JobView } from '../../src-shared/domain/queue'
import type { CliContext } from './cli-context'
import { keyRefusedMessage, type FailureRecord } from './cli-error'
import { sayDuration } from './duration'
import { EXIT } from './exit-codes'
import type { QueueRunner } from './queue-session'
import { addressFix, serviceAddress } from './service-address'
import { monotonicNow } from '../core/clock'

/** Watches followed jobs for what would make following last forever, and ends it in time. */
export interface FollowGuard {
  /** A followed job as it is now. */
  update(job: JobView): void
  /** A followed job finished or left the queue. */
  forget(jobId: string): void
  /** Settles when following must stop: the key was refused (exit 3), or --timeout ran out while the service could not be reached (exit 4). */
  readonly stopped: Promise<FailureRecord>
  dispose(): void
}

/**
 * A refused key never fixes itself while the command waits, so it stops at once and says
 * where the key came from. An unreachable service may come back: the command says on stderr
 * what it waits for, and gives up only when --timeout runs out while it still cannot reach it.
 */
export function createFollowGuard(ctx: CliContext, runner: () => QueueRunner, timeoutMs: number | null): FollowGuard {
  let stop: (failure: FailureRecord) => void = () => {}
  const stopped = new Promise<FailureRecord>((resolve) => (stop = resolve))
  const offline = new Set<string>()
  let since: number | null = null
  /** Why FlipDrop could not save its data, as already said: once per command, not per job or per hold. */
  const saidCannotSave = new Set<string>()
  let timer: ReturnType<typeof setTimeout> | undefined

  const outageBegan = (): void => {
    since = monotonicNow()
    const current = serviceAddress(ctx.env, ctx.dataDir)
    const limit = timeoutMs === null ? 'Ctrl+C stops waiting; --timeout 2m would give up after 2 minutes.' : `Giving up after ${sayDuration(timeoutMs)}.`
    ctx.warn(`Waiting for the service at ${current.url} to answer; it is asked again every few seconds. ${addressFix(current)} ${limit}`)
    if (timeoutMs === null) return
    timer = setTimeout(() => {
      const waited = sayDuration(monotonicNow() - (since ?? monotonicNow()))
      const current = serviceAddress(ctx.env, ctx.dataDir)
      stop({
        code: 'unreachable',
        message: `Gave up after ${waited}: the service at ${current.url} could not be reached. ${addressFix(current)}`,
        exitCode: EXIT.offline
      })
    }, timeoutMs)
  }
  const outageEnded = (): void => {
    clearTimeout(timer)
    timer = undefined
    since = null
  }

  return {
    update(job) {
      const reason = job.waiting?.reason
      if (reason === 'signed-out') {
        const where = runner()
        const message = where.here
          ? keyRefusedMessage(ctx)
          : `The ${where.role === 'app' ? 'FlipDrop app' : 'flipdrop command'} running the queue (process ${where.pid}) has no API key the service accepts; sign in there, or quit it and run flipdrop auth login.`
        stop({ code: 'key-refused', message, exitCode: EXIT.noKey })
        return
      }
      if (reason === 'cannot-save' && job.waiting && !saidCannotSave.has(job.waiting.message)) {
        saidCannotSave.add(job.waiting.message)
        ctx.warn(job.waiting.message)
      }
      if (reason === 'offline') {
        offline.add(job.id)
        if (since === null) outageBegan()
      } else this.forget(job.id)
    },
    forget(jobId) {
      // Every job moved on: the service answered; a later outage is said (and timed) afresh.
      if (offline.delete(jobId) && offline.size === 0 && since !== null) outageEnded()
    },
    stopped,
    dispose: outageEnded
  }
}
