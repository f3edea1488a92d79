import { existsSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { accountFilePath, createAccountFiles } from '../../../../src-main/core/account/account-files'

describe("an account's files", () => {
  it('a sign-out while a write of that account is under way leaves nothing of it, its folder included', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flipdrop-account-files-'))
    const files = createAccountFiles(dir, 'references.json')
    // The lists arrived just before the sign-out: their write has started when the forget comes.
    const writing = files.write('52000', '{"lists":[]}\n')
    const forgetting = files.forget('52000')
    await Promise.all([writing, forgetting])
    const path = accountFilePath(dir, '52000', 'references.json')
    expect(existsSync(path)).toBe(false)
    expect(existsSync(dirname(path))).toBe(false)
  })

  it('a write after the forget is kept (signing in again to the same account)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flipdrop-account-files-'))
    const files = createAccountFiles(dir, 'references.json')
    await files.forget('52000')
    await files.write('52000', '{"lists":[]}\n')
    expect(await files.read('52000')).toBe('{"lists":[]}\n')
  })
})
