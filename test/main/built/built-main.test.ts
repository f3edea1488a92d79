import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { listInvokeChannels } from '../../../src-shared/contract'

const run = promisify(execFile)
const root = fileURLToPath(new URL('../../..', import.meta.url))

interface Report {
  handlers: string[]
  windows: { webPreferences?: Record<string, unknown>; error?: string }[]
  loaded: string[]
  menu: boolean
  permissionHandlers: number
  singleInstance: boolean
}

// Runs the real build output of main (out/main/index.js, made by `npm test` before vitest)
// under plain Node, with only the `electron` module replaced by a recorder.
describe('the built main process', () => {
  it('starts: one instance, a handler per contract channel, a hardened window on the built page', async () => {
    const { stdout } = await run(process.execPath, ['--import', './test/main/built/use-fake-electron.mjs', 'out/main/index.js'], {
      cwd: root,
      env: { ...process.env, ELECTRON_RENDERER_URL: '', DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' },
      timeout: 20_000
    })
    const report = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Report
    expect(report.singleInstance).toBe(true)
    expect([...report.handlers].sort()).toEqual(listInvokeChannels().map(({ spec }) => spec.channel).sort())
    expect(report.windows).toHaveLength(1)
    const preferences = report.windows[0]?.webPreferences ?? {}
    expect(preferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false })
    expect(existsSync(String(preferences['preload']))).toBe(true)
    expect(report.loaded).toHaveLength(1)
    expect(existsSync(fileURLToPath(report.loaded[0] ?? ''))).toBe(true)
    expect(report.menu).toBe(true)
    expect(report.permissionHandlers).toBe(2)
  })
})
