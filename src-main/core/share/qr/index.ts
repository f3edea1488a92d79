/*
 * The QR core's interface (issue 30). Implemented by the QR work; the share service, the IPC
 * and the `flipdrop share` command call only these.
 */
import type { QrFileType, QrOptions } from '../../../../src-shared/domain/share'
import type { QrPreview } from '../../../../src-shared/domain/share-results'

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

/** Draws the code of `text` as a file of `type` at the options' print size (and DPI for PNG). */
export declare function drawQrFile(text: string, options: QrOptions, type: QrFileType): Promise<QrFile>

/** The code of `text` as the Share sheet previews it, with its print facts. */
export declare function qrPreview(text: string, options: QrOptions): QrPreview
