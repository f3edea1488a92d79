/**
 * The core's one clock. Intervals, deadlines and schedules are measured on a monotonic clock
 * (it never steps when the computer's clock is set: an NTP step, a resumed virtual machine);
 * the wall clock is only for facts shown or stored (created dates, history lines, "as of").
 *
 * Monotonic readings are epoch-like: the wall time at process start plus the time elapsed
 * since, so they read like dates while the clock is not stepped, and deadlines kept in them
 * are turned into wall time only when shown (`wallTimeOf`).
 */

export interface Clock {
  /** Epoch-like ms that only ever move forward at the pace of real time. */
  monotonicNow(): number
  /** The computer's clock, epoch ms (may step back or forward). */
  wallNow(): number
}

const origin = performance.timeOrigin

export const systemClock: Clock = {
  monotonicNow: () => origin + performance.now(),
  wallNow: () => Date.now()
}

let current: Clock = systemClock

/** Monotonic epoch-like ms: for intervals, timeouts, backoff and every in-memory deadline. */
export function monotonicNow(): number {
  return current.monotonicNow()
}

/** The wall clock, epoch ms: for what is shown or stored as a date. */
export function wallNow(): number {
  return current.wallNow()
}

/** The wall time at which a monotonic deadline falls, as the computer's clock reads now (for display). */
export function wallTimeOf(monotonicMs: number): number {
  return current.wallNow() + (monotonicMs - current.monotonicNow())
}

/**
 * A deadline stored as wall time (it outlived this process, or came from another one), on
 * the monotonic clock. A deadline further away than `maxAheadMs` cannot be what was meant
 * (the clock was set back since it was written): it is clamped to that.
 */
export function monotonicOfWall(wallMs: number, maxAheadMs: number): number {
  const ahead = Math.min(wallMs - current.wallNow(), maxAheadMs)
  return current.monotonicNow() + ahead
}

/** Tests replace the clock (a wall clock that steps); returns a function restoring the previous one. */
export function useClock(clock: Clock): () => void {
  const previous = current
  current = clock
  return () => {
    current = previous
  }
}

/** How often the wall clock is compared with the monotonic one, and the jump that counts as a step. */
const STEP_CHECK_MS = 2_000
const STEP_MS = 1_000

/**
 * Calls `onStep` soon after the computer's clock was set (forward or back): deadlines shown
 * as wall times must be said again, since the same moment now has another time.
 */
export function watchWallSteps(onStep: () => void, everyMs = STEP_CHECK_MS): () => void {
  let offset = wallNow() - monotonicNow()
  const timer = setInterval(() => {
    const now = wallNow() - monotonicNow()
    if (Math.abs(now - offset) < STEP_MS) return
    offset = now
    onStep()
  }, everyMs)
  // Watching never keeps a process alive.
  timer.unref?.()
  return () => clearInterval(timer)
}
