import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { ESLint, type Linter } from 'eslint'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const eslint = new ESLint({ cwd: root })

async function messagesFor(code: string, filePath: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result?.messages ?? []
}

async function ruleIdsFor(code: string, filePath: string): Promise<(string | null)[]> {
  return (await messagesFor(code, filePath)).map((message) => message.ruleId)
}

const OPEN_LINKS = 'Open links with safeOpenExternal() from src-main/shell/safe-open-external.ts.'
const SAFE_OPENER = 'src-main/shell/safe-open-external.ts'

/** Every way we know of to reach Electron's shell without writing `import { shell }`. */
const SHELL_ALIASES: [form: string, code: string, ruleId: string][] = [
  [
    'a named alias',
    "import { shell as s } from 'electron'\nexport const open = (u: string) => s.openExternal(u)\n",
    'no-restricted-imports'
  ],
  [
    'a namespace import',
    "import * as e from 'electron'\nexport const open = (u: string) => e.shell.openExternal(u)\n",
    'no-restricted-syntax'
  ],
  [
    'a default import',
    "import electron from 'electron'\nexport const open = (u: string) => electron.shell.openExternal(u)\n",
    'no-restricted-syntax'
  ],
  [
    'a default import by name',
    "import { default as electron } from 'electron'\nexport const open = (u: string) => electron.shell.openExternal(u)\n",
    'no-restricted-syntax'
  ],
  [
    "require('electron').shell",
    "export const open = (u: string) => require('electron').shell.openExternal(u)\n",
    'no-restricted-syntax'
  ],
  [
    'a destructured require',
    "const { shell } = require('electron')\nexport const open = (u: string) => shell.openExternal(u)\n",
    'no-restricted-syntax'
  ],
  [
    'a destructured, renamed require',
    "const { shell: s } = require('electron')\nexport const open = (u: string) => s.openExternal(u)\n",
    'no-restricted-syntax'
  ],
  [
    'a dynamic import',
    "export const open = async (u: string) => (await import('electron')).shell.openExternal(u)\n",
    'no-restricted-syntax'
  ],
  [
    'a destructured dynamic import',
    "export const open = async (u: string) => {\n  const { shell } = await import('electron')\n  await shell.openExternal(u)\n}\n",
    'no-restricted-syntax'
  ],
  [
    'a TypeScript import-equals',
    "import electron = require('electron')\nexport const open = (u: string) => electron.shell.openExternal(u)\n",
    'no-restricted-syntax'
  ]
]

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
    expect(await ruleIdsFor(code, 'src-main/shell/sneaky.ts')).toContain('no-restricted-imports')
    expect(await ruleIdsFor(code, SAFE_OPENER)).toEqual([])
  })

  it.each(SHELL_ALIASES)('bans reaching shell through %s, in main and in the renderer', async (_form, code, ruleId) => {
    for (const filePath of ['src-main/shell/sneaky.ts', 'src-renderer/src/sneaky.ts']) {
      const guards = (await messagesFor(code, filePath)).filter((m) => m.ruleId?.startsWith('no-restricted-'))
      expect(guards.map((m) => m.ruleId), filePath).toContain(ruleId)
      // The guard says what to use instead (a namespace import also trips the raw IPC ban).
      expect(guards.map((m) => m.message).join('\n')).toContain(OPEN_LINKS)
    }
  })

  it('leaves the real safe opener clean', async () => {
    const source = await readFile(new URL(`../../${SAFE_OPENER}`, import.meta.url), 'utf8')
    expect(await ruleIdsFor(source, SAFE_OPENER)).toEqual([])
  })

  it('keeps the alias and raw IPC bans on inside the safe opener', async () => {
    const namespace = "import * as e from 'electron'\nexport const open = (u: string) => e.shell.openExternal(u)\n"
    expect(await ruleIdsFor(namespace, SAFE_OPENER)).toContain('no-restricted-syntax')
    expect(await ruleIdsFor("import { ipcMain } from 'electron'\nexport const x = ipcMain\n", SAFE_OPENER)).toContain(
      'no-restricted-imports'
    )
  })

  it("allows the app's own openExternal methods", async () => {
    const core = 'declare const core: { app: { openExternal(url: string): Promise<void> } }\n'
    expect(await ruleIdsFor(`${core}export const open = (url: string) => core.app.openExternal(url)\n`, 'src-main/ipc/x.ts')).toEqual([])
    const store = 'declare const store: { openExternal(url: string): Promise<string | null> }\n'
    expect(await ruleIdsFor(`${store}export const open = (url: string) => store.openExternal(url)\n`, 'src-renderer/src/x.ts')).toEqual([])
  })

  it('does not let the IPC exemption lift the shell ban', async () => {
    const code = "import { shell } from 'electron'\nexport const x = shell\n"
    for (const wrapper of ['src-main/ipc/register-ipc.ts', 'src-preload/index.ts']) {
      const messages = await messagesFor(code, wrapper)
      expect(messages.map((m) => m.ruleId), wrapper).toContain('no-restricted-imports')
      expect(messages.map((m) => m.message).join('\n')).toContain(OPEN_LINKS)
    }
  })

  it('bans explicit any', async () => {
    expect(await ruleIdsFor('export const x = (y: any) => y\n', 'src-main/core/sneaky.ts')).toContain(
      '@typescript-eslint/no-explicit-any'
    )
  })
})
