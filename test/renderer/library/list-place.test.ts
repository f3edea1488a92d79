import { describe, expect, it } from 'vitest'
import { PlaceMemory, scrollOnMove, type LibraryPlace } from '../../../src-renderer/src/library/list-place'

const home: LibraryPlace = { account: 'user-1', folder: null, docType: null, sortBy: 'CreatedOn', sortOrder: 'DESC', search: '', rising: false }

describe('where the library list starts when its place changes', () => {
  it('starts another order, kind, search or account at the top', () => {
    expect(scrollOnMove(home, { ...home, sortBy: 'NoOfViews' })).toBe('top')
    expect(scrollOnMove(home, { ...home, sortOrder: 'ASC' })).toBe('top')
    expect(scrollOnMove(home, { ...home, docType: 'Document' })).toBe('top')
    expect(scrollOnMove(home, { ...home, search: 'report' })).toBe('top')
    expect(scrollOnMove(home, { ...home, account: 'user-2' })).toBe('top')
    // A folder and something else at once is another list too.
    expect(scrollOnMove(home, { ...home, folder: 'Reports', search: 'q3' })).toBe('top')
  })

  it('stays where it is for the same place (a sync swapping rows, the service confirming a search)', () => {
    expect(scrollOnMove(home, { ...home })).toBe('stay')
  })

  it('brings a folder back where it was left, and a folder never shown at its top', () => {
    const memory = new PlaceMemory()
    const reports = { ...home, folder: 'Reports' }
    const manuals = { ...home, folder: 'Manuals' }
    expect(memory.arrive(home, reports, 38_821)).toBe(0)
    memory.leave(reports, 5_000)
    expect(memory.arrive(reports, manuals, 5_000)).toBe(0)
    memory.leave(manuals, 1_200)
    expect(memory.arrive(manuals, reports, 1_200)).toBe(5_000)
    // The same folder in another order is not the place left.
    expect(memory.arrive({ ...manuals, sortBy: 'Name' }, { ...reports, sortBy: 'Name' }, 0)).toBe(0)
    expect(memory.arrive(reports, reports, 4_321)).toBe(4_321)
  })
})
