import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer, request as httpRequest, type Server } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Core } from '../../../src-main/core/core'
import { readDataLock } from '../../../src-main/core/storage/data-lock'
import type { UpdateView } from '../../../src-shared/domain/updates'
import { startEmulator, type RunningEmulator } from '../../emulator'
import { fastClient, jobNamed, QUEUE_KEY, waitForQueue, writePdf } from '../../support/queue-fixture'
import { createTestCore } from '../../support/test-core'
import { FakeApp } from './desktop-electron-fake'

vi.mock('electron', async () => (await import('./desktop-electron-fake')).desktopElectronFake)

const { guardQuit } = await import('../../../src-main/shell/quit-guard')
const { startDesktop } = await import('../../../src-main/shell/desktop')
const { OpenedPathsInbox } = await import('../../../src-main/shell/opened-paths')
const { updaterPort } = await import('../../../src-main/shell/app-updater')
const { createUpdateFlow } = await import('../../../src-main/core/updates/update-flow')

/*
 * The shell's update sequence as index.ts wires it (the quit guard, the desktop, the update flow
 * over electron-updater's own DebUpdater) around a real core on a temp data folder: "Restart to
 * update" closes the queue, the administrator prompt is cancelled (a `pkexec` that exits 126, as
 * polkit's does when its dialog is dismissed), and FlipDrop must come back whole. Electron is a
 * stand-in; electron-updater loads it with require(), so its stand-in goes into require's cache.
 */
const electronApp = {
  getVersion: () => '1.0.0',
  getName: () => 'FlipDrop',
  isPackaged: true,
  getPath: (name: string) => join(work, name),
  getAppPath: () => work,
  whenReady: () => Promise.resolve(),
  quit: vi.fn(),
  relaunch: vi.fn(),
  once: vi.fn(),
  on: vi.fn()
}
const require = createRequire(import.meta.url)
const electronId = require.resolve('electron', { paths: [require.resolve('electron-updater')] })
require.cache[electronId] = {
  id: electronId,
  filename: electronId,
  loaded: true,
  exports: {
    net: { request: (options: Record<string, unknown>) => httpRequest({ ...options, session: undefined, redirect: undefined } as never) },
    session: { fromPartition: () => ({}) },
    autoUpdater: { emit: vi.fn(), on: vi.fn(), quitAndInstall: vi.fn() },
    app: electronApp
  }
} as never
const { DebUpdater } = require('electron-updater') as typeof import('electron-updater')

/** The deb updater as a designer runs it: not root, so it asks for the password through pkexec. */
class DesignersDebUpdater extends DebUpdater {
  protected override isRunningAsRoot(): boolean {
    return false
  }
}

const NEW_DEB = Buffer.from('!<arch>\ndebian-binary   '.repeat(500))
let work: string
let feed: string
let server: Server
let emulator: RunningEmulator
/** What the stand-in pkexec saw each time it was run: whether the data folder was locked then. */
let promptLog: string

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'flipdrop-install-failure-'))
  emulator = await startEmulator({ keys: [QUEUE_KEY], log: () => {} })
  const sha512 = createHash('sha512').update(NEW_DEB).digest('base64')
  const yml = ['version: 1.1.0', 'files:', '  - url: flipdrop_1.1.0_amd64.deb', `    sha512: ${sha512}`, `    size: ${NEW_DEB.length}`, 'path: flipdrop_1.1.0_amd64.deb', `sha512: ${sha512}`, ''].join('\n')
  server = createServer((req, res) => {
    if (req.url?.startsWith('/latest-linux.yml')) res.writeHead(200).end(yml)
    else if (req.url?.endsWith('.deb')) res.writeHead(200, { 'content-length': NEW_DEB.length }).end(NEW_DEB)
    else res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  feed = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
}, 30_000)
afterAll(async () => {
  vi.unstubAllEnvs()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  await emulator.close()
  await rm(work, { recursive: true, force: true })
})

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 25))
  expect(check(), what).toBe(true)
}

