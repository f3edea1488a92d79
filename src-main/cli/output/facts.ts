/** Aligned "label  value" lines; an unknown value shows as "unknown", never blank or 0. */
export function facts(rows: readonly (readonly [string, string | number | boolean | null | undefined])[]): string {
  const width = Math.max(0, ...rows.map(([label]) => label.length))
  return rows
    .map(([label, value]) => `${label.padEnd(width)}  ${value === null || value === undefined ? 'unknown' : value === true ? 'yes' : value === false ? 'no' : String(value)}`)
    .join('\n')
}

/** A plain text table: a header row and left-aligned columns, two spaces apart. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)))
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd()
  return [line(header), ...rows.map(line)].join('\n')
}
