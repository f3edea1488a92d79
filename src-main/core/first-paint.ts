/**
 * Background work the first view does not need (the plan and reference-list refreshes, the
 * hot-folder scan, the update check) waits for the window's first paint, so it never competes
 * with the start for the CPU, the disk or the one rate limiter. A start without a window that
 * paints (a page that failed to load, a window closed at once) goes on after the fallback.
 */
export interface FirstPaint {
  /** The renderer has painted its first view (`app:painted`); later calls change nothing. */
  painted(): void
  /** Runs `work` once the first view has painted or the fallback has passed; at once after that. */
  after(work: () => unknown): void
  /** Whether work runs at once now. */
  readonly done: boolean
  /** Stops the fallback timer without running what waits (the core closed before it painted). */
  dispose(): void
}

/** How long background work waits for a first paint that may never come (production default). */
export const FIRST_PAINT_FALLBACK_MS = 5000

export interface FirstPaintOptions {
  /** Tests shorten it; the app uses FIRST_PAINT_FALLBACK_MS. */
  fallbackMs?: number
  /** Told once, when the wait ends: why (the paint or the fallback). */
  onDone?: (reason: 'painted' | 'fallback') => void
}

/** A wait for the first paint, ended by `painted()` or by the fallback timer. */
export function createFirstPaint(options: FirstPaintOptions = {}): FirstPaint {
  let waiting: (() => unknown)[] | null = []
  const finish = (reason: 'painted' | 'fallback'): void => {
    if (waiting === null) return
    clearTimeout(timer)
    const work = waiting
    waiting = null
    options.onDone?.(reason)
    for (const run of work) run()
  }
  const timer = setTimeout(() => finish('fallback'), options.fallbackMs ?? FIRST_PAINT_FALLBACK_MS)
  // A process with nothing else to do (a test, a command) is not kept alive by it.
  timer.unref()
  return {
    painted: () => finish('painted'),
    after(work) {
      if (waiting === null) work()
      else waiting.push(work)
    },
    get done() {
      return waiting === null
    },
    dispose() {
      clearTimeout(timer)
      waiting = []
    }
  }
}

/** Hosts whose start nothing paints for (the command, the test host): nothing waits. */
export const NO_PAINT_WAIT: FirstPaint = {
  painted: () => {},
  after: (work) => void work(),
  done: true,
  dispose: () => {}
}
