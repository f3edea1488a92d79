import { describe, expect, it } from 'vitest'
import { safeFileName } from '../../src-main/core/library/file-name'

describe('safeFileName', () => {
  it('makes a name every common file system accepts', () => {
    expect(safeFileName('Q3: Plan/Final?', '.pdf', 'item-1')).toBe('Q3- Plan-Final-.pdf')
    expect(safeFileName('Résumé – Dana', '.pdf', 'item-1')).toBe('Résumé – Dana.pdf')
    expect(safeFileName('report.PDF', '.pdf', 'item-1')).toBe('report.pdf')
    expect(safeFileName('  ..hidden. ', '.pdf', 'item-1')).toBe('hidden.pdf')
    expect(safeFileName('a\u0000b\tc\nd', '.pdf', 'item-1')).toBe('a-b c d.pdf')
    expect(safeFileName('CON', '.pdf', 'item-1')).toBe('_CON.pdf')
    expect(safeFileName('///', '.pdf', 'item-7')).toBe('item-7.pdf')
    expect(safeFileName(null, '.pdf', 'item-7')).toBe('item-7.pdf')
    expect(Buffer.byteLength(safeFileName('é'.repeat(300), '.pdf', 'x'))).toBeLessThanOrEqual(204)
  })
})
