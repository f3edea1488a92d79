import { createHash } from 'node:crypto'
import { request as httpRequest, createServer, type Server } from 'node:http'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { UpdateView } from '../../../src-shared/domain/updates'
import { createLogger } from '../../../src-main/core/log'
import { createUpdateFlow } from '../../../src-main/core/updates/update-flow'
import { canUpdateItself, feedOverride, updaterPort } from '../../../src-main/shell/app-updater'

/*
 * electron-updater for real (its AppImageUpdater, generic provider, YAML parsing, version
 * comparison, download and SHA-512 check) against update metadata served by a local HTTP
 * server; only Electron is a stand-in: `net.request` is Node's http (what Electron's net
 * module offers the updater), and the Squirrel `autoUpdater` records what it is asked.
 * electron-updater loads `electron` with require(), so the stand-in goes into require's cache.
 */
const squirrel = { emit: vi.fn(), on: vi.fn(), quitAndInstall: vi.fn() }
const electronApp = {
  getVersion: () => '1.0.0',
  getName: () => 'FlipDrop',
  isPackaged: true,
  getPath: (name: string) => join(dir, name),
  getAppPath: () => dir,
  whenReady: () => Promise.resolve(),
  quit: vi.fn(),
  relaunch: vi.fn(),
  once: vi.fn()
}
const electronStandIn = {
  net: { request: (options: Record<string, unknown>) => httpRequest({ ...options, session: undefined, redirect: undefined } as never) },
  session: { fromPartition: vi.fn(() => ({})) },
  autoUpdater: squirrel,
  app: electronApp
}
const require = createRequire(import.meta.url)
const electronId = require.resolve('electron', { paths: [require.resolve('electron-updater')] })
require.cache[electronId] = { id: electronId, filename: electronId, loaded: true, exports: electronStandIn } as never
const { AppImageUpdater } = require('electron-updater') as typeof import('electron-updater')

const NEW_APPIMAGE = Buffer.from('#!/bin/sh\necho FlipDrop 1.1.0\n'.repeat(2000))

let server: Server
let feed: string
let metadata = ''
const requested: string[] = []

function latestLinuxYml(version: string): string {
  const sha512 = createHash('sha512').update(NEW_APPIMAGE).digest('base64')
  return [
    `version: ${version}`,
    'files:',
    `  - url: FlipDrop-${version}-x86_64.AppImage`,
    `    sha512: ${sha512}`,
    `    size: ${NEW_APPIMAGE.length}`,
    `path: FlipDrop-${version}-x86_64.AppImage`,
    `sha512: ${sha512}`,
    "releaseDate: '2026-11-20T10:00:00.000Z'",
    ''
  ].join('\n')
}

