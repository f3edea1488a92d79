import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { PDFDocument, PDFName, rgb, StandardFonts } from 'pdf-lib'

/** The colour filling most of the one-page fixture: the test finds it in the thumbnail's pixels. */
export const PAGE_COLOUR = { r: 230, g: 60, b: 20 }

/** An A4 page almost all one colour, so a rendered thumbnail is recognisable by its pixels; its title is the file name, so each file differs. */
export async function writeColouredPdf(dir: string, name: string): Promise<string> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const page = doc.addPage([595, 842])
  page.drawRectangle({ x: 0, y: 0, width: 595, height: 842, color: rgb(PAGE_COLOUR.r / 255, PAGE_COLOUR.g / 255, PAGE_COLOUR.b / 255) })
  page.drawText(name, { x: 48, y: 780, size: 36, font, color: rgb(1, 1, 1) })
  const path = join(dir, name)
  await writeFile(path, await doc.save())
  return path
}

/**
 * `pages` pages of dense text (50 lines of 90 pseudo-random characters each, uncompressed
 * as pdf-lib writes them), so the file is large (about 5.6 KB a page) and page 1 is a small part of it.
 */
export async function writeLongPdf(dir: string, name: string, pages: number): Promise<string> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  let seed = 7
  const next = (): number => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    return seed
  }
  for (let number = 1; number <= pages; number++) {
    const page = doc.addPage([595, 842])
    page.drawRectangle({ x: 40, y: 40, width: 515, height: 120, color: rgb(0.2, 0.4, 0.8) })
    for (let line = 0; line < 50; line++) {
      const text = Array.from({ length: 90 }, () => String.fromCharCode(33 + (next() % 90))).join('')
      page.drawText(text, { x: 30, y: 800 - line * 12, size: 7, font })
    }
  }
  const path = join(dir, name)
  await writeFile(path, await doc.save())
  return path
}

/** The colour of the large image's pixels. */
export const IMAGE_COLOUR = { r: 20, g: 90, b: 200 }

/**
 * One page covered by an uncompressed 1000×1000 RGB image (3 MB in one stream): pdf.js asks
 * for it as one range, larger than main hands out at once (MAX_PDF_RANGE_BYTES).
 */
export async function writeLargeImagePdf(dir: string, name: string): Promise<string> {
  const doc = await PDFDocument.create()
  const page = doc.addPage([595, 842])
  const side = 1000
  const pixels = Buffer.alloc(side * side * 3)
  for (let i = 0; i < pixels.length; i += 3) pixels.set([IMAGE_COLOUR.r, IMAGE_COLOUR.g, IMAGE_COLOUR.b], i)
  const image = doc.context.register(
    doc.context.stream(pixels, { Type: 'XObject', Subtype: 'Image', Width: side, Height: side, ColorSpace: 'DeviceRGB', BitsPerComponent: 8 })
  )
  page.node.setXObject(PDFName.of('Photo'), image)
  page.node.addContentStream(doc.context.register(doc.context.stream('q 595 0 0 842 0 0 cm /Photo Do Q')))
  const path = join(dir, name)
  await writeFile(path, await doc.save())
  return path
}
