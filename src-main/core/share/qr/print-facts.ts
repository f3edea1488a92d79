import { MIN_PRINT_DPI } from '../../../../src-shared/domain/share'

const MM_PER_INCH = 25.4

/** A PNG's side in pixels for a printed side in millimetres at a resolution. */
export function pixelsFor(sizeMm: number, dpi: number): number {
  return Math.round((sizeMm / MM_PER_INCH) * dpi)
}

/** Whether a PNG's resolution is enough for print (below 150 dpi modules blur on paper). */
export function dpiIsPrintReady(dpi: number): boolean {
  return dpi >= MIN_PRINT_DPI
}

/**
 * The farthest a phone reads a code from, in centimetres: the common rule is a code at least
 * a tenth of the scanning distance, so 30 mm suits about 30 cm.
 */
export function scanDistanceCm(sizeMm: number): number {
  return Math.round(sizeMm)
}

/** Points (1/72 inch, PDF's unit) for millimetres. */
export function pointsFor(mm: number): number {
  return (mm / MM_PER_INCH) * 72
}
