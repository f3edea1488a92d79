import { createHash } from 'node:crypto'
import { crc32, deflateSync } from 'node:zlib'

const WIDTH = 120
const HEIGHT = 160

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** An HSL colour as RGB bytes (s, l in 0..1). */
function hsl(hue: number, saturation: number, lightness: number): [number, number, number] {
  const a = saturation * Math.min(lightness, 1 - lightness)
  const f = (n: number): number => {
    const k = (n + hue / 30) % 12
    return Math.round(255 * (lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))))
  }
  return [f(0), f(8), f(4)]
}

const cache = new Map<string, Buffer>()

/**
 * A page-shaped cover for a thumbnail path: a colour of its own (from the path), a title band
 * and a few "text lines", so the demo's library looks like a library of different documents
 * rather than grey boxes. Deterministic, and cached per path.
 */
export function coverPng(path: string): Buffer {
  const cached = cache.get(path)
  if (cached) return cached
  const seed = createHash('sha256').update(path).digest()
  const hue = ((seed[0] ?? 0) * 360) / 256
  const paper = hsl(hue, 0.35, 0.93)
  const band = hsl(hue, 0.55, 0.45)
  const ink = hsl(hue, 0.25, 0.7)
  const bandEnd = 38 + ((seed[1] ?? 0) % 24)
  const rows: Buffer[] = []
  for (let y = 0; y < HEIGHT; y++) {
    const row = Buffer.alloc(1 + WIDTH * 3)
    const textLine = y > bandEnd + 10 && (y - bandEnd) % 12 < 4 && y < HEIGHT - 14
    const lineEnd = WIDTH - 14 - ((seed[(y % 28) + 2] ?? 0) % 40)
    for (let x = 0; x < WIDTH; x++) {
      const color = y < bandEnd ? band : textLine && x > 12 && x < lineEnd ? ink : paper
      row.set(color, 1 + x * 3)
    }
    rows.push(row)
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(WIDTH, 0)
  header.writeUInt32BE(HEIGHT, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0))
  ])
  if (cache.size > 20_000) cache.clear()
  cache.set(path, png)
  return png
}
