import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createLogger } from '../../../../src-main/core/log'
import { openSettingsStore } from '../../../../src-main/core/settings/settings-store'
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

  it('a paused queue is not told it runs again', () => {
    const [notice] = describeDropped(dropped('snapshot'), { paused: true })
    expect(notice?.said.map((said) => said.key)).not.toContain('coreQueue.notices.runningAgain')
    expect(notice?.text).not.toContain('paused')
  })

  it('a broken settings file: two whole sentences, the kept copy named as it is', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flipdrop-notice-settings-'))
    await writeFile(join(dir, 'settings.json'), '{ not json')
    const store = await openSettingsStore(dir, createLogger(() => {}), { keepAside: true })
    expect(store.noticeSaid?.map((said) => said.key)).toEqual(['coreQueue.notices.settingsUnreadable', 'coreQueue.notices.settingsKeptAs'])
    const file = store.noticeSaid?.[1]?.values?.['file']
    expect(typeof file === 'string' && file.startsWith('settings.broken-')).toBe(true)
    expect(store.notice).toContain(`It is kept as ${String(file)} in FlipDrop's data folder.`)
  })
})
