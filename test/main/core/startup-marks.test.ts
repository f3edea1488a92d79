import { describe, expect, it } from 'vitest'
import { createFirstPaint } from '../../../src-main/core/first-paint'
import { createStartupMarks, MAIN_STARTUP_PHASES } from '../../../src-main/core/startup-marks'

describe('start-up performance marks', () => {
  it('writes one line with every phase in time order once all are noted, each at its first time', () => {
    let clock = 0
    const lines: string[] = []
    const marks = createStartupMarks({ now: () => clock, onComplete: (line) => lines.push(line) })
    const order = [...MAIN_STARTUP_PHASES].reverse()
    for (const phase of order) {
      clock += 10
      marks.mark(phase)
    }
    expect(lines).toHaveLength(1)
    expect(lines[0]).toBe(`Start-up, ms since the process started: ${order.map((phase, index) => `${phase} ${((index + 1) * 10).toFixed(1)}`).join(', ')}`)
    // A reload loads the page again: the first time counts, and the line is not written again.
    clock += 10
    marks.mark('page-loaded')
    expect(marks.marks.get('page-loaded')).toBe(20)
    expect(lines).toHaveLength(1)
  })

  it('says nothing until the start is complete', () => {
    const lines: string[] = []
    const marks = createStartupMarks({ onComplete: (line) => lines.push(line) })
    for (const phase of MAIN_STARTUP_PHASES.slice(1)) marks.mark(phase)
    expect(lines).toEqual([])
    expect(marks.marks.size).toBe(MAIN_STARTUP_PHASES.length - 1)
  })
})

describe('the wait for the first paint', () => {
  it('holds work until painted, runs it once, then runs new work at once', () => {
    const ran: string[] = []
    const reasons: string[] = []
    const firstPaint = createFirstPaint({ fallbackMs: 600_000, onDone: (reason) => reasons.push(reason) })
    firstPaint.after(() => ran.push('plan'))
    firstPaint.after(() => ran.push('scan'))
    expect(ran).toEqual([])
    firstPaint.painted()
    firstPaint.painted()
    expect(ran).toEqual(['plan', 'scan'])
    firstPaint.after(() => ran.push('later'))
    expect(ran).toEqual(['plan', 'scan', 'later'])
    expect(reasons).toEqual(['painted'])
  })

  it('goes on after the fallback when nothing paints', async () => {
    const reasons: string[] = []
    const firstPaint = createFirstPaint({ fallbackMs: 20, onDone: (reason) => reasons.push(reason) })
    const ran = new Promise<void>((resolve) => firstPaint.after(resolve))
    await ran
    expect(reasons).toEqual(['fallback'])
    expect(firstPaint.done).toBe(true)
  })
})

describe("the renderer's start-up line", () => {
  it('names each phase in ms since navigation; a phase not reached reads "-"', async () => {
    const { rendererStartupLine } = await import('../../../src-main/core/app/app-service')
    expect(rendererStartupLine({ scriptStart: 41.26, firstPaint: 180, firstView: null })).toBe(
      'Renderer start-up, ms since navigation: script-start 41.3, first-paint 180.0, first-view -'
    )
  })
})
