import { describe, expect, it } from 'vitest'
import type { JobProgress } from '../../../../src-shared/domain/queue'
import { ProgressMeter, type MeterClock } from '../../../../src-main/core/queue/progress-meter'

/** A hand-driven clock: time moves only when the test says so, and due timers run then. */
function manualClock() {
  let now = 0
  const timers = new Map<number, { at: number; run: () => void }>()
  let nextId = 1
  const clock: MeterClock = {
    now: () => now,
    setTimeout: (run, ms) => {
      const id = nextId++
      timers.set(id, { at: now + ms, run })
      return id
    },
    clearTimeout: (id) => timers.delete(id as number)
  }
  function advance(ms: number): void {
    now += ms
    for (const [id, timer] of [...timers]) {
      if (timer.at <= now) {
        timers.delete(id)
        timer.run()
      }
    }
  }
  return { clock, advance, pending: () => timers.size }
}

describe('ProgressMeter', () => {
  it('sends at most ten a second, and the latest of a burst once the gap has passed', () => {
    const { clock, advance } = manualClock()
    const sent: JobProgress[] = []
    const meter = new ProgressMeter((progress) => sent.push(progress), clock)
    meter.update(0, 1000)
    meter.update(100, 1000)
    meter.update(400, 1000)
    expect(sent.map((progress) => progress.sent)).toEqual([0])
    // The transfer stops here (held by the server): the trailing send shows 400, not 0.
    advance(100)
    expect(sent.map((progress) => progress.sent)).toEqual([0, 400])
    advance(1000)
    expect(sent).toHaveLength(2)
  })

  it('sends the last count at once, and nothing after stop()', () => {
    const { clock, advance, pending } = manualClock()
    const sent: number[] = []
    const meter = new ProgressMeter((progress) => sent.push(progress.sent), clock)
    meter.update(0, 1000)
    meter.update(500, 1000)
    meter.update(1000, 1000)
    expect(sent).toEqual([0, 1000])
    expect(pending()).toBe(0)
    advance(50)
    meter.update(1000, 1000)
    meter.stop()
    meter.update(10, 1000)
    meter.stop()
    advance(500)
    expect(sent).toEqual([0, 1000, 1000])
  })

  it('measures speed over the last seconds and derives the time left', () => {
    const { clock, advance } = manualClock()
    const sent: JobProgress[] = []
    const meter = new ProgressMeter((progress) => sent.push(progress), clock)
    meter.update(0, 10_000)
    advance(1000)
    meter.update(1000, 10_000)
    expect(sent.at(-1)).toEqual({ sent: 1000, total: 10_000, bytesPerSecond: 1000, secondsLeft: 9 })
    expect(meter.latest).toEqual(sent.at(-1))
  })
})
