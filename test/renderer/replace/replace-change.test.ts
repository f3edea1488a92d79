import { describe, expect, it } from 'vitest'
import { notableChanges } from '../../../src-renderer/src/library/replace-change'
import { replaceQuestion } from '../../../src-renderer/src/library/words'

const A4 = 595 / 842
const LANDSCAPE_A4 = 842 / 595
/** The emulator's and many services' thumbnails: 3:4. */
const COVER = 120 / 160

describe('what the replace question points out', () => {
  it('says a page count that makes another document ("55 pages instead of 24")', () => {
    const changes = notableChanges({ pages: 24, aspect: COVER }, { pages: 55, aspect: A4 })
    expect(changes).toEqual([{ kind: 'pages', now: 24, next: 55 }])
    expect(replaceQuestion.pagesInstead(55, 24)).toBe('55 pages instead of 24')
    expect(replaceQuestion.pagesInstead(1, 2_400)).toBe('1 page instead of 2,400')
  })

  it('leaves small corrections unsaid: a page added or a few in a long document', () => {
    expect(notableChanges({ pages: 24, aspect: A4 }, { pages: 25, aspect: A4 })).toEqual([])
    expect(notableChanges({ pages: 120, aspect: A4 }, { pages: 124, aspect: A4 })).toEqual([])
    expect(notableChanges({ pages: 12, aspect: A4 }, { pages: 12, aspect: A4 })).toEqual([])
  })

  it('says ten pages or more, and a fifth or more, however long the document', () => {
    expect(notableChanges({ pages: 200, aspect: null }, { pages: 190, aspect: null })).toEqual([{ kind: 'pages', now: 200, next: 190 }])
    expect(notableChanges({ pages: 1, aspect: null }, { pages: 2, aspect: null })).toEqual([{ kind: 'pages', now: 1, next: 2 }])
  })

  it('says portrait ↔ landscape, in both directions', () => {
    expect(notableChanges({ pages: 8, aspect: COVER }, { pages: 8, aspect: LANDSCAPE_A4 })).toEqual([{ kind: 'orientation', next: 'landscape' }])
    expect(notableChanges({ pages: 8, aspect: LANDSCAPE_A4 }, { pages: 8, aspect: A4 })).toEqual([{ kind: 'orientation', next: 'portrait' }])
    expect(replaceQuestion.orientation('landscape')).toBe('Landscape pages instead of portrait')
  })

  it('says a very different shape of the same orientation, but not a cover cut to 3:4 beside A4', () => {
    const tallMenuCard = 99 / 210
    expect(notableChanges({ pages: 2, aspect: A4 }, { pages: 2, aspect: tallMenuCard })).toEqual([{ kind: 'shape', next: 'narrower' }])
    expect(notableChanges({ pages: 2, aspect: COVER }, { pages: 2, aspect: A4 })).toEqual([])
    // A square page is neither: only the factor can speak for it.
    expect(notableChanges({ pages: 2, aspect: 1 }, { pages: 2, aspect: A4 })).toEqual([{ kind: 'shape', next: 'narrower' }])
  })

  it('says nothing of what is not known on either side', () => {
    expect(notableChanges({ pages: null, aspect: null }, { pages: 55, aspect: LANDSCAPE_A4 })).toEqual([])
    expect(notableChanges({ pages: 24, aspect: A4 }, { pages: null, aspect: null })).toEqual([])
  })

  it('names each side in one line, leaving out what is not known', () => {
    expect(replaceQuestion.facts(24, '1.2 MB')).toBe('24 pages · 1.2 MB')
    expect(replaceQuestion.facts(1, null)).toBe('1 page')
    expect(replaceQuestion.facts(null, null)).toBe('')
  })
})
