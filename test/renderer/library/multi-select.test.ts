import { describe, expect, it } from 'vitest'
import {
  NO_SELECTION,
  selectAll,
  selectedInOrder,
  selectOne,
  selectRange,
  toggle,
  type MultiSelection
} from '../../../src-renderer/src/library/multi-select'

const shown = ['a', 'b', 'c', 'd', 'e', 'f'].map((key) => ({ key }))
const keysOf = (selection: MultiSelection): string[] => [...selection.keys].sort()

describe('the library multi-selection', () => {
  it('a click selects one item and makes it the anchor', () => {
    expect(keysOf(selectOne('c'))).toEqual(['c'])
    expect(selectOne('c').anchor).toBe('c')
  })

  it('Ctrl/Cmd-click adds an item, and takes it out again; the item toggled is the anchor', () => {
    const two = toggle(selectOne('b'), 'e')
    expect(keysOf(two)).toEqual(['b', 'e'])
    expect(two.anchor).toBe('e')
    const back = toggle(two, 'b')
    expect(keysOf(back)).toEqual(['e'])
    expect(back.anchor).toBe('b')
  })

  it('Shift-click selects the range from the anchor, either way, in the order shown', () => {
    expect(keysOf(selectRange(selectOne('b'), shown, 'e'))).toEqual(['b', 'c', 'd', 'e'])
    expect(keysOf(selectRange(selectOne('e'), shown, 'b'))).toEqual(['b', 'c', 'd', 'e'])
  })

  it('a second Shift-click moves the range from the same anchor instead of growing it', () => {
    const first = selectRange(selectOne('c'), shown, 'f')
    const second = selectRange(first, shown, 'a')
    expect(keysOf(second)).toEqual(['a', 'b', 'c'])
    expect(second.anchor).toBe('c')
  })

  it('Ctrl+Shift-click adds the range to what was selected', () => {
    const base = toggle(selectOne('a'), 'd')
    expect(keysOf(selectRange(base, shown, 'f', true))).toEqual(['a', 'd', 'e', 'f'])
  })

  it('without an anchor shown (another folder), a range starts at the item clicked', () => {
    const elsewhere: MultiSelection = { keys: new Set(['z']), anchor: 'z' }
    const range = selectRange(elsewhere, shown, 'd')
    expect(keysOf(range)).toEqual(['d'])
    expect(range.anchor).toBe('d')
    expect(selectRange(NO_SELECTION, shown, 'b').anchor).toBe('b')
  })

  it('an item no longer shown leaves the selection as it was', () => {
    const selection = selectOne('a')
    expect(selectRange(selection, shown, 'gone')).toBe(selection)
  })

  it('Ctrl/Cmd+A selects every item shown and keeps the anchor', () => {
    const all = selectAll(selectOne('c'), shown)
    expect(all.keys.size).toBe(6)
    expect(all.anchor).toBe('c')
  })

  it('what is shared is the selection in the order shown, without items no longer shown', () => {
    const selection: MultiSelection = { keys: new Set(['e', 'gone', 'b']), anchor: 'e' }
    expect(selectedInOrder(selection, shown).map((item) => item.key)).toEqual(['b', 'e'])
    expect(selectedInOrder(NO_SELECTION, shown)).toEqual([])
  })

  it('a range across 10,000 items reads the list once, fast', () => {
    const many = Array.from({ length: 10_000 }, (_, index) => ({ key: `k${String(index)}` }))
    let reads = 0
    const counted = new Proxy(many, {
      get(target, property, receiver) {
        if (typeof property === 'string' && /^\d+$/.test(property)) reads++
        return Reflect.get(target, property, receiver) as unknown
      }
    })
    const range = selectRange(selectOne('k10'), counted, 'k9990')
    expect(range.keys.size).toBe(9981)
    // One pass to find both ends, one over the range itself: never a search per item.
    expect(reads).toBeLessThanOrEqual(2 * many.length)
  })
})
