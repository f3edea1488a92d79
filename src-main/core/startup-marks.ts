/** The phases of a start on the main side, in the order they usually come. */
export const MAIN_STARTUP_PHASES = ['ready', 'window-created', 'queue-restored', 'library-restored', 'core-opened', 'page-loaded', 'painted'] as const

export type MainStartupPhase = (typeof MAIN_STARTUP_PHASES)[number]

/** Performance marks of one start: each phase's time since the process started, written once as one line. */
export interface StartupMarks {
  /** Notes a phase now; only its first time counts (a reload loads the page again). */
  mark(phase: MainStartupPhase): void
  /** The phases noted so far, ms since the process started. */
  readonly marks: ReadonlyMap<MainStartupPhase, number>
}

export interface StartupMarksOptions {
  /** Ms since the process started (performance.now in Node and Electron's main). */
  now?: () => number
  /** Told once every phase is noted, with the one line for the log. */
  onComplete: (line: string) => void
}

/** Records the start's phases against the monotonic clock and reports them all together. */
export function createStartupMarks(options: StartupMarksOptions): StartupMarks {
  const now = options.now ?? (() => performance.now())
  const marks = new Map<MainStartupPhase, number>()
  return {
    mark(phase) {
      if (marks.has(phase)) return
      marks.set(phase, now())
      if (marks.size < MAIN_STARTUP_PHASES.length) return
      const line = [...marks.entries()]
        .sort(([, a], [, b]) => a - b)
        .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
        .join(', ')
      options.onComplete(`Start-up, ms since the process started: ${line}`)
    },
    marks
  }
}
