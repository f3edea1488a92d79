import { afterEach, describe, expect, it } from 'vitest'
import { nextIndex } from '../../../src-renderer/src/library/grid-keys'

/* Right to left the grid's first tile is on the right: the arrow keys follow what the eye sees. */

afterEach(() => {
  document.documentElement.dir = 'ltr'
})

describe('the grid keys right to left', () => {
  it('ArrowLeft goes to the next tile (on the left), ArrowRight to the one before', () => {
    document.documentElement.dir = 'rtl'
    expect(nextIndex('ArrowLeft', 1, 10, 4)).toBe(2)
    expect(nextIndex('ArrowRight', 1, 10, 4)).toBe(0)
    expect(nextIndex('ArrowDown', 1, 10, 4)).toBe(5)
  })

  it('left to right they are as they were', () => {
    document.documentElement.dir = 'ltr'
    expect(nextIndex('ArrowLeft', 1, 10, 4)).toBe(0)
    expect(nextIndex('ArrowRight', 1, 10, 4)).toBe(2)
  })
})
