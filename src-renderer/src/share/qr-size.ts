import { qrOptionsSchema } from '../../../src-shared/domain/share'

/** Millimetres in an inch. */
const MM_PER_INCH = 25.4

export type QrUnit = 'mm' | 'in'

/** The PNG resolutions offered: draft, print, and fine print. */
export const QR_DPI_CHOICES = [150, 300, 600] as const

/**
 * A typed custom print size in millimetres (inches converted), or null when it is not a
 * size the code can be printed at (the share contract's limits).
 */
export function typedSizeMm(typed: string, unit: QrUnit): number | null {
  const value = Number(typed.replace(',', '.'))
  if (typed.trim() === '' || !Number.isFinite(value)) return null
  const mm = unit === 'in' ? value * MM_PER_INCH : value
  return qrOptionsSchema.shape.sizeMm.safeParse(mm).success ? mm : null
}

/** A size in millimetres written in a unit, to two decimals at most ("30", "1.18"). */
export function sizeInUnit(mm: number, unit: QrUnit): string {
  const value = unit === 'in' ? mm / MM_PER_INCH : mm
  return String(Number(value.toFixed(2)))
}
