/*
 * How wide text is in a terminal's columns: most characters take one, East Asian wide and
 * emoji take two, combining marks none. Enough to keep a line from wrapping; not a font.
 */

/** Combining marks, zero-width spaces and joiners, variation selectors: they take no column. */
const ZERO_WIDTH: readonly (readonly [number, number])[] = [
  [0x0300, 0x036f],
  [0x0483, 0x0489],
  [0x0591, 0x05bd],
  [0x0610, 0x061a],
  [0x064b, 0x065f],
  [0x200b, 0x200f],
  [0x20d0, 0x20ff],
  [0xfe00, 0xfe0f],
  [0xfe20, 0xfe2f]
]

function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf && code !== 0x303f) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1faff) ||
    (code >= 0x20000 && code <= 0x3fffd)
  )
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/

/** Columns one character takes. */
function charWidth(char: string): number {
  const code = char.codePointAt(0) ?? 0
  // Latin and the like: one column, without searching the tables.
  if (code < 0x0300) return 1
  if (ZERO_WIDTH.some(([from, to]) => code >= from && code <= to)) return 0
  return isWide(code) ? 2 : 1
}

/** Columns `text` takes (no control characters expected: sanitize first). */
export function displayWidth(text: string): number {
  // Plain ASCII (all of the help, most names): as wide as it is long. Help measures every line.
  if (PRINTABLE_ASCII.test(text)) return text.length
  let width = 0
  for (const char of text) width += charWidth(char)
  return width
}

/** `text` cut to at most `width` columns, ending in "…" when it was cut. */
export function truncate(text: string, width: number): string {
  if (displayWidth(text) <= width) return text
  if (width <= 0) return ''
  let out = ''
  let used = 0
  for (const char of text) {
    const next = charWidth(char)
    if (used + next > width - 1) break
    out += char
    used += next
  }
  return `${out}…`
}

/** `text` padded with spaces to `width` columns. */
export function padEnd(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)))
}

/**
 * Wraps a paragraph to `width` columns at spaces; a word longer than a line (a path, a URL)
 * gets a line of its own rather than being broken.
 */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = []
  for (const paragraph of text.split('\n')) {
    let line = ''
    for (const word of paragraph.split(/ +/)) {
      if (line === '') line = word
      else if (displayWidth(line) + 1 + displayWidth(word) <= width) line += ` ${word}`
      else {
        lines.push(line)
        line = word
      }
    }
    lines.push(line)
  }
  return lines
}
