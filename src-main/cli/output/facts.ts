import { printable } from './sanitize'
import { displayWidth, padEnd, truncate } from './text-width'

const cell = (value: string | number | boolean | null | undefined): string =>
  value === null || value === undefined ? 'unknown' : value === true ? 'yes' : value === false ? 'no' : printable(String(value))

/** Aligned "label  value" lines; an unknown value shows as "unknown", never blank or 0. */
export function facts(rows: readonly (readonly [string, string | number | boolean | null | undefined])[]): string {
  const width = Math.max(0, ...rows.map(([label]) => displayWidth(label)))
  return rows.map(([label, value]) => `${padEnd(label, width)}  ${cell(value)}`.trimEnd()).join('\n')
}

/** No column is cut below this, or it would say nothing. */
const FLOOR = 8
/**
 * Columns are dropped until cut columns keep at least this much (or all of a shorter value):
 * "Spring Cat…" beside a link cut to "http://12…" helps nobody; a whole name with fewer columns does.
 */
const COMFORT = 20

/** How a table may be cut to fit. */
export interface TableFit {
  /** The columns to fit in (a terminal's); without one (a pipe, a file), nothing is cut. */
  width: number | undefined
  /** The columns that may be cut, by index; the others (IDs, dates, counts) stay whole. All, when not given. */
  cut?: readonly number[]
  /** Columns left out, in this order, while the table cannot fit with every cut column at a comfortable width (COMFORT). */
  drop?: readonly number[]
}

/** The columns shown: all, less those dropped (in order) until the table fits with cut columns still readable. */
function shownColumns(natural: readonly number[], fit: TableFit, width: number): number[] {
  const shown = natural.map((_, index) => index)
  const cut = new Set(fit.cut ?? shown)
  const comfortable = (): number =>
    shown.reduce((sum, index) => sum + (cut.has(index) ? Math.min(COMFORT, natural[index] ?? 0) : (natural[index] ?? 0)), 2 * (shown.length - 1))
  for (const index of fit.drop ?? []) {
    if (comfortable() <= width) break
    shown.splice(shown.indexOf(index), 1)
  }
  return shown
}

/**
 * Column widths that fit `width`: the widest of the columns that may be cut gives up room
 * first, down to the floor, so cut cells keep as much as they can. When even that does not
 * fit, the line is as narrow as it can get and wraps.
 */
function fitted(natural: readonly number[], width: number, cut: readonly number[]): number[] {
  const widths = [...natural]
  const gaps = 2 * (widths.length - 1)
  for (;;) {
    const excess = widths.reduce((sum, w) => sum + w, 0) + gaps - width
    if (excess <= 0) return widths
    const candidates = cut.filter((index) => (widths[index] ?? 0) > FLOOR)
    if (candidates.length === 0) return widths
    const widest = candidates.reduce((best, index) => ((widths[index] ?? 0) > (widths[best] ?? 0) ? index : best))
    const current = widths[widest] ?? 0
    const next = Math.max(FLOOR, ...candidates.filter((index) => index !== widest).map((index) => widths[index] ?? 0))
    // Down to the next widest (then both shrink in turn), or just enough, whichever comes first.
    widths[widest] = Math.max(FLOOR, Math.min(current - 1, Math.max(next, current - excess)))
  }
}

/**
 * A plain text table: a header row and left-aligned columns, two spaces apart. With a width
 * (a terminal), long cells are cut with "…" so each row fits; without (a pipe, a file),
 * nothing is cut. Cells are made printable (names come from the service).
 */
export function table(header: readonly string[], rows: readonly (readonly string[])[], fit: TableFit = { width: undefined }): string {
  const allCells = rows.map((row) => header.map((_, column) => printable(row[column] ?? '')))
  const allNatural = header.map((title, column) => Math.max(displayWidth(title), ...allCells.map((row) => displayWidth(row[column] ?? ''))))
  const columns = fit.width === undefined ? header.map((_, index) => index) : shownColumns(allNatural, fit, fit.width)
  const pick = <T>(values: readonly T[]): T[] => columns.flatMap((index) => (index < values.length ? [values[index] as T] : []))
  const natural = pick(allNatural)
  const cut = (fit.cut ?? header.map((_, index) => index)).filter((index) => columns.includes(index)).map((index) => columns.indexOf(index))
  const widths = fit.width === undefined ? natural : fitted(natural, fit.width, cut)
  const line = (values: readonly string[]): string =>
    values
      .map((value, column) => {
        const size = widths[column] ?? 0
        const shown = truncate(value, size)
        return column === values.length - 1 ? shown : padEnd(shown, size)
      })
      .join('  ')
      .trimEnd()
  return [line(pick(header)), ...allCells.map((row) => line(pick(row)))].join('\n')
}
