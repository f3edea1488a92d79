import { displayWidth, padEnd, wrap } from '../output/text-width'

/** How help is drawn: its width, and whether headings may be bold (a terminal that takes it). */
export interface HelpStyle {
  readonly width: number
  readonly bold: boolean
}

/** Help never runs wider than this, however wide the terminal: long lines are hard to read. */
export const HELP_MAX_WIDTH = 100

/** A section heading. */
export function heading(text: string, style: HelpStyle): string {
  return style.bold ? `\x1b[1m${text}\x1b[22m` : text
}

/** A paragraph wrapped to the width, every line indented. */
export function paragraph(text: string, style: HelpStyle, indent = 0): string[] {
  const pad = ' '.repeat(indent)
  return wrap(text, Math.max(20, style.width - indent)).map((line) => `${pad}${line}`)
}

/**
 * "term  description" rows: the descriptions start in one column and wrap under themselves;
 * when the terms leave too little room (a narrow terminal), each description goes below its term.
 * `minTermWidth` lines up several blocks (the overview's groups) on one column.
 */
export function twoColumns(rows: readonly (readonly [string, string])[], style: HelpStyle, indent = 2, minTermWidth = 0): string[] {
  const termWidth = Math.max(minTermWidth, ...rows.map(([term]) => displayWidth(term)))
  const room = style.width - indent - termWidth - 2
  const pad = ' '.repeat(indent)
  const lines: string[] = []
  for (const [term, description] of rows) {
    if (room < 24) {
      lines.push(`${pad}${term}`, ...paragraph(description, style, indent + 4))
      continue
    }
    const [first = '', ...more] = wrap(description, room)
    lines.push(`${pad}${padEnd(term, termWidth)}  ${first}`.trimEnd())
    for (const line of more) lines.push(`${pad}${' '.repeat(termWidth + 2)}${line}`)
  }
  return lines
}

/**
 * A command line cut at spaces to fit, each cut ending in " \" so the lines still paste into
 * a shell as one command.
 */
export function shellLines(command: string, style: HelpStyle, indent: number): string[] {
  const room = Math.max(20, style.width - indent - 2)
  const pad = ' '.repeat(indent)
  const lines: string[] = []
  let line = ''
  for (const word of command.split(' ')) {
    if (line === '') line = word
    else if (displayWidth(line) + 1 + displayWidth(word) <= room) line += ` ${word}`
    else {
      lines.push(`${line} \\`)
      line = `  ${word}`
    }
  }
  lines.push(line)
  return lines.map((text) => `${pad}${text}`)
}
