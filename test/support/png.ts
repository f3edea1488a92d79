import { deflateSync } from 'node:zlib'
import { PNG_SIGNATURE as SIGNATURE, pngChunk as chunk } from '../../src-main/core/share/qr/png-chunk'

/**
 * An 8-bit PNG of unfiltered rows: `rgb` (colour type 2, 3 bytes a pixel) or `rgba` (type 6, 4 bytes).
 * `pixels` is the image top to bottom, left to right, without filter bytes. Small on purpose:
 * the emulator's cover images and the tray icons need nothing more.
 */
export function encodePng(pixels: Buffer, width: number, height: number, kind: 'rgb' | 'rgba', level = 6): Buffer {
  const channels = kind === 'rgb' ? 3 : 4
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, kind === 'rgb' ? 2 : 6, 0, 0, 0], 8)
  const stride = width * channels
  const rows = Buffer.alloc(height * (stride + 1))
  for (let y = 0; y < height; y++) pixels.copy(rows, y * (stride + 1) + 1, y * stride, (y + 1) * stride)
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(rows, { level })), chunk('IEND', Buffer.alloc(0))])
}
