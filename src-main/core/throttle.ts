/** A throttled call: at once when idle, then at most once per interval while asked again. */
export interface Throttled {
  request(): void
  /** Runs now if a call is waiting (e.g. before quitting). */
  flush(): void
  cancel(): void
}

/**
 * Limits how often `run` happens: progress arrives up to ten times a second per job,
 * and the taskbar and tray need a few updates a second at most. The last request is
 * never lost: it runs at the end of the interval.
 */
export function throttle(run: () => void, intervalMs: number): Throttled {
  let timer: ReturnType<typeof setTimeout> | null = null
  let waiting = false
  const tick = (): void => {
    if (waiting) {
      waiting = false
      run()
      timer = setTimeout(tick, intervalMs)
    } else {
      timer = null
    }
  }
  return {
    request() {
      if (timer) {
        waiting = true
        return
      }
      run()
      timer = setTimeout(tick, intervalMs)
    },
    flush() {
      if (!waiting) return
      waiting = false
      run()
    },
    cancel() {
      if (timer) clearTimeout(timer)
      timer = null
      waiting = false
    }
  }
}