beforeAll(async () => {
  server = createServer((req, res) => {
    requested.push(req.url ?? '')
    if (req.url?.startsWith('/latest-linux.yml')) {
      if (metadata === '') res.writeHead(500).end('down for maintenance')
      else res.writeHead(200, { 'content-type': 'text/yaml' }).end(metadata)
    } else if (req.url?.endsWith('.AppImage')) {
      res.writeHead(200, { 'content-length': NEW_APPIMAGE.length }).end(NEW_APPIMAGE)
    } else {
      res.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  feed = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

let dir: string
let running = 0
const order: string[] = []
const views: UpdateView[] = []
const lines: string[] = []

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flipdrop-update-'))
  requested.length = 0
  order.length = 0
  views.length = 0
  lines.length = 0
  running = 0
  // The running AppImage (electron-updater reads it for a differential download, then falls back).
  await writeFile(join(dir, 'FlipDrop-1.0.0.AppImage'), 'old')
  vi.stubEnv('APPIMAGE', join(dir, 'FlipDrop-1.0.0.AppImage'))
  vi.stubEnv('XDG_CACHE_HOME', join(dir, 'cache'))
  Object.defineProperty(process, 'resourcesPath', { value: dir, configurable: true })
  // What electron-builder writes into resources from `publish` (the feed is overridden below).
  await writeFile(join(dir, 'app-update.yml'), 'provider: generic\nurl: https://updates.invalid/\nupdaterCacheDirName: flipdrop-updater\n')
})
afterEach(async () => {
  vi.unstubAllEnvs()
  await rm(dir, { recursive: true, force: true })
})

function setUp() {
  // No app adapter given: electron-updater's own ElectronAppAdapter and net executor, on the mocked `electron`.
  const updater = new AppImageUpdater()
  const quitAndInstall = vi.spyOn(updater, 'quitAndInstall').mockImplementation(() => void order.push('quitAndInstall'))
  const log = createLogger((level, line) => lines.push(`${level} ${line}`))
  const flow = createUpdateFlow({
    updater: updaterPort(updater, { log, verbose: false, feedUrl: feed }),
    currentVersion: '1.0.0',
    runningUploads: () => running,
    closeCore: async () => void order.push('closeCore'),
    reopenCore: async () => void order.push('reopenCore'),
    emit: (view) => views.push(view),
    log
  })
  return { updater, flow, quitAndInstall }
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10))
  expect(check()).toBe(true)
}

describe('updates against a generic feed (electron-updater, Electron mocked)', () => {
  it('finds a newer version in latest-linux.yml, downloads it in the background, and offers the restart when no upload runs', async () => {
    metadata = latestLinuxYml('1.1.0')
    const { flow, quitAndInstall } = setUp()
    const checked = await flow.check()
    expect(checked.phase).toMatch(/downloading|ready/)
    expect(checked.version).toBe('1.1.0')
    await until(() => flow.view().phase === 'ready')
    expect(requested).toContain('/FlipDrop-1.1.0-x86_64.AppImage')
    // The download passed electron-updater's SHA-512 check and waits in its cache.
    const pending = join(dir, 'cache', 'flipdrop-updater', 'pending')
    const [file] = (await readdir(pending)).filter((name) => name.endsWith('.AppImage'))
    expect(await readFile(join(pending, file ?? ''))).toEqual(NEW_APPIMAGE)

    // Uploads running: the restart waits, and nothing closes or installs.
    running = 2
    flow.uploadsChanged()
    expect(views.at(-1)).toMatchObject({ phase: 'ready', waitingForUploads: true })
    expect((await flow.restartToUpdate()).waitingForUploads).toBe(true)
    expect(order).toEqual([])

    // Done: the journal closes first, then electron-updater installs and restarts.
    running = 0
    flow.uploadsChanged()
    expect(views.at(-1)).toMatchObject({ phase: 'ready', waitingForUploads: false })
    await flow.restartToUpdate()
    await until(() => order.length === 2)
    expect(order).toEqual(['closeCore', 'quitAndInstall'])
    expect(quitAndInstall).toHaveBeenCalledWith(false, true)
    // The updater's requests go through its own session, which main keeps on the Settings proxy.
    expect(electronStandIn.session.fromPartition).toHaveBeenCalledWith('electron-updater', { cache: false })
    flow.stop()
  })

  it('never installs on an automatic quit: only "Restart to update" does (the deb asks for the administrator password then)', async () => {
    metadata = latestLinuxYml('1.1.0')
    const { updater, flow } = setUp()
    const install = vi.spyOn(updater, 'install')
    await flow.check()
    await until(() => flow.view().phase === 'ready')
    expect(updater.autoInstallOnAppQuit).toBe(false)
    // FlipDrop quits by itself (the tray's quit after the uploads, a log-out): Electron's `quit`
    // reaches whatever electron-updater hung on it (ElectronAppAdapter.onQuit: app.once('quit')).
    for (const [event, handler] of electronApp.once.mock.calls as [string, (...args: unknown[]) => void][]) {
      if (event === 'quit') handler({}, 0)
    }
    expect(install).not.toHaveBeenCalled()
    expect(order).toEqual([])
    flow.stop()
  })

  it('an AppImage that cannot be replaced: FlipDrop stays, reopens its queue and says why', async () => {
    metadata = latestLinuxYml('1.1.0')
    const updater = new AppImageUpdater()
    const log = createLogger((level, line) => lines.push(`${level} ${line}`))
    const flow = createUpdateFlow({
      updater: updaterPort(updater, { log, verbose: false, feedUrl: feed }),
      currentVersion: '1.0.0',
      runningUploads: () => 0,
      closeCore: async () => void order.push('closeCore'),
      reopenCore: async () => void order.push('reopenCore'),
      emit: (view) => views.push(view),
      log
    })
    await flow.check()
    await until(() => flow.view().phase === 'ready')
    // The running AppImage is a file FlipDrop may not remove (even root may not unlink this one).
    vi.stubEnv('APPIMAGE', '/proc/version')
    electronApp.quit.mockClear()
    await flow.restartToUpdate()
    await until(() => flow.view().installFailure !== null)
    expect(flow.view()).toMatchObject({ phase: 'ready', version: '1.1.0', installFailure: 'cannot-replace' })
    expect(order).toEqual(['closeCore', 'reopenCore'])
    // electron-updater's own install ran (AppImageUpdater.doInstall) and did not quit the app.
    expect(lines.some((line) => line.includes('The update was not installed'))).toBe(true)
    expect(electronApp.quit).not.toHaveBeenCalled()
    flow.stop()
  })

  it('says up to date when the feed offers the running version', async () => {
    metadata = latestLinuxYml('1.0.0')
    const { flow } = setUp()
    const view = await flow.check()
    expect(view).toMatchObject({ phase: 'up-to-date', version: null })
    expect(view.checkedAt).not.toBeNull()
    expect(requested.some((url) => url.endsWith('.AppImage'))).toBe(false)
    expect(await flow.restartToUpdate()).toMatchObject({ phase: 'up-to-date' })
    expect(order).toEqual([])
  })

  it('says the check failed when the feed does not answer, and logs why', async () => {
    metadata = ''
    const { flow } = setUp()
    expect((await flow.check()).phase).toBe('failed')
    expect(lines.some((line) => line.startsWith('warn Could not'))).toBe(true)
    // A failed check may be tried again.
    metadata = latestLinuxYml('1.0.0')
    expect((await flow.check()).phase).toBe('up-to-date')
  })
})

describe('whether this copy can update itself', () => {
  it('only installed builds with a feed (app-update.yml, or FLIPDROP_UPDATE_URL)', async () => {
    expect(canUpdateItself({ packaged: false, resourcesPath: dir, env: { FLIPDROP_UPDATE_URL: feed } })).toBe(false)
    expect(canUpdateItself({ packaged: true, resourcesPath: dir, env: {} })).toBe(true)
    expect(canUpdateItself({ packaged: true, resourcesPath: join(dir, 'none'), env: {} })).toBe(false)
    expect(canUpdateItself({ packaged: true, resourcesPath: join(dir, 'none'), env: { FLIPDROP_UPDATE_URL: feed } })).toBe(true)
    expect(feedOverride({ FLIPDROP_UPDATE_URL: 'file:///etc/passwd' })).toBeUndefined()
  })
})
