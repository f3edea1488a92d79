import { execFile } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { APP_ID } from '../../../src-main/shell/app-identity'
import { listInvokeChannels } from '../../../src-shared/contract'
import { RENDERER_CSP } from '../../../src-main/shell/content-security-policy'
import { MAIN_STARTUP_PHASES } from '../../../src-main/core/startup-marks'

const run = promisify(execFile)
const root = fileURLToPath(new URL('../../..', import.meta.url))

interface Report {
  handlers: string[]
  sessionProxies: unknown[]
  windows: { webPreferences?: Record<string, unknown> }[]
  loaded: string[]
  menu: boolean
  permissionHandlers: number
  singleInstance: boolean
  privilegedSchemes: { scheme: string; privileges: Record<string, boolean> }[]
  protocolHandlers: string[]
  served: { status: number; csp: string | null; hasApp: boolean } | null
  userDataSet: string | null
  appUserModelId: string | null
  appEvents: string[]
  appEventsBeforeReady: string[]
  log: string[]
}

/**
 * Runs main in a folder of its own: under FAKE_PLATFORM=win32 its hand-off listens on a
 * Windows pipe name, which Linux takes as a relative socket path (`\\.\pipe\flipdrop-…`
 * in the working folder: one left in the repository by every run, until this).
 */
async function runBuiltMain(env: Record<string, string> = {}): Promise<Report> {
  const workingFolder = await mkdtemp(join(tmpdir(), 'flipdrop-built-main-cwd-'))
  try {
    const { stdout } = await run(process.execPath, ['--import', `${root}test/main/built/use-fake-electron.mjs`, `${root}out/main/index.js`], {
      cwd: workingFolder,
      env: { ...process.env, ELECTRON_RENDERER_URL: '', DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent', ...env },
      timeout: 20_000
    })
    return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Report
  } finally {
    await rm(workingFolder, { recursive: true, force: true })
  }
}

// Runs the real build output of main (out/main/index.js, made by `npm test` before vitest)
// under plain Node, with only the `electron` module replaced by a recorder.
describe('the built main process', () => {
  it('starts: one instance, a handler per contract channel, a hardened window on app://flipdrop', async () => {
    const report = await runBuiltMain()
    expect(report.singleInstance).toBe(true)
    expect([...report.handlers].sort()).toEqual(listInvokeChannels().map(({ spec }) => spec.channel).sort())
    expect(report.windows).toHaveLength(1)
    const preferences = report.windows[0]?.webPreferences ?? {}
    expect(preferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false })
    expect(String(preferences['preload'])).toMatch(/out\/preload\/index\.cjs$/)
    expect(existsSync(String(preferences['preload']))).toBe(true)
    expect(report.loaded).toEqual(['app://flipdrop/index.html'])
    expect(report.menu).toBe(true)
    expect(report.permissionHandlers).toBe(2)
    // No proxy in Settings: the window's session follows the system's.
    expect(report.sessionProxies).toEqual([{ mode: 'system' }])
  })

  it('serves the built renderer on a privileged app:// scheme, with the CSP as a header', async () => {
    const report = await runBuiltMain()
    expect(report.privilegedSchemes).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }
    ])
    expect(report.protocolHandlers).toEqual(['app'])
    expect(report.served).toEqual({ status: 200, csp: RENDERER_CSP, hasApp: true })
  })

  it('sets the Windows AppUserModelId to the appId electron-builder packages with', async () => {
    const appId = (parse(readFileSync(`${root}electron-builder.yml`, 'utf8')) as { appId: string }).appId
    const report = await runBuiltMain({ FAKE_PLATFORM: 'win32' })
    expect(report.appUserModelId).toBe(appId)
    // Nothing of a run is left in the repository (its pipe name is a socket file here).
    expect(readdirSync(root).filter((name) => name.includes('pipe'))).toEqual([])
    expect(APP_ID).toBe(appId)
  })

  it('wires the desktop: open-file before ready, second launches, quitting, closing the last window', async () => {
    const report = await runBuiltMain()
    // macOS sends the files of the launch itself before ready.
    expect(report.appEventsBeforeReady).toContain('open-file')
    expect(report.appEvents).toEqual(
      expect.arrayContaining(['open-file', 'second-instance', 'before-quit', 'will-quit', 'window-all-closed', 'activate'])
    )
  })

  it('logs each phase of its start as one line with FLIPDROP_LOG=debug, once the page has painted its first view', async () => {
    const startLine = (report: Report): string[] => report.log.filter((line) => line.includes('Start-up, ms since the process started'))
    const painted = await runBuiltMain({ FLIPDROP_LOG: 'debug', FAKE_PAINT: '1' })
    const [line = ''] = startLine(painted)
    expect(startLine(painted)).toHaveLength(1)
    for (const phase of MAIN_STARTUP_PHASES) expect(line).toMatch(new RegExp(`\\b${phase} \\d+\\.\\d`))
    // Not without the debug level, nor before the first view has painted.
    expect(startLine(await runBuiltMain({ FAKE_PAINT: '1' }))).toEqual([])
    expect(startLine(await runBuiltMain({ FLIPDROP_LOG: 'debug' }))).toEqual([])
  })

  it('moves its data folder to FLIPDROP_DATA_DIR when set', async () => {
    expect((await runBuiltMain({ FLIPDROP_DATA_DIR: '/tmp/flipdrop-demo-data' })).userDataSet).toBe('userData=/tmp/flipdrop-demo-data')
    expect((await runBuiltMain()).userDataSet).toBeNull()
  })
})
