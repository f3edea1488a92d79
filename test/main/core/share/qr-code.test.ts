import { describe, expect, it } from 'vitest'
import { DEFAULT_QR_OPTIONS, QR_ECC_LEVELS, QR_QUIET_MODULES, type QrOptions } from '../../../../src-shared/domain/share'
import { qrContrast } from '../../../../src-main/core/share/qr/colour-contrast'
import { drawQrFile, qrPreview } from '../../../../src-main/core/share/qr/index'
import { parsePrintSize } from '../../../../src-main/core/share/qr/print-size'
import { decodePng, lightMargins, rasterisePdf, rasteriseSvg, readQr } from '../../../support/qr-decode'

const URL = 'https://go.fliplink.me/view/spring-catalogue-2027'
const options = (change: Partial<QrOptions> = {}): QrOptions => ({ ...DEFAULT_QR_OPTIONS, ...change })
const MM_PER_INCH = 25.4

/** The size an SVG's root gives itself, in millimetres. */
function svgSizeMm(svg: Uint8Array): { width: number; height: number } {
  const text = Buffer.from(svg).toString('utf8')
  const width = /<svg[^>]* width="([\d.]+)mm"/.exec(text)?.[1]
  const height = /<svg[^>]* height="([\d.]+)mm"/.exec(text)?.[1]
  return { width: Number(width), height: Number(height) }
}

describe('QR codes, read back by a decoder of their own', () => {
  it.each(['L', 'M', 'Q', 'H'] as const)('PNG at ECC %s: decodes to exactly the link; side = size × DPI; four light modules on every side; the DPI written in', async (ecc) => {
    const file = await drawQrFile(URL, options({ ecc, sizeMm: 30, dpi: 300 }), 'png')
    const raster = decodePng(file.bytes)
    expect(readQr(raster)).toBe(URL)
    expect(raster.width).toBe(Math.round((30 / MM_PER_INCH) * 300))
    expect(raster.height).toBe(raster.width)
    const modulePixels = raster.width / (file.modules + 2 * QR_QUIET_MODULES)
    const margins = lightMargins(raster)
    for (const margin of Object.values(margins)) expect(Math.abs(margin - QR_QUIET_MODULES * modulePixels)).toBeLessThanOrEqual(1)
    // pHYs: pixels per metre for 300 dpi, unit metre.
    const bytes = Buffer.from(file.bytes)
    const at = bytes.indexOf('pHYs', 0, 'latin1')
    expect(at).toBeGreaterThan(0)
    expect(bytes.readUInt32BE(at + 4)).toBe(Math.round(300 / 0.0254))
    expect(bytes[at + 12]).toBe(1)
  })

  it('more error correction means more modules for the same link', async () => {
    const sizes = await Promise.all(QR_ECC_LEVELS.map(async (ecc) => (await drawQrFile(URL, options({ ecc }), 'svg')).modules))
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b))
    expect(sizes[3]).toBeGreaterThan(sizes[0] ?? 0)
  })

  it('PNG modules have whole-pixel edges that differ by one pixel at most, at 150, 300 and 600 dpi', async () => {
    for (const dpi of [150, 300, 600]) {
      const file = await drawQrFile(URL, options({ sizeMm: 20, dpi }), 'png')
      const raster = decodePng(file.bytes)
      expect(readQr(raster)).toBe(URL)
      expect(raster.width).toBe(Math.round((20 / MM_PER_INCH) * dpi))
      // Every pixel is exactly one of the two colours: no blur, no anti-aliasing.
      const colours = new Set<number>()
      for (let offset = 0; offset < raster.data.length; offset += 4) colours.add(((raster.data[offset] ?? 0) << 16) | ((raster.data[offset + 1] ?? 0) << 8) | (raster.data[offset + 2] ?? 0))
      expect([...colours].sort()).toEqual([0x000000, 0xffffff])
    }
  })

  it('SVG is pure vector at its print size (±0.1 mm), and rasterised it decodes to exactly the link with a four-module quiet zone', async () => {
    for (const sizeMm of [20, 30, 50, 76.2]) {
      const file = await drawQrFile(URL, options({ sizeMm }), 'svg')
      const text = Buffer.from(file.bytes).toString('utf8')
      expect(text).not.toMatch(/<image|<text|stroke|base64|href/)
      expect(text.match(/<path /g)).toHaveLength(1)
      const size = svgSizeMm(file.bytes)
      expect(Math.abs(size.width - sizeMm)).toBeLessThanOrEqual(0.1)
      expect(Math.abs(size.height - sizeMm)).toBeLessThanOrEqual(0.1)
      const side = file.modules + 2 * QR_QUIET_MODULES
      expect(text).toContain(`viewBox="0 0 ${String(side)} ${String(side)}"`)
      const pixels = side * 10
      const raster = await rasteriseSvg(file.bytes, pixels)
      expect(readQr(raster)).toBe(URL)
      expect(lightMargins(raster)).toEqual({ left: 40, right: 40, top: 40, bottom: 40 })
    }
  })

  it('PDF is one vector page exactly the code and its quiet zone (±0.1 mm), and pdf.js renders it to exactly the link', async () => {
    for (const sizeMm of [20, 30, 50]) {
      const file = await drawQrFile(URL, options({ sizeMm }), 'pdf', 'Spring catalogue')
      const text = Buffer.from(file.bytes).toString('latin1')
      expect(text).not.toMatch(/\/Subtype\s*\/Image|\/DCTDecode/)
      const side = file.modules + 2 * QR_QUIET_MODULES
      const raster = await rasterisePdf(file.bytes, (side * 10) / ((sizeMm / MM_PER_INCH) * 72))
      const [, , widthPoints, heightPoints] = raster.pagePoints
      expect(Math.abs(((widthPoints ?? 0) / 72) * MM_PER_INCH - sizeMm)).toBeLessThanOrEqual(0.1)
      expect(Math.abs(((heightPoints ?? 0) / 72) * MM_PER_INCH - sizeMm)).toBeLessThanOrEqual(0.1)
      expect(readQr(raster)).toBe(URL)
      for (const margin of Object.values(lightMargins(raster))) expect(Math.abs(margin - QR_QUIET_MODULES * 10)).toBeLessThanOrEqual(1)
    }
  })

  it('links with non-ASCII paths, queries and long slugs decode exactly as given', async () => {
    const links = [
      'https://go.fliplink.me/view/%D9%85%D9%86%D9%8A%D9%88',
      'https://bücher.example/view/katalog-2027?lang=de&ref=print',
      `https://go.fliplink.me/view/${'very-long-catalogue-name-'.repeat(12)}end`
    ]
    for (const link of links) {
      for (const type of ['png', 'svg'] as const) {
        const file = await drawQrFile(link, options({ ecc: 'H', sizeMm: 50, dpi: 600 }), type)
        const raster = type === 'png' ? decodePng(file.bytes) : await rasteriseSvg(file.bytes, (file.modules + 8) * 6)
        expect(readQr(raster)).toBe(link)
      }
    }
  })

  it('coloured codes keep their colours, and a light code on a dark ground still decodes', async () => {
    const navy = await drawQrFile(URL, options({ dark: '#1e3a8a', light: '#fef3c7' }), 'png')
    expect(readQr(decodePng(navy.bytes))).toBe(URL)
    const inverted = await drawQrFile(URL, options({ dark: '#ffffff', light: '#111111' }), 'png')
    expect(readQr(decodePng(inverted.bytes))).toBe(URL)
  })
})

