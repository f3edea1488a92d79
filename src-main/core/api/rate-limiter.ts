/**
 * One fixed-window rate limiter per API key, shared by every request (service-api.md §8:
 * N requests per window, the window resets at fixed clock boundaries, 429 beyond it).
 *
 * Written here rather than taken from a library because the generic limiters count on the
 * local clock; this one follows the *server's* window: it learns the limit and the window end
 * from X-RateLimit-* headers, bounds the clock skew with the Date header, and keeps requests
 * that cross a window edge from being counted in the wrong window. The local side of that
 * skew is the monotonic clock: the server's Date only teaches the offset, and setting the
 * computer's clock moves nothing.
 */
import { monotonicNow } from '../clock'

/** The rate-limit facts one response carried. */
export interface RateLimitObservation {
  limit?: number
  remaining?: number
  /** Epoch ms at which the server's window ends (X-RateLimit-Reset × 1000). */
  resetAtMs?: number
  /** The server's Date header, epoch ms (1 s resolution). */
  serverDateMs?: number
  status: number
}

/** A granted start; report how it ended with `settle`, exactly once. */
export interface Permit {
  settle(observation: RateLimitObservation | null): void
}

export interface RateLimiterOptions {
  /** Limit assumed before the server has told us (service-api.md: 300 per minute). */
  initialLimit?: number
  /** The window length, when known; otherwise it is learned from two window ends. */
  windowMs?: number
  /** The local clock: monotonic, so a step of the computer's clock moves no window (default: the core's clock). */
  now?: () => number
}

const MINUTE = 60_000

interface Waiter {
  resolve: (permit: Permit) => void
  reject: (error: unknown) => void
  signal?: AbortSignal
  onAbort?: () => void
}

interface Charge {
  window: number
  /** Also charged to the next window because it was in flight when the window ended. */
  carried: boolean
}

export class RateLimiter {
  private limit: number
  private windowMs: number
  private readonly now: () => number
  /** End of the current server window, in server epoch ms; undefined until learned. */
  private windowEnd: number | undefined
  private used = 0
  private carriedIntoNext = 0
  private readonly inFlight = new Set<Charge>()
  /** Bounds of (server clock − local clock), narrowed by every Date header. */
  private skewLow = -Infinity
  private skewHigh = Infinity
  private blockedUntilServerMs = 0
  private probing = false
  private windowLearned: boolean
  private lastReset: number | undefined
  private readonly waiters: Waiter[] = []
  private timer: ReturnType<typeof setTimeout> | undefined

  constructor(options: RateLimiterOptions = {}) {
    this.limit = options.initialLimit ?? 300
    this.windowMs = options.windowMs ?? 60_000
    this.windowLearned = options.windowMs !== undefined
    this.now = options.now ?? monotonicNow
  }

