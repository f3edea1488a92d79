import type { EmulatorState } from '../state/store'
import type { RateWindowRecord } from '../state/types'

/** The decision on one request and the X-RateLimit-* values to send with it (§8). */
export interface RateDecision {
  allowed: boolean
  limit: number
  remaining: number
  /** Epoch seconds at which the current window ends. */
  resetEpochS: number
}

/**
 * Fixed-window limiter per key (§8): windows are aligned to the clock
 * (start = floor(now / window) * window), not rolling. Every window is recorded in the state.
 */
export class RateLimiter {
  private readonly current = new Map<string, RateWindowRecord>()
  private readonly windowMs: number

  constructor(
    private readonly state: EmulatorState,
    private readonly limit: number,
    windowSeconds: number,
    private readonly now: () => number
  ) {
    this.windowMs = Math.round(windowSeconds * 1000)
  }

  /** Counts a request of an account and decides whether it is served or gets 429. */
  hit(key: string, account: string): RateDecision {
    const record = this.windowOf(key, account)
    const allowed = record.accepted < this.limit
    if (allowed) record.accepted++
    else record.rejected++
    return {
      allowed,
      limit: this.limit,
      remaining: Math.max(0, this.limit - record.accepted),
      resetEpochS: Math.ceil(record.windowEndMs / 1000)
    }
  }

  /** Header values for a request that is not counted (a 401 has no key to count against). */
  peek(): RateDecision {
    const start = this.windowStart()
    return { allowed: true, limit: this.limit, remaining: this.limit, resetEpochS: Math.ceil((start + this.windowMs) / 1000) }
  }

  /** Forgets the current windows (admin reset). */
  clear(): void {
    this.current.clear()
  }

  private windowStart(): number {
    return Math.floor(this.now() / this.windowMs) * this.windowMs
  }

  private windowOf(key: string, account: string): RateWindowRecord {
    const start = this.windowStart()
    const existing = this.current.get(key)
    if (existing && existing.windowStartMs === start) return existing
    const record: RateWindowRecord = { account, windowStartMs: start, windowEndMs: start + this.windowMs, accepted: 0, rejected: 0 }
    this.current.set(key, record)
    this.state.addRateWindow(record)
    return record
  }
}

/** The three headers sent on every API response (§8). */
export function rateHeaders(d: RateDecision): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(d.limit),
    'X-RateLimit-Remaining': String(d.remaining),
    'X-RateLimit-Reset': String(d.resetEpochS)
  }
}
