/** A one-line status on stderr, redrawn in place with \r while something runs. */
export interface StatusLine {
  /** Replaces the line (at most every `everyMs`, unless `force`). */
  update(text: string, force?: boolean): void
  /** Removes the line, so what follows starts on a clean line. */
  clear(): void
}

/**
 * Draws only for a person at a terminal (`enabled`: the command's stdout is a terminal and
 * not --json) and when stderr is one too: a redirected log must not fill with \r frames.
 * Commands get one from `ctx.statusLine()`.
 */
export function createStatusLine(enabled: boolean, everyMs = 100, stream: NodeJS.WritableStream & { isTTY?: boolean }): StatusLine {
  const active = enabled && stream.isTTY === true
  let last = 0
  let shown = false
  return {
    update(text, force = false) {
      if (!active) return
      const now = Date.now()
      if (!force && now - last < everyMs) return
      last = now
      shown = true
      // \x1b[K clears what a longer previous frame left on the right.
      stream.write(`\r${text}\x1b[K`)
    },
    clear() {
      if (!active || !shown) return
      stream.write('\r\x1b[K')
      shown = false
    }
  }
}
