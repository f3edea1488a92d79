import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterNextPaint } from '../../../src-renderer/src/startup/after-paint'
import { createFirstViewGate } from '../../../src-renderer/src/startup/first-view'
import { markOnce, STARTUP_MARKS, startupTimes } from '../../../src-renderer/src/startup/startup-marks'

describe('the first-view gate', () => {
  it('holds work until the first view has painted, then runs it once, in the order asked', async () => {
    const gate = createFirstViewGate()
    const ran: string[] = []
    gate.after(() => ran.push('library'))
    gate.after(() => ran.push('links'))
    const opened = gate.opened()
    expect(ran).toEqual([])
    expect(gate.isOpen).toBe(false)
    gate.open()
    gate.open()
    await opened
    expect(ran).toEqual(['library', 'links'])
    // Asked once open: at once.
    gate.after(() => ran.push('updates'))
    expect(ran).toEqual(['library', 'links', 'updates'])
  })
})

describe('after the next paint', () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('waits for a frame, then for the task after it', async () => {
    vi.useFakeTimers()
    let frame: (() => void) | null = null
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => {
      frame = callback
      return 1
    })
    let done = false
    void afterNextPaint(10_000).then(() => (done = true))
    await vi.advanceTimersByTimeAsync(50)
    expect(done).toBe(false)
    // The frame is drawn; the task queued from it runs after.
    ;(frame as (() => void) | null)?.()
    await vi.advanceTimersByTimeAsync(0)
    expect(done).toBe(true)
  })

  it('goes ahead without a frame in a window that draws none', async () => {
    vi.useFakeTimers()
    vi.stubGlobal('requestAnimationFrame', () => 1)
    let done = false
    void afterNextPaint(300).then(() => (done = true))
    await vi.advanceTimersByTimeAsync(299)
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(done).toBe(true)
  })
})

describe('start-up marks', () => {
  it('marks each phase once: a later call never moves it', () => {
    markOnce(STARTUP_MARKS.firstView)
    const first = startupTimes()[STARTUP_MARKS.firstView]
    markOnce(STARTUP_MARKS.firstView)
    expect(performance.getEntriesByName(STARTUP_MARKS.firstView, 'mark')).toHaveLength(1)
    expect(startupTimes()[STARTUP_MARKS.firstView]).toBe(first)
  })
})
