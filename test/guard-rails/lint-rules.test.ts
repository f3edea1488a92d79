import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const eslint = new ESLint({ cwd: root })

async function ruleIdsFor(code: string, filePath: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result?.messages.map((message) => message.ruleId) ?? []
}

describe('the lint guard rails', () => {
  it('bans a raw ipcRenderer import in the renderer', async () => {
    const ids = await ruleIdsFor("import { ipcRenderer } from 'electron'\nexport const x = ipcRenderer\n", 'src-renderer/src/sneaky.ts')
    expect(ids).toContain('no-restricted-imports')
  })

  it('bans a raw ipcMain import in main outside the wrapper', async () => {
    const ids = await ruleIdsFor("import { ipcMain } from 'electron'\nexport const x = ipcMain\n", 'src-main/shell/sneaky.ts')
    expect(ids).toContain('no-restricted-imports')
  })

  it('allows raw IPC in the two wrappers', async () => {
    expect(await ruleIdsFor("import { ipcMain } from 'electron'\nexport const x = ipcMain\n", 'src-main/ipc/register-ipc.ts')).toEqual([])
    expect(await ruleIdsFor("import { ipcRenderer } from 'electron'\nexport const x = ipcRenderer\n", 'src-preload/index.ts')).toEqual([])
  })

  it('bans shell.openExternal outside the safe opener', async () => {
    const code = "import { shell } from 'electron'\nexport const open = (u: string) => shell.openExternal(u)\n"
    expect(await ruleIdsFor(code, 'src-main/shell/sneaky.ts')).toContain('no-restricted-syntax')
    expect(await ruleIdsFor(code, 'src-main/shell/safe-open-external.ts')).toEqual([])
  })

  it('bans explicit any', async () => {
    expect(await ruleIdsFor('export const x = (y: any) => y\n', 'src-main/core/sneaky.ts')).toContain(
      '@typescript-eslint/no-explicit-any'
    )
  })
})