  /** Waits for a slot in the current window. Rejects if `signal` aborts first. */
  acquire(signal?: AbortSignal): Promise<Permit> {
    if (signal?.aborted) return Promise.reject(signal.reason)
    return new Promise<Permit>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject }
      if (signal) {
        waiter.signal = signal
        waiter.onAbort = () => {
          const index = this.waiters.indexOf(waiter)
          if (index >= 0) this.waiters.splice(index, 1)
          reject(signal.reason)
        }
        signal.addEventListener('abort', waiter.onAbort, { once: true })
      }
      this.waiters.push(waiter)
      this.pump()
    })
  }

  /** The current window as the limiter sees it; times are on the local monotonic clock (for "waiting" UI and 429 messages). */
  get state(): { limit: number; used: number; windowEndsAt: number | undefined; blockedUntil: number | undefined } {
    return {
      limit: this.limit,
      used: this.used,
      windowEndsAt: this.windowEnd === undefined ? undefined : this.toLocalLatest(this.windowEnd),
      blockedUntil: this.blockedUntilServerMs > 0 ? this.toLocalLatest(this.blockedUntilServerMs) : undefined
    }
  }

  /**
   * What the Date headers taught about the server's clock: server time − local time lies
   * within [low, high] ms; null before any answer carried a Date.
   */
  get clockSkew(): { low: number; high: number } | null {
    return Number.isFinite(this.skewLow) && Number.isFinite(this.skewHigh) ? { low: this.skewLow, high: this.skewHigh } : null
  }

  /** Latest local time at which the server clock can reach `serverMs`. */
  private toLocalLatest(serverMs: number): number {
    return serverMs - (Number.isFinite(this.skewLow) ? this.skewLow : 0)
  }

  private rollWindow(): void {
    if (this.windowEnd === undefined) return
    const localNow = this.now()
    while (this.windowEnd !== undefined && localNow >= this.toLocalLatest(this.windowEnd)) {
      if (!this.windowLearned) {
        // The window length is not known yet: probe again instead of guessing where the next ends.
        this.windowEnd = undefined
        this.used = 0
        this.carriedIntoNext = 0
        return
      }
      this.windowEnd += this.windowMs
      this.used = this.carriedIntoNext
      this.carriedIntoNext = 0
      this.carryInFlight()
    }
  }

  /**
   * Requests in flight across a window edge may be counted by the server in either window:
   * charge them to the new one too, until their answer says which.
   */
  private carryInFlight(): void {
    for (const charge of this.inFlight) {
      if (!charge.carried && charge.window !== this.windowEnd) {
        charge.carried = true
        this.used += 1
      }
    }
  }

  private pump(): void {
    if (this.timer) {
      clearTimeout(this.timer)
      this.timer = undefined
    }
    while (this.waiters.length > 0) {
      const localNow = this.now()
      if (this.blockedUntilServerMs > 0) {
        const until = this.toLocalLatest(this.blockedUntilServerMs)
        if (localNow < until) return this.wakeAt(until)
        this.blockedUntilServerMs = 0
      }
      if (this.windowEnd === undefined) {
        // Nothing learned yet: send one request alone and read the window from its answer.
        if (this.probing) return
        this.probing = true
        this.grant({ window: -1, carried: false })
        continue
      }
      this.rollWindow()
      if (this.used >= this.limit) return this.wakeAt(this.toLocalLatest(this.windowEnd))
      this.used += 1
      this.grant({ window: this.windowEnd, carried: false })
    }
  }

  private wakeAt(localMs: number): void {
    this.timer = setTimeout(() => this.pump(), Math.max(1, localMs - this.now()))
  }

  private grant(charge: Charge): void {
    const waiter = this.waiters.shift()
    if (!waiter) return
    if (waiter.signal && waiter.onAbort) waiter.signal.removeEventListener('abort', waiter.onAbort)
    this.inFlight.add(charge)
    const sentAt = this.now()
    let settled = false
    waiter.resolve({
      settle: (observation) => {
        if (settled) return
        settled = true
        // Roll first while this request still counts as in flight, so a window edge it
        // crossed carries it into the new window.
        this.rollWindow()
        this.inFlight.delete(charge)
        if (charge.window === -1) this.probing = false
        if (observation) this.observe(observation, sentAt, charge)
        this.pump()
      }
    })
  }

  private observe(observation: RateLimitObservation, sentAt: number, charge: Charge): void {
    const receivedAt = this.now()
    if (observation.serverDateMs !== undefined) this.learnSkew(observation.serverDateMs, sentAt, receivedAt)
    if (observation.limit !== undefined && observation.limit > 0) this.limit = observation.limit
    const reset = observation.resetAtMs
    if (reset === undefined) {
      if (observation.status === 429) this.blockUntilNextMinute(receivedAt, observation.serverDateMs)
      return
    }
    // A window length learned again means the window we follow was cut to the wrong length:
    // take the server's window from this answer, as when it is lost.
    const relearned = this.learnWindowLength(reset)
    this.rollWindow()

    const current = relearned ? undefined : this.windowEnd
    if (current !== undefined && reset === current) {
      // Counted in the current window: make sure it is charged there (a carried charge already is).
      if (!charge.carried && charge.window !== current) this.used += 1
    } else if (current !== undefined && reset <= current - this.windowMs) {
      // Counted in an earlier window: its carried charge on this one was not needed.
      if (charge.carried) this.used = Math.max(0, this.used - 1)
    } else if (current !== undefined && this.windowLearned && reset === current + this.windowMs) {
      // The server already counted it in the next window.
      if (charge.carried) this.used = Math.max(0, this.used - 1)
      this.carriedIntoNext += 1
    } else {
      // First answer, or we lost the server's window: adopt the server's. A window end inside
      // ours says ours is too long (one learned from another service of the same key, or
      // before a quiet spell): no earlier window ends there.
      this.windowEnd = reset
      this.used = observation.remaining !== undefined ? this.limit - observation.remaining : 1
      this.carriedIntoNext = 0
      for (const other of this.inFlight) other.carried = false
      this.carryInFlight()
    }
    if (reset === this.windowEnd && observation.remaining !== undefined) {
      // Other clients using the same key count too: trust the server when it has seen more.
      this.used = Math.max(this.used, this.limit - observation.remaining)
    }
    if (observation.status === 429) {
      this.blockedUntilServerMs = Math.max(this.blockedUntilServerMs, reset)
    }
  }

  /**
   * A 429 that does not say when the window resets: the spec's window is fixed and resets
   * at the top of each minute (§8), so nothing is sent before the server's next minute.
   */
  private blockUntilNextMinute(receivedAt: number, serverDateMs: number | undefined): void {
    const serverNow =
      serverDateMs ?? receivedAt + (Number.isFinite(this.skewLow) ? this.skewLow : 0)
    const nextMinute = Math.floor(serverNow / MINUTE) * MINUTE + MINUTE
    this.blockedUntilServerMs = Math.max(this.blockedUntilServerMs, nextMinute)
  }

  /** The Date header is the server time floored to the second, taken between send and receipt. */
  private learnSkew(serverDateMs: number, sentAt: number, receivedAt: number): void {
    const low = serverDateMs - receivedAt
    const high = serverDateMs + 1000 - sentAt
    this.skewLow = Math.max(this.skewLow, low)
    this.skewHigh = Math.min(this.skewHigh, high)
    if (this.skewLow > this.skewHigh) {
      // A clock jumped: start learning afresh from this answer.
      this.skewLow = low
      this.skewHigh = high
    }
  }

  /**
   * Learns the window's length from the gap between two window ends; says whether a length
   * learned before was wrong. Every gap is a whole number of windows, and a quiet spell between
   * two answers makes it several: taken for the length (as it was), five quiet minutes made a
   * five-minute window, and a busy queue then waited past windows the server had already reset
   * (a 1 s window after 5 s of quiet: 20 requests took 8.4 s instead of 2.8 s). The length is
   * the smallest gap seen, never more than §8's minute, and the window is taken afresh from the
   * server when it shrinks. (Not the gaps' common divisor: one reset a second off would make it
   * a second.)
   */
  private learnWindowLength(reset: number): boolean {
    let relearned = false
    if (this.lastReset !== undefined && reset > this.lastReset) {
      const gap = reset - this.lastReset
      // Before any is learned, windowMs is §8's minute.
      const length = Math.min(this.windowMs, gap)
      relearned = this.windowLearned && length !== this.windowMs
      this.windowMs = length
      this.windowLearned = true
    }
    if (this.lastReset === undefined || reset > this.lastReset) this.lastReset = reset
    return relearned
  }
}
