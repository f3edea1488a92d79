/**
 * Draws the tray icons into build/tray (run once: `npx tsx scripts/make-tray-icons.ts`;
 * the PNGs are committed). The glyph is the app icon's open book: a black template for
 * the macOS menu bar (it tints it for light and dark), and the blue tile with the white
 * book for the Windows notification area and Linux trays. 1x and @2x of each.
 * No image library: shapes are sampled 8x8 per pixel and written as RGBA PNG with zlib.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { encodePng } from '../test/support/png'

type Point = readonly [number, number]
type Rgba = readonly [number, number, number, number]

/** The two pages, on a 16-unit square: outer edges lower than the spine, as in build/icon.png. */
const PAGES: readonly (readonly Point[])[] = [
  [
    [1.5, 3.6],
    [7.45, 2.6],
    [7.45, 13.4],
    [1.5, 13.4]
  ],
  [
    [8.55, 2.6],
    [14.5, 3.6],
    [14.5, 13.4],
    [8.55, 13.4]
  ]
]
/** Pages inside the blue tile are smaller, as on the app icon. */
const TILE_PAGES: readonly (readonly Point[])[] = PAGES.map((page) => page.map(([x, y]): Point => [8 + (x - 8) * 0.72, 8.3 + (y - 8) * 0.72]))
const BLUE_TOP: Rgba = [39, 91, 213, 255]
const BLUE_BOTTOM: Rgba = [74, 115, 196, 255]

/** Whether a point is inside a convex polygon given clockwise or counter-clockwise. */
function inside(polygon: readonly Point[], x: number, y: number): boolean {
  let sign = 0
  for (let i = 0; i < polygon.length; i++) {
    const [ax, ay] = polygon[i] ?? [0, 0]
    const [bx, by] = polygon[(i + 1) % polygon.length] ?? [0, 0]
    const cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax)
    if (cross !== 0) {
      if (sign === 0) sign = Math.sign(cross)
      else if (Math.sign(cross) !== sign) return false
    }
  }
  return true
}

/** Whether a point is inside the rounded tile (0.5..15.5, corner radius 3.5). */
function insideTile(x: number, y: number): boolean {
  const radius = 3.5
  const cx = Math.min(Math.max(x, 0.5 + radius), 15.5 - radius)
  const cy = Math.min(Math.max(y, 0.5 + radius), 15.5 - radius)
  return x >= 0.5 && x <= 15.5 && y >= 0.5 && y <= 15.5 && (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2
}

/** Colour at a point of the 16-unit square, or null where transparent. */
type Shader = (x: number, y: number) => Rgba | null

const template: Shader = (x, y) => (PAGES.some((page) => inside(page, x, y)) ? [0, 0, 0, 255] : null)

const tile: Shader = (x, y) => {
  if (TILE_PAGES.some((page) => inside(page, x, y))) return [255, 255, 255, 255]
  if (!insideTile(x, y)) return null
  // The app icon's vertical gradient.
  const t = y / 16
  const mix = (i: 0 | 1 | 2): number => Math.round(BLUE_TOP[i] * (1 - t) + BLUE_BOTTOM[i] * t)
  return [mix(0), mix(1), mix(2), 255]
}

/** Renders `size`×`size` RGBA pixels, 8x8 samples each, colours averaged over covered samples. */
function render(shader: Shader, size: number): Buffer {
  const samples = 8
  const pixels = Buffer.alloc(size * size * 4)
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0]
      let covered = 0
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const colour = shader(((px + (sx + 0.5) / samples) * 16) / size, ((py + (sy + 0.5) / samples) * 16) / size)
          if (!colour) continue
          covered += 1
          for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (colour[c] ?? 0)
        }
      }
      const at = (py * size + px) * 4
      if (covered === 0) continue
      for (let c = 0; c < 3; c++) pixels[at + c] = Math.round((sum[c] ?? 0) / covered)
      pixels[at + 3] = Math.round((covered / (samples * samples)) * 255)
    }
  }
  return pixels
}

const folder = fileURLToPath(new URL('../build/tray/', import.meta.url))
mkdirSync(folder, { recursive: true })
for (const [name, shader] of [
  ['trayTemplate', template],
  ['tray', tile]
] as const) {
  writeFileSync(`${folder}${name}.png`, encodePng(render(shader, 16), 16, 16, 'rgba', 9))
  writeFileSync(`${folder}${name}@2x.png`, encodePng(render(shader, 32), 32, 32, 'rgba', 9))
}
console.log(`Tray icons written to ${folder}`)
