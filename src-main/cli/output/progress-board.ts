/**
 * A block of lines at the bottom of a terminal, redrawn in place (one per running upload),
 * with permanent lines printed above it. Plain ANSI: move up, clear line.
 */
export class ProgressBoard {
  private drawn = 0

  constructor(private readonly write: (text: string) => void) {}

  /** Prints a line that stays, above the board. */
  log(line: string): void {
    this.clear()
    this.write(`${line}\n`)
  }

  /** Replaces the board's lines. */
  draw(lines: readonly string[]): void {
    this.clear()
    for (const line of lines) this.write(`${line}\n`)
    this.drawn = lines.length
  }

  /** Removes the board (before a summary). */
  clear(): void {
    if (this.drawn === 0) return
    this.write(`\x1b[${this.drawn}A`)
    for (let line = 0; line < this.drawn; line++) this.write('\x1b[2K\n')
    this.write(`\x1b[${this.drawn}A`)
    this.drawn = 0
  }
}
