import { mkdtemp, readdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createTestCore } from '../../../support/test-core'

describe('a broken settings.json in the app', () => {
  it('is told once among the notices the window shows, and kept aside', async () => {
    const userDataDir = await mkdtemp(join(tmpdir(), 'flipdrop-core-settings-'))
    await writeFile(join(userDataDir, 'settings.json'), '{"proxyUrl": "http://proxy.example:3128", ')
    const { core } = await createTestCore({ userDataDir })
    try {
      const notices = core.uploads.list().notices
      expect(notices).toHaveLength(1)
      expect(notices[0]).toMatch(/^FlipDrop's settings file is unreadable, so FlipDrop uses the default settings .* kept as settings\.broken-/)
      expect((await readdir(userDataDir)).filter((name) => name.startsWith('settings.broken-'))).toHaveLength(1)
    } finally {
      await core.close()
    }
    const { core: again } = await createTestCore({ userDataDir })
    try {
      expect(again.uploads.list().notices).toEqual([])
    } finally {
      await again.close()
    }
  })
})
