import { afterEach, describe, expect, it } from 'vitest'
import { reportStartupTimes } from '../../../src-renderer/src/startup/report-startup'
import { markOnce, STARTUP_MARKS } from '../../../src-renderer/src/startup/startup-marks'
import { installBridge } from '../fake-main'

describe("the renderer's start-up marks reach main's log", () => {
  afterEach(() => performance.clearMarks())

  it('sends each phase reached in ms since navigation, and null for one not reached', async () => {
    const main = installBridge(() => ({ ok: true, value: undefined }))
    markOnce(STARTUP_MARKS.scriptStart)
    markOnce(STARTUP_MARKS.firstPaint)
    await reportStartupTimes()
    const sent = main.calls.filter((call) => call.channel === 'app:rendererStartup')
    expect(sent).toHaveLength(1)
    const times = sent[0]?.input as { scriptStart: number | null; firstPaint: number | null; firstView: number | null }
    expect(times.scriptStart).toEqual(expect.any(Number))
    expect(times.firstPaint).toBeGreaterThanOrEqual(times.scriptStart ?? Infinity)
    expect(times.firstView).toBeNull()
  })

  it('a main that refuses loses only the log line', async () => {
    installBridge(() => ({ ok: false, error: { code: 'internal', message: 'no' } }))
    await expect(reportStartupTimes()).resolves.toBeUndefined()
  })
})
