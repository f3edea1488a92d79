import { describe, expect, it } from 'vitest'
import { groupedCount } from '../../../src-renderer/src/format/count'
import { formatCount } from '../../../src-renderer/src/format/dates'
import { planLimit } from '../../../src-renderer/src/format/plan-values'
import { folderListView, FOLDERS_BEFORE_FILTER } from '../../../src-renderer/src/shell/folder-list'
import { rovingTarget } from '../../../src-renderer/src/shell/roving-focus'
import { countOf, NOUNS } from '../../../src-renderer/src/words/plural'
import { leftOf, usedOf } from '../../../src-renderer/src/words/quota'

const folders = Array.from({ length: 30 }, (_, index) => ({ folder: index === 4 ? 'Café Rouge' : `Client ${String(index + 1).padStart(2, '0')}`, count: index + 1 }))

describe('the sidebar folder list', () => {
  it('lists every folder while there are eight or fewer, with no filter or "Show all"', () => {
    expect(folderListView(folders.slice(0, FOLDERS_BEFORE_FILTER), '', false, null)).toEqual({ shown: folders.slice(0, 8), long: false, hidden: 0 })
  })

  it('shows the first eight of 30, and the open folder too when it is past them', () => {
    expect(folderListView(folders, '', false, null)).toMatchObject({ long: true, hidden: 22 })
    const view = folderListView(folders, '', false, 'Client 27')
    expect(view.shown.map((entry) => entry.folder)).toEqual([...folders.slice(0, 8).map((entry) => entry.folder), 'Client 27'])
    expect(view.hidden).toBe(21)
    expect(folderListView(folders, '', true, null).shown).toHaveLength(30)
  })

  it('filters by what was typed, case and accents ignored, over every folder', () => {
    expect(folderListView(folders, ' cafe ', false, null).shown.map((entry) => entry.folder)).toEqual(['Café Rouge'])
    expect(folderListView(folders, 'client 2', false, null).shown).toHaveLength(10)
    expect(folderListView(folders, 'nothing like it', false, null).shown).toEqual([])
  })

  it('moves focus with Up/Down (stopping at the ends) and Home/End; other keys are left alone', () => {
    expect(rovingTarget('ArrowDown', 0, 8)).toBe(1)
    expect(rovingTarget('ArrowDown', 7, 8)).toBe(7)
    expect(rovingTarget('ArrowUp', 0, 8)).toBe(0)
    expect(rovingTarget('ArrowUp', 3, 8)).toBe(2)
    expect(rovingTarget('Home', 5, 8)).toBe(0)
    expect(rovingTarget('End', 0, 8)).toBe(7)
    expect(rovingTarget('Enter', 0, 8)).toBeNull()
    expect(rovingTarget('ArrowDown', -1, 0)).toBeNull()
  })
})

describe('numbers, one way everywhere', () => {
  it('groups every count the same way, whichever helper writes it', () => {
    expect(groupedCount(10_000)).toBe('10,000')
    expect(formatCount(6854)).toBe('6,854')
    expect(planLimit(2500)).toBe('2,500')
    expect(countOf(10_000, NOUNS.item)).toBe('10,000 items')
  })

  it('says zero left in words, with or without the noun', () => {
    expect(leftOf(0)).toBe('none left')
    expect(leftOf(-3)).toBe('none left')
    expect(leftOf(1234)).toBe('1,234 left')
    expect(leftOf(0, NOUNS.document)).toBe('no documents left')
    expect(leftOf(1, NOUNS.document)).toBe('1 document left')
  })

  it('says an account over its plan has more published than the plan allows, never "6,854 of 100 used"', () => {
    expect(usedOf({ docType: 'Flipbook', count: 96, max: 100, left: 4 })).toBe('96 of 100 used')
    expect(usedOf({ docType: 'Flipbook', count: 6854, max: 100, left: 0 })).toBe('6,854 published, more than the plan’s 100')
  })
})
