import { createHash } from 'node:crypto'
import { encodePng } from '../../support/png'

const WIDTH = 120
const HEIGHT = 160

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
 * rather than grey boxes. Deterministic, and cached per path. A `variant` (e.g. the host when
 * each host has its own IDs) gives the same path another cover; '' keeps the path's own.
 */
export function coverPng(path: string, variant = ''): Buffer {
  const key = variant === '' ? path : `${variant}:${path}`
  const cached = cache.get(key)
  if (cached) return cached
  const seed = createHash('sha256').update(key).digest()
  const hue = ((seed[0] ?? 0) * 360) / 256
  const paper = hsl(hue, 0.35, 0.93)
  const band = hsl(hue, 0.55, 0.45)
  const ink = hsl(hue, 0.25, 0.7)
  const bandEnd = 38 + ((seed[1] ?? 0) % 24)
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3)
  for (let y = 0; y < HEIGHT; y++) {
    const textLine = y > bandEnd + 10 && (y - bandEnd) % 12 < 4 && y < HEIGHT - 14
    const lineEnd = WIDTH - 14 - ((seed[(y % 28) + 2] ?? 0) % 40)
    for (let x = 0; x < WIDTH; x++) {
      const color = y < bandEnd ? band : textLine && x > 12 && x < lineEnd ? ink : paper
      pixels.set(color, (y * WIDTH + x) * 3)
    }
  }
  const png = encodePng(pixels, WIDTH, HEIGHT, 'rgb')
  if (cache.size > 20_000) cache.clear()
  cache.set(key, png)
  return png
}
