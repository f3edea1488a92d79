import { deflateSync } from 'node:zlib'
import type { QrOptions } from '../../../../src-shared/domain/share'
import { QR_QUIET_MODULES } from '../../../../src-shared/domain/share'
import { pixelsFor } from './print-facts'
import { PNG_SIGNATURE, pngChunk as chunk } from './png-chunk'
import type { QrMatrix } from './qr-matrix'

const INCHES_PER_METRE = 1000 / 25.4

function rgb(hex: string): number[] {
  return [1, 3, 5].map((offset) => parseInt(hex.slice(offset, offset + 2), 16))
}

/**
 * Where each module starts, in pixels, for `modules` modules over `pixels`: whole-pixel edges,
 * the leftover pixels spread so that two modules differ by one pixel at most.
 */
function moduleEdges(modules: number, pixels: number): number[] {
  return Array.from({ length: modules + 1 }, (_, index) => Math.floor((index * pixels) / modules))
}

/**
 * The code as a two-colour PNG of exactly the print size at the resolution (side = size × DPI),
 * with its resolution written in (pHYs), so layout tools place it at the size chosen. Written
 * here: the qrcode library's PNG (through pngjs) cannot carry a resolution, and a one-bit indexed
 * image is all a code needs (a 600 dpi 50 mm code stays a few kilobytes).
 */
export function qrPng(matrix: QrMatrix, options: Pick<QrOptions, 'sizeMm' | 'dark' | 'light' | 'dpi'>): Buffer {
  const pixels = pixelsFor(options.sizeMm, options.dpi)
  const side = matrix.size + 2 * QR_QUIET_MODULES
  const edges = moduleEdges(side, pixels)
  // Which module each pixel column and row falls in.
  const moduleAt = new Int32Array(pixels)
  for (let module = 0; module < side; module++) {
    for (let pixel = edges[module] ?? 0; pixel < (edges[module + 1] ?? pixels); pixel++) moduleAt[pixel] = module - QR_QUIET_MODULES
  }
  const isDark = (x: number, y: number): boolean => x >= 0 && y >= 0 && x < matrix.size && y < matrix.size && matrix.dark(x, y)

  const stride = Math.ceil(pixels / 8)
  const rows = Buffer.alloc(pixels * (stride + 1))
  let previous: Buffer | null = null
  for (let y = 0; y < pixels; y++) {
    const offset = y * (stride + 1)
    const moduleY = moduleAt[y] ?? 0
    // Rows of one module are the same: copy the row above instead of working it out again.
    if (previous && moduleAt[y - 1] === moduleY) {
      previous.copy(rows, offset)
      continue
    }
    for (let x = 0; x < pixels; x++) {
      // Palette index 1 is the dark colour; filter byte 0 (none) leads each row.
      if (isDark(moduleAt[x] ?? 0, moduleY)) rows[offset + 1 + (x >> 3)] = (rows[offset + 1 + (x >> 3)] ?? 0) | (0x80 >> (x & 7))
    }
    previous = rows.subarray(offset, offset + stride + 1)
  }

  const header = Buffer.alloc(13)
  header.writeUInt32BE(pixels, 0)
  header.writeUInt32BE(pixels, 4)
  header.set([1, 3, 0, 0, 0], 8) // 1 bit per pixel, indexed colour
  const resolution = Buffer.alloc(9)
  const perMetre = Math.round(options.dpi * INCHES_PER_METRE)
  resolution.writeUInt32BE(perMetre, 0)
  resolution.writeUInt32BE(perMetre, 4)
  resolution.writeUInt8(1, 8) // the unit is the metre
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('PLTE', Buffer.from([...rgb(options.light), ...rgb(options.dark)])),
    chunk('pHYs', resolution),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0))
  ])
}
