import { describe, expect, it } from 'vitest'
import { CARD, CARD_MARGIN, containIn, COVER_BOX, isRightToLeft, TITLE_BOX, titleBoxFor, wrapTitle } from '../../../src-renderer/src/share/social-card-layout'

/** A stand-in for canvas measuring: every character (grapheme) 10 px wide. */
const measure = (text: string): number => [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].length * 10

describe('the social card layout', () => {
  it.each([
    ['a portrait cover', { width: 595, height: 842 }],
    ['a landscape spread', { width: 1684, height: 595 }],
    ['a square', { width: 500, height: 500 }],
    ['a tiny thumbnail', { width: 60, height: 80 }]
  ])('contains %s in the left part at its own proportions: never cropped, never stretched', (_kind, image) => {
    const place = containIn(image, COVER_BOX)
    expect(place.width / place.height).toBeCloseTo(image.width / image.height, 6)
    expect(place.x).toBeGreaterThanOrEqual(COVER_BOX.x - 1e-9)
    expect(place.y).toBeGreaterThanOrEqual(COVER_BOX.y - 1e-9)
    expect(place.x + place.width).toBeLessThanOrEqual(COVER_BOX.x + COVER_BOX.width + 1e-9)
    expect(place.y + place.height).toBeLessThanOrEqual(COVER_BOX.y + COVER_BOX.height + 1e-9)
    // As large as fits: it touches the box on one pair of sides.
    expect(Math.max(place.width / COVER_BOX.width, place.height / COVER_BOX.height)).toBeCloseTo(1, 6)
  })

  it('keeps the title beside the cover, inside the 1200×630 card', () => {
    expect(TITLE_BOX.x).toBeGreaterThan(COVER_BOX.x + COVER_BOX.width)
    expect(TITLE_BOX.x + TITLE_BOX.width).toBeLessThanOrEqual(CARD.width)
    expect(CARD).toEqual({ width: 1200, height: 630 })
  })

  it('wraps a title between words, each line within the width', () => {
    const lines = wrapTitle('Spring catalogue of garden furniture', 120, measure)
    expect(lines).toEqual(['Spring', 'catalogue of', 'garden…'])
    expect(wrapTitle('Spring catalogue', 200, measure)).toEqual(['Spring catalogue'])
    for (const line of lines) expect(measure(line)).toBeLessThanOrEqual(120)
  })

  it('cuts after three lines with "…", and breaks inside a word only when the word alone is too wide', () => {
    const lines = wrapTitle('Supercalifragilistic expialidocious words that go on and on', 80, measure)
    expect(lines).toHaveLength(3)
    expect(lines[0]).toBe('Supercal')
    expect(lines[2]?.endsWith('…')).toBe(true)
    for (const line of lines) expect(measure(line)).toBeLessThanOrEqual(80)
  })

  it('breaks a CJK title between its words, and never splits an emoji', () => {
    const cjk = wrapTitle('春のカタログ二〇二六年版の新しい家具', 60, measure)
    expect(cjk.length).toBeGreaterThan(1)
    for (const line of cjk) expect(measure(line)).toBeLessThanOrEqual(60)
    const emoji = wrapTitle('👩🏽‍🎨👩🏽‍🎨👩🏽‍🎨👩🏽‍🎨', 20, measure)
    expect(emoji[0]).toBe('👩🏽‍🎨👩🏽‍🎨')
  })

  it('tells a right-to-left title by its first letter', () => {
    expect(isRightToLeft('קטלוג האביב')).toBe(true)
    expect(isRightToLeft('2026 كتالوج')).toBe(true)
    expect(isRightToLeft('Spring קטלוג')).toBe(false)
    expect(isRightToLeft('春のカタログ')).toBe(false)
  })
})

describe('a social card without a cover', () => {
  it('gives the title the card’s whole width, inside the margins', () => {
    const box = titleBoxFor(false)
    expect(box.x).toBe(CARD_MARGIN)
    expect(box.x + box.width).toBe(CARD.width - CARD_MARGIN)
    expect(titleBoxFor(true)).toEqual(TITLE_BOX)
  })
})
