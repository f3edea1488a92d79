import type { QrOptions } from '../../../../src-shared/domain/share'
import { pointsFor } from './print-facts'
import { darkPath, sideWithQuietZone, type QrMatrix } from './qr-matrix'

function rgbFraction(hex: string): [number, number, number] {
  const [r, g, b] = [1, 3, 5].map((offset) => parseInt(hex.slice(offset, offset + 2), 16) / 255)
  return [r ?? 0, g ?? 0, b ?? 0]
}

/**
 * The code as a one-page vector PDF whose page is exactly the code with its quiet zone: a light
 * square and the dark modules as one filled path (pdf-lib, loaded only when a PDF is asked for).
 */
export async function qrPdf(matrix: QrMatrix, options: Pick<QrOptions, 'sizeMm' | 'dark' | 'light'>, title: string): Promise<Uint8Array> {
  const { PDFDocument, rgb } = await import('pdf-lib')
  const side = sideWithQuietZone(matrix)
  const pagePoints = pointsFor(options.sizeMm)
  const modulePoints = pagePoints / side
  const pdf = await PDFDocument.create()
  pdf.setTitle(title)
  pdf.setCreator('FlipDrop')
  pdf.setProducer('FlipDrop')
  const page = pdf.addPage([pagePoints, pagePoints])
  page.drawRectangle({ x: 0, y: 0, width: pagePoints, height: pagePoints, color: rgb(...rgbFraction(options.light)) })
  // drawSvgPath reads SVG coordinates (y down) from its origin at the page's top left.
  page.drawSvgPath(darkPath(matrix), { x: 0, y: pagePoints, scale: modulePoints, color: rgb(...rgbFraction(options.dark)) })
  return pdf.save({ useObjectStreams: false })
}
