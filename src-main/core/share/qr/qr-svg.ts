import type { QrOptions } from '../../../../src-shared/domain/share'
import { darkPath, sideWithQuietZone, type QrMatrix } from './qr-matrix'

/** A length in millimetres as SVG writes it: at most three decimals (a micrometre), no trailing zeros. */
function mm(value: number): string {
  return `${String(Number(value.toFixed(3)))}mm`
}

/**
 * The code as a pure-vector SVG at its print size: a light square and the dark modules as one
 * filled path, nothing else (no image, no stroke, no text). Drawn here rather than by the qrcode
 * library, whose SVG draws modules as strokes and sizes the image in pixels only: print tools
 * (and cutters) want filled shapes, and InDesign places `width="30mm"` at 30 mm.
 */
export function qrSvg(matrix: QrMatrix, options: Pick<QrOptions, 'sizeMm' | 'dark' | 'light'>): string {
  const side = sideWithQuietZone(matrix)
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${mm(options.sizeMm)}" height="${mm(options.sizeMm)}" viewBox="0 0 ${String(side)} ${String(side)}" shape-rendering="crispEdges">` +
    `<rect width="${String(side)}" height="${String(side)}" fill="${options.light}"/>` +
    `<path d="${darkPath(matrix)}" fill="${options.dark}"/>` +
    `</svg>\n`
  )
}
