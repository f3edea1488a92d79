/**
 * The renderer's start-up phases as performance marks (DevTools' Performance panel and the
 * bench read them by name). Their startTime counts from navigation.
 */
export const STARTUP_MARKS = {
  scriptStart: 'flipdrop:script-start',
  firstPaint: 'flipdrop:first-paint',
  /** The view that opened has painted what it shows: its first rows, its empty state, or sign-in. */
  firstView: 'flipdrop:first-view'
} as const

export type StartupMark = (typeof STARTUP_MARKS)[keyof typeof STARTUP_MARKS]

/** Marks a phase once: a later remount or sign-in never moves it. */
export function markOnce(name: StartupMark): void {
  if (performance.getEntriesByName(name, 'mark').length === 0) performance.mark(name)
}

/** The phases reached so far, in milliseconds since navigation. */
export function startupTimes(): Partial<Record<StartupMark, number>> {
  const times: Partial<Record<StartupMark, number>> = {}
  for (const name of Object.values(STARTUP_MARKS)) {
    const entry = performance.getEntriesByName(name, 'mark')[0]
    if (entry) times[name] = entry.startTime
  }
  return times
}
