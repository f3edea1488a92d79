import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { contract } from '../../../src-shared/contract'
import { queueView } from '../shell/queue-views'
import { FakeApp, fakeEvent } from './desktop-electron-fake'

vi.mock('electron', async () => (await import('./desktop-electron-fake')).desktopElectronFake)

const { collectOpenedFiles } = await import('../../../src-main/shell/open-files')
const { claimSingleInstance } = await import('../../../src-main/shell/single-instance')
const { startDesktop } = await import('../../../src-main/shell/desktop')
const { OPEN_COALESCE_MS } = await import('../../../src-main/shell/opened-paths')

/** index.ts's wiring on fakes: open-file and argv before ready, the lock, the desktop, a core. */
function boot(argv: string[], cwd: string) {
  const app = new FakeApp()
  const reveal = vi.fn()
  const opened = collectOpenedFiles(app as never, { argv, cwd, defaultApp: false }, reveal)
  expect(claimSingleInstance(app as never, opened.secondLaunch)).toBe(true)
  const enqueueOpened = vi.fn(async (_paths: readonly string[]) => ({ added: [], refused: [], sameContent: [] }))
  const core = { uploads: { list: () => queueView([]), enqueueOpened }, settings: { get: () => ({ values: { notifications: true } }) } }
  const desktop = startDesktop({
    platform: 'darwin',
    window: () => undefined,
    reveal: vi.fn() as never,
    core: () => core as never,
    trayIconPath: '/tray.png',
    opened: opened.inbox,
    copyText: vi.fn(),
    quit: vi.fn(),
    log: vi.fn()
  })
  const coreReady = () => desktop.observe(contract.app.startupChanged, { phase: 'ready', message: null })
  return { app, reveal, enqueueOpened, coreReady }
}

let folder: string
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'flipdrop-opened-'))
  await mkdir(join(folder, 'Exports'))
  await writeFile(join(folder, 'a.pdf'), '%PDF-1.7')
  await writeFile(join(folder, 'Exports', 'b.pdf'), '%PDF-1.7')
})
afterEach(() => vi.useRealTimers())

describe('PDFs opened with FlipDrop', () => {
  it('macOS open-file before ready: taken (default prevented), kept, and queued once the core is ready', () => {
    const t = boot(['/Applications/FlipDrop.app/Contents/MacOS/FlipDrop'], '/')
    const event = fakeEvent()
    t.app.emit('open-file', event, '/Users/ana/catalogue.pdf')
    expect(event.defaultPrevented).toBe(true)
    // Not ready: the first window opens by itself.
    expect(t.reveal).not.toHaveBeenCalled()
    t.app.emit('open-file', fakeEvent(), '/Users/ana/brochure.pdf')
    expect(t.enqueueOpened).not.toHaveBeenCalled()
    t.app.ready = true
    t.coreReady()
    expect(t.enqueueOpened.mock.calls).toEqual([[['/Users/ana/catalogue.pdf', '/Users/ana/brochure.pdf']]])
  })

  it('macOS open-file after ready (Finder, a drop on the Dock icon): shows the window and queues the selection in one call', () => {
    vi.useFakeTimers()
    const t = boot(['/Applications/FlipDrop.app/Contents/MacOS/FlipDrop'], '/')
    t.app.ready = true
    t.coreReady()
    t.app.emit('open-file', fakeEvent(), '/Users/ana/1.pdf')
    t.app.emit('open-file', fakeEvent(), '/Users/ana/2.pdf')
    expect(t.reveal).toHaveBeenCalledTimes(2)
    vi.advanceTimersByTime(OPEN_COALESCE_MS)
    expect(t.enqueueOpened.mock.calls).toEqual([[['/Users/ana/1.pdf', '/Users/ana/2.pdf']]])
  })

  it('files on the command line of the first launch reach the queue as absolute paths', () => {
    const t = boot(['C:\\Program Files\\FlipDrop\\FlipDrop.exe', '--updated', 'a.pdf', 'Exports/b.pdf', 'missing.pdf', 'Exports'], folder)
    t.app.ready = true
    t.coreReady()
    expect(t.enqueueOpened.mock.calls).toEqual([[[join(folder, 'a.pdf'), join(folder, 'Exports', 'b.pdf')]]])
  })

  it('files passed to a second launch are resolved against its directory, and show the window', () => {
    vi.useFakeTimers()
    const t = boot(['/opt/FlipDrop/flipdrop'], '/')
    t.app.ready = true
    t.coreReady()
    expect(t.enqueueOpened).not.toHaveBeenCalled()
    const argv = ['/opt/FlipDrop/flipdrop', '--original-process-start-time=13371337', 'b.pdf', join(folder, 'a.pdf')]
    t.app.emit('second-instance', fakeEvent(), argv, join(folder, 'Exports'), null)
    expect(t.reveal).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(OPEN_COALESCE_MS)
    expect(t.enqueueOpened.mock.calls).toEqual([[[join(folder, 'Exports', 'b.pdf'), join(folder, 'a.pdf')]]])
  })

  it('a second launch with no files only shows the window', () => {
    vi.useFakeTimers()
    const t = boot(['/opt/FlipDrop/flipdrop'], '/')
    t.app.ready = true
    t.coreReady()
    t.app.emit('second-instance', fakeEvent(), ['/opt/FlipDrop/flipdrop'], '/home/ana', null)
    vi.advanceTimersByTime(OPEN_COALESCE_MS)
    expect(t.reveal).toHaveBeenCalledTimes(1)
    expect(t.enqueueOpened).not.toHaveBeenCalled()
  })
})
