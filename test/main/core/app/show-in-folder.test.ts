import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAppService, type AppHost } from '../../../../src-main/core/app/app-service'
import type { Startup } from '../../../../src-main/core/startup'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flipdrop-show-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

function serviceShowing(shown: string[], withFileManager = true) {
  const host: AppHost = {
    info: { name: 'FlipDrop', version: '1', platform: 'linux', versions: { electron: '', chrome: '', node: '' } },
    openUrl: async () => {},
    copyText: () => {},
    ...(withFileManager ? { showInFolder: (path: string) => shown.push(path) } : {})
  }
  return createAppService(host, {} as Startup)
}

describe('Show in folder', () => {
  it('shows a file or folder that is there in the file manager', async () => {
    const shown: string[] = []
    const file = join(dir, 'Existing brochure.pdf')
    await writeFile(file, '%PDF-1.4')
    const app = serviceShowing(shown)
    await app.showInFolder(file)
    await app.showInFolder(dir)
    expect(shown).toEqual([file, dir])
  })

  it('says a moved file is gone, by its name, and refuses a relative path; the file manager is not asked', async () => {
    const shown: string[] = []
    const app = serviceShowing(shown)
    await expect(app.showInFolder(join(dir, 'Moved away.pdf'))).rejects.toMatchObject({ code: 'not-found', message: expect.stringContaining('Moved away.pdf is no longer there') })
    await expect(app.showInFolder('relative/file.pdf')).rejects.toMatchObject({ code: 'invalid-input' })
    await expect(serviceShowing(shown, false).showInFolder(dir)).rejects.toMatchObject({ code: 'not-allowed' })
    expect(shown).toEqual([])
  })
})
