import { printable } from './sanitize'
import { truncate } from './text-width'
import { monotonicNow } from '../../core/clock'

/** A one-line status on stderr, redrawn in place with \r while something runs. */
export interface StatusLine {
  /** Replaces the line (at most every `everyMs`, unless `force`). */
  update(text: string, force?: boolean): void
  /** Removes the line, so what follows starts on a clean line. */
  clear(): void
}

/**
 * Draws only on a live terminal (stderr is one, and not TERM=dumb): a redirected log must not
 * fill with \r frames. Each frame is cut to the width, so it never wraps onto a second row
 * that \r cannot reach. Commands get one from `ctx.statusLine()`.
 */
export function createStatusLine(live: boolean, columns: () => number, write: (text: string) => void, everyMs = 100): StatusLine {
  let last = 0
  let shown = false
  return {
    update(text, force = false) {
      if (!live) return
      const now = monotonicNow()
      if (!force && now - last < everyMs) return
      last = now
      shown = true
      // \x1b[K clears what a longer previous frame left on the right.
      write(`\r${truncate(printable(text), Math.max(10, columns() - 1))}\x1b[K`)
    },
    clear() {
      if (!live || !shown) return
      write('\r\x1b[K')
      shown = false
    }
  }
}
