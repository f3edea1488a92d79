import { printable } from './sanitize'
import { DEFAULT_COLUMNS } from './terminal'
import { truncate } from './text-width'

/** The width of the process's own stderr, for a board built without one. */
const stderrColumns = (): number => process.stderr.columns || DEFAULT_COLUMNS

/**
 * A block of lines at the bottom of the terminal on stderr, redrawn in place (one per running
 * upload), with lines that stay printed above it. Every line is cut to the width so none wraps:
 * a wrapped line would take rows the next redraw does not erase. Only for a live terminal:
 * elsewhere nothing is drawn (the caller prints plain lines).
 */
export class ProgressBoard {
  private drawn = 0

  constructor(
    private readonly write: (text: string) => void,
    private readonly columns: () => number = stderrColumns
  ) {}

  /** Prints a line that stays, above the board. */
  log(line: string): void {
    this.clear()
    this.write(`${printable(line)}\n`)
  }

  /** Replaces the board's lines. */
  draw(lines: readonly string[]): void {
    this.clear()
    // One column spare: a line filling the last column makes some terminals wrap early.
    const width = Math.max(10, this.columns() - 1)
    const text = lines.map((line) => `${truncate(printable(line), width)}\n`).join('')
    if (text !== '') this.write(text)
    this.drawn = lines.length
  }

  /** Removes the board: up to its first line, then erase to the end of the screen. */
  clear(): void {
    if (this.drawn === 0) return
    this.write(`\x1b[${this.drawn}A\r\x1b[J`)
    this.drawn = 0
  }
}
