import type { QrFileType, QrOptions } from '../../../../src-shared/domain/share'
import type { QrPreview } from '../../../../src-shared/domain/share-results'
import { qrContrast } from './colour-contrast'
import { dpiIsPrintReady, pixelsFor, scanDistanceCm } from './print-facts'
import { darkPath, qrMatrix, sideWithQuietZone } from './qr-matrix'
import { qrPdf } from './qr-pdf'
import { qrPng } from './qr-png'
import { qrSvg } from './qr-svg'

/** A drawn QR code file: its bytes (SVG as UTF-8), and the facts the command's --json prints. */
export interface QrFile {
  bytes: Uint8Array
  type: QrFileType
  /** Printed side with the quiet zone, mm. */
  sizeMm: number
  /** Modules per side without the quiet zone. */
  modules: number
  ecc: QrOptions['ecc']
}

/** Draws the code of exactly `text` as a file of `type` at the options' print size (and DPI for PNG); `title` names a PDF's document. */
export async function drawQrFile(text: string, options: QrOptions, type: QrFileType, title = text): Promise<QrFile> {
  const matrix = qrMatrix(text, options.ecc)
  const bytes = type === 'svg' ? Buffer.from(qrSvg(matrix, options), 'utf8') : type === 'png' ? qrPng(matrix, options) : await qrPdf(matrix, options, title)
  return { bytes, type, sizeMm: options.sizeMm, modules: matrix.size, ecc: options.ecc }
}

/** The code of exactly `text` as the Share sheet previews it, with its print facts. */
export function qrPreview(text: string, options: QrOptions): QrPreview {
  const matrix = qrMatrix(text, options.ecc)
  return {
    modules: matrix.size,
    path: darkPath(matrix),
    sizeMm: options.sizeMm,
    moduleMm: options.sizeMm / sideWithQuietZone(matrix),
    scanDistanceCm: scanDistanceCm(options.sizeMm),
    png: { pixels: pixelsFor(options.sizeMm, options.dpi), dpiOk: dpiIsPrintReady(options.dpi) },
    contrast: qrContrast(options.dark, options.light)
  }
}
