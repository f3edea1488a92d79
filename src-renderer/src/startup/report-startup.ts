import { bridge } from '../bridge'
import { STARTUP_MARKS, startupTimes } from './startup-marks'

/** Sends the renderer's start-up marks to main's debug log, once the first view is shown. A failure only loses a log line. */
export async function reportStartupTimes(): Promise<void> {
  const times = startupTimes()
  try {
    await bridge().app.rendererStartup({
      scriptStart: times[STARTUP_MARKS.scriptStart] ?? null,
      firstPaint: times[STARTUP_MARKS.firstPaint] ?? null,
      firstView: times[STARTUP_MARKS.firstView] ?? null
    })
  } catch {
    // Only a debug log line is lost.
  }
}
