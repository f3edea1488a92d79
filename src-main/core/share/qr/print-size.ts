/** Millimetres per unit a print size may be written in. */
const UNIT_MM: Record<string, number> = { mm: 1, cm: 10, in: 25.4 }

/** The smallest and largest print sizes accepted (a code under 10 mm is unreliable on paper; 2 m is a banner). */
export const MIN_PRINT_MM = 10
export const MAX_PRINT_MM = 2000

/**
 * A print size as typed (`30mm`, `1.2in`, `3 cm`, or a bare number of millimetres) in millimetres,
 * or why it cannot be read.
 */
export function parsePrintSize(text: string): { ok: true; mm: number } | { ok: false; message: string } {
  const match = /^\s*(\d+(?:[.,]\d+)?)\s*(mm|cm|in|")?\s*$/i.exec(text)
  if (!match?.[1]) return { ok: false, message: `“${text}” is not a print size: write it like 30mm or 1.2in.` }
  const unit = (match[2] ?? 'mm').toLowerCase().replace('"', 'in')
  const mm = Number(match[1].replace(',', '.')) * (UNIT_MM[unit] ?? 1)
  if (mm < MIN_PRINT_MM) return { ok: false, message: `${text} is too small to print a code phones read: ${String(MIN_PRINT_MM)} mm is the least.` }
  if (mm > MAX_PRINT_MM) return { ok: false, message: `${text} is larger than a code needs: ${String(MAX_PRINT_MM / 1000)} m is the most.` }
  return { ok: true, mm: Math.round(mm * 1000) / 1000 }
}