describe('what the sheet says about a code', () => {
  it('size, module size, scanning distance, the PNG side and whether the DPI prints well', () => {
    const preview = qrPreview(URL, options({ sizeMm: 30, dpi: 300 }))
    expect(preview.sizeMm).toBe(30)
    expect(preview.moduleMm).toBeCloseTo(30 / (preview.modules + 8), 6)
    expect(preview.scanDistanceCm).toBe(30)
    expect(preview.png).toEqual({ pixels: 354, dpiOk: true })
    expect(qrPreview(URL, options({ sizeMm: 30, dpi: 100 })).png.dpiOk).toBe(false)
    // The path draws exactly the dark modules, inside the quiet zone.
    const coordinates = [...preview.path.matchAll(/M(\d+) (\d+)/g)].map((match) => [Number(match[1]), Number(match[2])])
    expect(Math.min(...coordinates.flat())).toBe(QR_QUIET_MODULES)
    expect(Math.max(...coordinates.map(([, y]) => y ?? 0))).toBe(preview.modules + QR_QUIET_MODULES - 1)
  })

  it('contrast: black on white reads; yellow on white and two greys do not; a light code on dark is flagged', () => {
    expect(qrContrast('#000000', '#ffffff')).toEqual({ ratio: 21, readable: true, inverted: false })
    expect(qrContrast('#ffd400', '#ffffff').readable).toBe(false)
    expect(qrContrast('#777777', '#888888').readable).toBe(false)
    expect(qrContrast('#1e3a8a', '#ffffff').readable).toBe(true)
    expect(qrContrast('#ffffff', '#111111')).toMatchObject({ readable: true, inverted: true })
  })

  it('print sizes in mm, cm and inches; anything else says how to write it', () => {
    expect(parsePrintSize('30mm')).toEqual({ ok: true, mm: 30 })
    expect(parsePrintSize('1.2in')).toEqual({ ok: true, mm: 30.48 })
    expect(parsePrintSize('3 cm')).toEqual({ ok: true, mm: 30 })
    expect(parsePrintSize('25')).toEqual({ ok: true, mm: 25 })
    expect(parsePrintSize('2,5cm')).toEqual({ ok: true, mm: 25 })
    expect(parsePrintSize('big')).toEqual({ ok: false, message: '“big” is not a print size: write it like 30mm or 1.2in.' })
    expect(parsePrintSize('3mm')).toMatchObject({ ok: false, message: expect.stringContaining('10 mm is the least') })
    expect(parsePrintSize('3000mm')).toMatchObject({ ok: false })
  })
})
