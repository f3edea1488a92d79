import { AppError } from '../../src-shared/contract/errors'
import type { CliContext } from './cli-context'
import { monotonicNow } from '../core/clock'
import { CliError, PORTAL_WHY } from './cli-error'
import { sayDuration } from './duration'
import { EXIT } from './exit-codes'
import type { QueueSession } from './queue-session'
import { addressFix, serviceAddress } from './service-address'

/** The longest pause between two tries to queue while the service stays away; any change of its reach tries at once. */
const RETRY_CAP_MS = 5_000

/** The queue could not take the work because the service could not say whose the key is (out of reach, or behind a sign-in page). */
const waitsForService = (error: unknown): error is AppError => error instanceof AppError && (error.code === 'network' || error.code === 'portal')

/** Resolves at the queue's next change of reach, after `ms`, or when the command is stopped. */
function nextChance(session: QueueSession, signal: AbortSignal, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer)
      stop()
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    const stop = session.uploads.onConnectivityChanged(done)
    signal.addEventListener('abort', done, { once: true })
  })
}

/**
 * Queues work for a command that follows it to the end (the default: "wait until it answers").
 * When the queue cannot take it yet because the service cannot be asked whose the key is (out
 * of reach, behind a sign-in page, or answering slowly), nothing was queued: the command says
 * on stderr what it waits for and tries again whenever the service's reach changes, giving up
 * with exit 4 only when --timeout ran out.
 */
export async function queueWhenReachable<T>(ctx: CliContext, session: QueueSession, timeoutMs: number | null, enqueue: () => Promise<T>): Promise<T> {
  let since: number | null = null
  let portal = false
  for (;;) {
    try {
      return await enqueue()
    } catch (error) {
      if (!waitsForService(error) || ctx.signal.aborted) throw error
      // --timeout is a length of time: a step of the computer's clock neither ends nor stretches it.
      const now = monotonicNow()
      const address = serviceAddress(ctx.env, ctx.dataDir)
      if (since === null || portal !== (error.code === 'portal')) {
        since ??= now
        portal = error.code === 'portal'
        const limit = timeoutMs === null ? 'Ctrl+C stops waiting; --timeout 2m would give up after 2 minutes.' : `Giving up after ${sayDuration(timeoutMs)}.`
        const what = portal ? ` (${PORTAL_WHY})` : ''
        ctx.warn(`Waiting for the service at ${address.url} to answer${what}. Nothing is queued until it does. ${addressFix(address)} ${limit}`)
      }
      const left = timeoutMs === null ? RETRY_CAP_MS : timeoutMs - (now - since)
      if (left <= 0) {
        // The queue's own words say why nothing was queued (whose the key is cannot be asked).
        throw new CliError(`Gave up after ${sayDuration(now - since)} waiting for the service at ${address.url}. ${error.message} ${addressFix(address)}`, EXIT.offline)
      }
      await nextChance(session, ctx.signal, Math.min(RETRY_CAP_MS, left))
    }
  }
}
