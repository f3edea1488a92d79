import type { JobProgress } from '../../../src-shared/domain/queue'

/** At most this many progress events per job per second (the renderer redraws on each). */
const EVENTS_PER_SECOND = 10
/** Speed is measured over this window, so one slow read does not swing the estimate. */
const WINDOW_MS = 3_000

/**
 * Turns byte counts into progress with speed and time left, and decides which updates are
 * worth sending: at most ten a second, and always the first and the last.
 */
export class ProgressMeter {
  private readonly samples: { at: number; sent: number }[] = []
  private lastEmitted = -Infinity
  private current: JobProgress | null = null

  constructor(private readonly now: () => number = Date.now) {}

  /** Records a count; returns the progress to send now, or null to skip this one. */
  update(sent: number, total: number): JobProgress | null {
    const at = this.now()
    this.samples.push({ at, sent })
    while (this.samples.length > 2 && (this.samples[0]?.at ?? at) < at - WINDOW_MS) this.samples.shift()
    const first = this.samples[0]
    const elapsed = first ? (at - first.at) / 1000 : 0
    const bytesPerSecond = first && elapsed >= 0.2 ? (sent - first.sent) / elapsed : null
    const secondsLeft = bytesPerSecond && bytesPerSecond > 0 ? Math.ceil((total - sent) / bytesPerSecond) : null
    this.current = { sent, total, bytesPerSecond: bytesPerSecond === null ? null : Math.round(bytesPerSecond), secondsLeft }
    const last = sent >= total
    if (!last && at - this.lastEmitted < 1000 / EVENTS_PER_SECOND) return null
    this.lastEmitted = at
    return this.current
  }

  /** The latest progress, sent or not (for a full view of the job). */
  get latest(): JobProgress | null {
    return this.current
  }
}