describe('a cancelled administrator prompt leaves FlipDrop whole', () => {
  it('reopens the queue, journal and data-folder lock, says what happened, and "Restart to update" works again', async () => {
    // A pkexec whose dialog the designer dismisses: it notes whether the data folder was still locked.
    const bin = join(work, 'bin')
    const dataDir = await mkdtemp(join(tmpdir(), 'flipdrop-install-data-'))
    promptLog = join(work, 'prompts.log')
    await mkdir(bin)
    await writeFile(
      join(bin, 'pkexec'),
      `#!/bin/sh\nif [ -e '${join(dataDir, 'flipdrop.lock')}' ]; then echo locked >> '${promptLog}'; else echo free >> '${promptLog}'; fi\necho 'Error executing command as another user: Request dismissed' >&2\nexit 126\n`
    )
    await chmod(join(bin, 'pkexec'), 0o755)
    vi.stubEnv('PATH', `${bin}:${process.env['PATH'] ?? ''}`)
    vi.stubEnv('XDG_CACHE_HOME', join(work, 'cache'))
    Object.defineProperty(process, 'resourcesPath', { value: work, configurable: true })
    await writeFile(join(work, 'app-update.yml'), 'provider: generic\nurl: https://updates.invalid/\nupdaterCacheDirName: flipdrop-updater\n')

    // The shell: a core on the data folder, the desktop following its events, the quit guard, the flow.
    const shown: UpdateView[] = []
    let observe: (spec: never, payload: never) => void = () => {}
    const test = await createTestCore({
      userDataDir: dataDir,
      environment: { apiKey: QUEUE_KEY, baseUrl: emulator.baseUrl, documentUrl: emulator.documentUrl },
      createClient: fastClient,
      emit: (spec, payload) => observe(spec as never, payload as never)
    })
    const { booted } = test
    const firstCore: Core = test.core
    const app = new FakeApp()
    const desktop = startDesktop({
      platform: 'linux',
      window: () => undefined,
      reveal: () => {
        throw new Error('no window in this test')
      },
      core: () => booted.startup.current,
      trayIconPath: '/resources/tray/tray.png',
      opened: new OpenedPathsInbox(),
      copyText: () => {},
      quit: () => app.quit(),
      log: () => {}
    })
    observe = (spec, payload) => desktop.observe(spec, payload)
    const quit = guardQuit(app as never, {
      runningUploads: () => desktop.runningUploads(),
      confirm: async () => true,
      close: () => booted.close(),
      quitting: () => desktop.dispose(),
      log: () => {}
    })
    const updater = new DesignersDebUpdater()
    const flow = createUpdateFlow({
      updater: updaterPort(updater, { log: booted.log, verbose: false, feedUrl: feed }),
      currentVersion: '1.0.0',
      runningUploads: () => desktop.runningUploads(),
      closeCore: () => quit.closeCore(),
      reopenCore: () => quit.reopenCore(() => booted.reopen()),
      emit: (view) => shown.push(view),
      log: booted.log
    })

    await flow.check()
    await until(() => flow.view().phase === 'ready', 'the update is downloaded')
    expect((await readDataLock(dataDir))?.pid).toBe(process.pid)
    // Downloaded, nothing asked yet: the prompt comes only with "Restart to update".
    expect(existsSync(promptLog)).toBe(false)

    await flow.restartToUpdate()
    await until(() => flow.view().installFailure !== null, 'the failed install is reported')
    // The prompt came with the queue closed and the lock released, and was cancelled (twice:
    // electron-updater then tries `apt-get install -f` through pkexec too).
    const prompts = (await readFile(promptLog, 'utf8')).trim().split('\n')
    expect(prompts.length).toBeGreaterThan(0)
    expect(new Set(prompts)).toEqual(new Set(['free']))
    expect(shown.some((view) => view.phase === 'installing')).toBe(true)
    expect(shown.at(-1)).toMatchObject({ phase: 'ready', version: '1.1.0', installFailure: 'password-not-given' })

    // A new core: the lock is this process's again, and the queue takes and publishes a job.
    const reopened = booted.startup.current
    expect(reopened).toBeDefined()
    expect(reopened).not.toBe(firstCore)
    expect((await readDataLock(dataDir))?.pid).toBe(process.pid)
    const core = reopened as Core
    const { added } = await core.uploads.enqueuePaths({ paths: [await writePdf(work, 'after the update.pdf', 2)], docType: 'Flipbook', onSameContent: 'ask' })
    expect(added).toHaveLength(1)
    const done = await waitForQueue(core, (view) => jobNamed(view, 'after the update')?.state === 'done')
    expect(jobNamed(done, 'after the update')?.result?.pages).toBe(2)
    // The desktop follows the new queue (seeded again when the core came back; its events may trail the list a moment).
    await until(() => desktop.runningUploads() === 0, 'the desktop sees the job published')

    // "Restart to update" works again: closes, asks, and comes back again.
    const asked = prompts.length
    await flow.restartToUpdate()
    await until(() => readFileSync(promptLog, 'utf8').trim().split('\n').length > asked && flow.view().phase === 'ready', 'the second try')
    await until(() => booted.startup.current !== undefined && booted.startup.current !== core, 'the core is back again')
    expect((await readDataLock(dataDir))?.pid).toBe(process.pid)

    // Quitting now closes the reopened core and releases the lock.
    app.quit()
    await until(() => app.exit.mock.calls.length > 0, 'FlipDrop exits')
    expect(await readDataLock(dataDir)).toBeNull()
    flow.stop()
    await rm(dataDir, { recursive: true, force: true })
  }, 120_000)
})
