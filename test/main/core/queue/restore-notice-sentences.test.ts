import { describe, expect, it } from 'vitest'
import { describeDropped } from '../../../../src-main/core/queue/restore-notices'
import type { Dropped } from '../../../../src-main/core/storage/record-log-types'

const dropped = (...reasons: Dropped['reason'][]): Dropped[] => reasons.map((reason, line) => ({ file: 'queue/journal.rec', line, reason }))

/* A restore notice is whole sentences: the command prints their English joined, the window says each in its language. */

describe('restore notices as the window says them', () => {
  it('a rebuilt queue that lost files, not paused: each sentence by its key, the names as they are', () => {
    const [notice] = describeDropped(dropped('snapshot'), { paused: false, lost: ['brochure.pdf', 'menu.pdf'] })
    expect(notice?.said.map((said) => said.key)).toEqual([
      'coreQueue.notices.rebuiltFromRecent',
      'coreQueue.notices.notRestored',
      'coreQueue.notices.runningAgain',
      'coreQueue.notices.asLastSaved',
      'coreQueue.notices.unreadableKept'
    ])
    expect(notice?.said[1]).toEqual({ key: 'coreQueue.notices.notRestored', values: { names: 'brochure.pdf, menu.pdf' }, count: 2 })
    expect(notice?.text).toContain('Not published yet and not restored: brochure.pdf, menu.pdf. Add them again;')
  })

  it('more than ten lost files are counted inside the sentence, and damaged changes are one plural sentence', () => {
    const lost = Array.from({ length: 13 }, (_, index) => `file-${index}.pdf`)
    const [snapshot, damaged] = describeDropped(dropped('snapshot', 'checksum', 'checksum'), {
      paused: true,
      lost
    })
    expect(snapshot?.said[1]).toMatchObject({ key: 'coreQueue.notices.notRestoredMore', values: { more: 3 } })
    expect(snapshot?.text).toContain('file-9.pdf and 3 more. Add them again;')
    expect(damaged?.said).toEqual([{ key: 'coreQueue.notices.damaged', values: { count: 2 }, count: 2 }])
    expect(damaged?.text.startsWith('2 saved changes to the upload queue could not be read back and were left out.')).toBe(true)
  })
})
