import { describe, expect, it } from 'vitest'
import { embedPreviewFit } from '../../../src-renderer/src/share/embed-preview-fit'
import { customEmbedProblem } from '../../../src-renderer/src/share/embed-custom-size'
import { sizeInUnit, typedSizeMm } from '../../../src-renderer/src/share/qr-size'

describe('the embed preview', () => {
  it('draws responsive sizes at the sheet’s width, at their ratio', () => {
    expect(embedPreviewFit({ kind: 'responsive', ratio: '16:9' }, 640)).toEqual({ width: 640, height: 360, scale: 1 })
    expect(embedPreviewFit({ kind: 'responsive', ratio: 'a4' }, 420)).toEqual({ width: 420, height: 594, scale: 1 })
    expect(embedPreviewFit({ kind: 'full-width', height: 600 }, 640)).toEqual({ width: 640, height: 600, scale: 1 })
  })

  it('draws a fixed size at its own size, scaled down only when wider than the sheet', () => {
    expect(embedPreviewFit({ kind: 'fixed', width: 560, height: 315 }, 640)).toEqual({ width: 560, height: 315, scale: 1 })
    const wide = embedPreviewFit({ kind: 'fixed', width: 1000, height: 563 }, 560)
    expect(wide).toEqual({ width: 1000, height: 563, scale: 0.56 })
  })

  it('refuses custom sides that are not whole pixels from 100 to 4000', () => {
    expect(customEmbedProblem('800')).toBeNull()
    for (const typed of ['', '99', '4001', '12.5', 'wide']) expect(customEmbedProblem(typed)).toBe('Between 100 and 4000 pixels.')
  })
})

describe('a QR code’s custom print size', () => {
  it('reads millimetres and inches (1.2 in = 30.48 mm), with a decimal comma too', () => {
    expect(typedSizeMm('30', 'mm')).toBe(30)
    expect(typedSizeMm('1.2', 'in')).toBeCloseTo(30.48, 6)
    expect(typedSizeMm('1,2', 'in')).toBeCloseTo(30.48, 6)
  })

  it('refuses what cannot be printed: empty, not a number, under 5 mm, over 2 m', () => {
    for (const typed of ['', 'big', '4', '2001']) expect(typedSizeMm(typed, 'mm')).toBeNull()
    expect(typedSizeMm('0.1', 'in')).toBeNull()
  })

  it('writes a size in the other unit when the unit changes', () => {
    expect(sizeInUnit(30, 'in')).toBe('1.18')
    expect(sizeInUnit(30.48, 'in')).toBe('1.2')
    expect(sizeInUnit(30, 'mm')).toBe('30')
  })
})
