/** One line of the soak's verdict: what was measured at the end, at the start, the limit, and whether it holds. */
export interface SoakRow {
  what: string
  measured: string
  start: string
  limit: string
  ok: boolean
}

/** A number that may grow at most `percent` over its start. */
export function growthRow(what: string, end: number, start: number, percent: number, unit: string): SoakRow {
  const limit = start * (1 + percent / 100)
  const change = start === 0 ? 0 : ((end - start) / start) * 100
  return {
    what,
    measured: `${end.toFixed(1)} ${unit} (${change >= 0 ? '+' : ''}${change.toFixed(1)} %)`,
    start: `${start.toFixed(1)} ${unit}`,
    limit: `≤ ${limit.toFixed(1)} ${unit} (+${percent} %)`,
    ok: end <= limit
  }
}

/** A count that must come back to (at most) where it started. */
export function backToStartRow(what: string, end: number, start: number): SoakRow {
  return { what, measured: String(end), start: String(start), limit: `≤ ${start}`, ok: end <= start }
}

/** A number with a fixed ceiling, whatever it was at the start. */
export function ceilingRow(what: string, end: number, start: number, ceiling: number, unit = ''): SoakRow {
  const suffix = unit ? ` ${unit}` : ''
  return { what, measured: `${end}${suffix}`, start: `${start}${suffix}`, limit: `≤ ${ceiling}${suffix}`, ok: end <= ceiling }
}
