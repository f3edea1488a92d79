import { afterEach, describe, expect, it } from 'vitest'
import { monotonicNow, monotonicOfWall, useClock, wallNow, wallTimeOf, watchWallSteps } from '../../../src-main/core/clock'

/** A clock the test moves: monotonic time, and a wall clock that can also step. */
function manualClock(): { advance(ms: number): void; step(ms: number): void } {
  let mono = 1_000
  let wall = Date.UTC(2026, 10, 27, 12, 0, 0)
  restore = useClock({ monotonicNow: () => mono, wallNow: () => wall })
  return {
    advance: (ms) => {
      mono += ms
      wall += ms
    },
    step: (ms) => void (wall += ms)
  }
}

let restore: () => void = () => {}
afterEach(() => restore())

describe('the core clock', () => {
  it('a monotonic deadline is shown at the wall time it falls at now, whatever the clock was set to since', () => {
    const clock = manualClock()
    const deadline = monotonicNow() + 30_000
    expect(wallTimeOf(deadline)).toBe(wallNow() + 30_000)
    clock.step(-2 * 3600_000)
    clock.advance(10_000)
    expect(wallTimeOf(deadline) - wallNow()).toBe(20_000)
  })

  it('a stored wall-time deadline becomes a monotonic one, never further away than its length (the clock set back since it was written)', () => {
    const clock = manualClock()
    const written = wallNow() + 10_000
    expect(monotonicOfWall(written, 10_000) - monotonicNow()).toBe(10_000)
    clock.step(-2 * 3600_000)
    expect(monotonicOfWall(written, 10_000) - monotonicNow()).toBe(10_000)
    clock.step(4 * 3600_000)
    expect(monotonicOfWall(written, 10_000)).toBeLessThan(monotonicNow())
  })

  it('notices when the computer clock was set, forward or back, and only then', async () => {
    const clock = manualClock()
    let steps = 0
    const stop = watchWallSteps(() => (steps += 1), 10)
    const pause = (): Promise<unknown> => new Promise((resolve) => setTimeout(resolve, 60))
    try {
      clock.advance(5_000)
      await pause()
      expect(steps).toBe(0)
      clock.step(-2 * 3600_000)
      await pause()
      expect(steps).toBe(1)
      clock.step(2 * 3600_000)
      await pause()
      expect(steps).toBe(2)
    } finally {
      stop()
    }
  })

  it('the system clock moves forward with real time', async () => {
    const before = monotonicNow()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(monotonicNow() - before).toBeGreaterThanOrEqual(15)
  })
})
