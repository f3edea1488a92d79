import QRCode from 'qrcode'
import { QR_QUIET_MODULES, type QrEcc } from '../../../../src-shared/domain/share'

/** A QR code's modules: `size` per side, `dark(x, y)` for each, the quiet zone not included. */
export interface QrMatrix {
  size: number
  dark(x: number, y: number): boolean
}

/** A horizontal run of dark modules, in module units of the whole code (quiet zone included). */
export interface DarkRun {
  x: number
  y: number
  length: number
}

/** The module matrix of exactly `text` at the error correction asked for (the qrcode library picks the smallest version and the mode). */
export function qrMatrix(text: string, ecc: QrEcc): QrMatrix {
  const code = QRCode.create(text, { errorCorrectionLevel: ecc })
  const { size, data } = code.modules
  return { size, dark: (x, y) => data[y * size + x] === 1 }
}

/** Modules per side with the quiet zone on both sides. */
export function sideWithQuietZone(matrix: QrMatrix): number {
  return matrix.size + 2 * QR_QUIET_MODULES
}

/** The dark modules as horizontal runs, offset by the quiet zone: what the SVG and PDF paths are drawn from. */
export function darkRuns(matrix: QrMatrix): DarkRun[] {
  const runs: DarkRun[] = []
  for (let y = 0; y < matrix.size; y++) {
    let start = -1
    for (let x = 0; x <= matrix.size; x++) {
      const dark = x < matrix.size && matrix.dark(x, y)
      if (dark && start < 0) start = x
      if (!dark && start >= 0) {
        runs.push({ x: start + QR_QUIET_MODULES, y: y + QR_QUIET_MODULES, length: x - start })
        start = -1
      }
    }
  }
  return runs
}

/** SVG path data of the dark modules, one closed rectangle per run, in module units (y down). */
export function darkPath(matrix: QrMatrix): string {
  return darkRuns(matrix)
    .map((run) => `M${String(run.x)} ${String(run.y)}h${String(run.length)}v1h-${String(run.length)}z`)
    .join('')
}
