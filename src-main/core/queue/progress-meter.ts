import type { JobProgress } from '../../../src-shared/domain/queue'
import { monotonicNow } from '../clock'

/** At most this many progress events per job per second (the renderer redraws on each). */
const EVENTS_PER_SECOND = 10
const MIN_GAP_MS = 1000 / EVENTS_PER_SECOND
/** Speed is measured over this window, so one slow read does not swing the estimate. */
const WINDOW_MS = 3_000

/** Timers, injectable for tests. */
export interface MeterClock {
  now(): number
  setTimeout(run: () => void, ms: number): unknown
  clearTimeout(timer: unknown): void
}

const systemClock: MeterClock = {
  now: monotonicNow,
  setTimeout: (run, ms) => {
    const timer = setTimeout(run, ms)
    // Progress never keeps the process alive by itself.
    timer.unref?.()
    return timer
  },
  clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>)
}

/**
 * Turns byte counts into progress with speed and time left, and sends at most ten a second:
 * the first and the last at once, and the latest of a burst a moment later (trailing), so a
 * transfer that stops, e.g. held by a slow server, shows where it really stopped.
 */
export class ProgressMeter {
  private readonly samples: { at: number; sent: number }[] = []
  private lastEmitted = -Infinity
  private current: JobProgress | null = null
  private trailing: unknown = null

  constructor(
    private readonly emit: (progress: JobProgress) => void,
    private readonly clock: MeterClock = systemClock
  ) {}

  /** Records a count; sends it now, or soon if one was sent less than 100 ms ago. */
  update(sent: number, total: number): void {
    const at = this.clock.now()
    this.samples.push({ at, sent })
    while (this.samples.length > 2 && (this.samples[0]?.at ?? at) < at - WINDOW_MS) this.samples.shift()
    const first = this.samples[0]
    const elapsed = first ? (at - first.at) / 1000 : 0
    const bytesPerSecond = first && elapsed >= 0.2 ? (sent - first.sent) / elapsed : null
    const secondsLeft = bytesPerSecond && bytesPerSecond > 0 ? Math.ceil((total - sent) / bytesPerSecond) : null
    this.current = { sent, total, bytesPerSecond: bytesPerSecond === null ? null : Math.round(bytesPerSecond), secondsLeft }
    const gap = at - this.lastEmitted
    if (sent >= total || gap >= MIN_GAP_MS) {
      this.send()
      return
    }
    this.trailing ??= this.clock.setTimeout(() => {
      this.trailing = null
      this.send()
    }, MIN_GAP_MS - gap)
  }

  /** The latest progress, sent or not (for a full view of the job). */
  get latest(): JobProgress | null {
    return this.current
  }

  /** The attempt ended: nothing more is sent. */
  stop(): void {
    if (this.trailing !== null) this.clock.clearTimeout(this.trailing)
    this.trailing = null
  }

  private send(): void {
    if (this.trailing !== null) this.clock.clearTimeout(this.trailing)
    this.trailing = null
    if (!this.current) return
    this.lastEmitted = this.clock.now()
    this.emit(this.current)
  }
}
