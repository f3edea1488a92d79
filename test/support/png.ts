import { crc32, deflateSync } from 'node:zlib'

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

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
