import { createCanvas, loadImage } from '@napi-rs/canvas'
import jsQR from 'jsqr'
import { PNG } from 'pngjs'

/** A decoded raster: what jsQR read, and the pixels to measure modules on. */
export interface Raster {
  width: number
  height: number
  /** RGBA, top to bottom. */
  data: Uint8ClampedArray
}

/** The text a QR code in the raster encodes, read by jsQR (a decoder of its own, not the library that drew it); null when none is found. */
export function readQr(raster: Raster): string | null {
  return jsQR(raster.data, raster.width, raster.height, { inversionAttempts: 'attemptBoth' })?.data ?? null
}

export function decodePng(bytes: Uint8Array): Raster {
  const image = PNG.sync.read(Buffer.from(bytes))
  return { width: image.width, height: image.height, data: new Uint8ClampedArray(image.data) }
}

/**
 * An SVG rasterised by Skia (through @napi-rs/canvas) at `pixels` square. Its print size is set
 * to that many pixels first: Skia rasterises an SVG at its own size, and scaling that bitmap up
 * would blur the module edges being measured.
 */
export async function rasteriseSvg(svg: Uint8Array, pixels: number): Promise<Raster> {
  const sized = Buffer.from(svg).toString('utf8').replace(/(<svg[^>]*?) width="[^"]*" height="[^"]*"/, `$1 width="${String(pixels)}" height="${String(pixels)}"`)
  const image = await loadImage(Buffer.from(sized, 'utf8'))
  const canvas = createCanvas(pixels, pixels)
  const context = canvas.getContext('2d')
  context.drawImage(image, 0, 0, pixels, pixels)
  return { width: pixels, height: pixels, data: new Uint8ClampedArray(context.getImageData(0, 0, pixels, pixels).data) }
}

/** A PDF's first page rendered by pdf.js at `scale` (1 = 72 dpi), and its page box in points. */
export async function rasterisePdf(pdf: Uint8Array, scale: number): Promise<Raster & { pagePoints: number[] }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const document = await pdfjs.getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise
  try {
    const page = await document.getPage(1)
    const viewport = page.getViewport({ scale })
    const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height))
    const context = canvas.getContext('2d')
    // pdf.js draws on any canvas that speaks the 2D context; @napi-rs/canvas is the one it uses in Node.
    await page.render({ canvas, canvasContext: context, viewport } as unknown as Parameters<typeof page.render>[0]).promise
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height)
    return { width: canvas.width, height: canvas.height, data: new Uint8ClampedArray(pixels.data), pagePoints: [...page.view] }
  } finally {
    await document.destroy()
  }
}

/** Whether the pixel at (x, y) is dark (under half brightness). */
export function darkAt(raster: Raster, x: number, y: number): boolean {
  const offset = (y * raster.width + x) * 4
  const [r, g, b] = [raster.data[offset] ?? 255, raster.data[offset + 1] ?? 255, raster.data[offset + 2] ?? 255]
  return r + g + b < 384
}

/** The light margin before the first dark pixel along the middle row and column, from each side, in pixels. */
export function lightMargins(raster: Raster): { left: number; top: number; right: number; bottom: number } {
  const firstDark = (count: number, at: (index: number) => boolean): number => {
    for (let index = 0; index < count; index++) if (at(index)) return index
    return count
  }
  // Rows and columns through the finder patterns (a seventh of the way in) cross dark modules near each edge.
  const row = Math.floor(raster.height * 0.2)
  const column = Math.floor(raster.width * 0.2)
  return {
    left: firstDark(raster.width, (x) => darkAt(raster, x, row)),
    right: firstDark(raster.width, (x) => darkAt(raster, raster.width - 1 - x, row)),
    top: firstDark(raster.height, (y) => darkAt(raster, column, y)),
    bottom: firstDark(raster.height, (y) => darkAt(raster, column, raster.height - 1 - y))
  }
}
