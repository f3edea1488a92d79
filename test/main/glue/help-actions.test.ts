import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createLogger } from '../../../src-main/core/log'
import { openLogFile } from '../../../src-main/core/logging/log-file'
import { desktopElectronFake } from './desktop-electron-fake'

const { openPath } = vi.hoisted(() => ({ openPath: vi.fn(async (_path: string) => '') }))
vi.mock('electron', async () => {
  const { desktopElectronFake: fake } = await import('./desktop-electron-fake')
  return { ...fake, shell: { ...fake.shell, openPath } }
})

const { helpActions } = await import('../../../src-main/shell/help-actions')
const { buildAppMenu } = await import('../../../src-main/shell/app-menu')

const KEY = 'fd_live_help_0123456789'
const info = { name: 'FlipDrop', version: '1.2.3', platform: 'linux', versions: { electron: '45.4.1', chrome: '140', node: '22.20.0' } }

let dataDir: string
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'flipdrop-help-'))
  openPath.mockClear()
  desktopElectronFake.clipboard.writeText.mockClear()
  desktopElectronFake.dialog.showMessageBox.mockClear()
})
afterEach(() => rm(dataDir, { recursive: true, force: true }))

function fakeCore() {
  return {
    auth: { secrets: () => [KEY] },
    settings: {
      get: () => ({
        values: { baseUrl: 'https://go.fliplink.me', documentUrl: '', uploadConcurrency: 2, proxyUrl: 'http://ann:pw-77@proxy:3128', notifications: true },
        fromEnvironment: { baseUrl: false, documentUrl: false, apiKey: false }
      })
    },
    uploads: { list: () => ({ jobs: [{ state: 'done' }], paused: false, connectivity: { online: true, problem: null, retryAt: null }, limits: {}, notices: [] }) }
  }
}

describe('the Help menu', () => {
  it('has Show logs and Copy diagnostics', () => {
    const menu = buildAppMenu(() => undefined, { isMac: false, devTools: false, help: { showLogs: () => {}, copyDiagnostics: () => {} } }) as unknown as {
      template: { label?: string; role?: string; submenu?: { label: string }[] }[]
    }
    const help = menu.template.find((item) => item.role === 'help')
    expect(help?.label).toBe('Help')
    expect(help?.submenu?.map((item) => item.label)).toEqual(['Show logs', 'Copy diagnostics'])
  })

  it('Show logs opens the data folder’s logs folder (made if missing)', async () => {
    const logFile = openLogFile(dataDir, 'app')
    helpActions({ logFile, info, core: () => undefined, window: () => undefined, log: vi.fn() }).showLogs()
    await vi.waitFor(() => expect(openPath).toHaveBeenCalled())
    expect(openPath).toHaveBeenCalledWith(join(dataDir, 'logs'))
    expect((await stat(join(dataDir, 'logs'))).isDirectory()).toBe(true)
  })

  it('Copy diagnostics copies versions, settings, the queue and the log’s end, with no key or password, and says so', async () => {
    const logFile = openLogFile(dataDir, 'app')
    const log = createLogger(logFile.sink)
    // Written before the logger knew the key (e.g. by an older version): redacted on the way out.
    log.info(`request with X-Api-Key ${KEY}`)
    const failed = vi.fn()
    helpActions({ logFile, info, core: () => fakeCore() as never, window: () => undefined, log: failed }).copyDiagnostics()
    await vi.waitFor(() => expect(desktopElectronFake.dialog.showMessageBox).toHaveBeenCalled())
    expect(failed).not.toHaveBeenCalled()
    const text = String(desktopElectronFake.clipboard.writeText.mock.lastCall?.[0])
    expect(text).toContain('FlipDrop 1.2.3')
    expect(text).toContain('Queue: 1 jobs: 1 done; online')
    expect(text).toContain('request with X-Api-Key [redacted]')
    expect(text).not.toContain(KEY)
    expect(text).not.toContain('pw-77')
    expect(desktopElectronFake.dialog.showMessageBox).toHaveBeenCalledWith(expect.objectContaining({ message: 'Diagnostics copied' }))
  })
})
