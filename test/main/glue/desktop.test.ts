import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { contract } from '../../../src-shared/contract'
import type { JobView, QueueChange, QueueView } from '../../../src-shared/domain/queue'
import { change, fileJob, progress, queueView } from '../shell/queue-views'
import { FakeDesktopWindow, FakeNotification, FakeTray, fakeApp } from './desktop-electron-fake'

vi.mock('electron', async () => (await import('./desktop-electron-fake')).desktopElectronFake)

const { startDesktop, DESKTOP_REFRESH_MS } = await import('../../../src-main/shell/desktop')
const { OpenedPathsInbox } = await import('../../../src-main/shell/opened-paths')
const { BACKGROUND_QUIT_DELAY_MS } = await import('../../../src-main/shell/background-policy')
const { FAILURE_COALESCE_MS } = await import('../../../src-main/shell/notice-planner')
const { speakDesktop } = await import('../../../src-main/shell/i18n/desktop-i18n')

/** Lets the notification's settings read (a promise) resolve. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

function fakeCore(view: QueueView, notifications: boolean) {
  return {
    uploads: {
      list: vi.fn(() => view),
      pause: vi.fn(async () => view),
      resume: vi.fn(async () => view),
      enqueueOpened: vi.fn(async (_paths: readonly string[]) => ({ added: [], refused: [], sameContent: [] })),
      jobAccount: vi.fn((_jobId: string) => null)
    },
    // One account: notices and the tray name none.
    auth: { status: vi.fn(() => ({ accounts: [] })) },
    settings: {
      get: vi.fn(() => ({ values: { notifications }, fromEnvironment: { baseUrl: false, documentUrl: false, apiKey: false } }))
    }
  }
}

interface SetUp {
  platform: NodeJS.Platform
  jobs: JobView[]
  notifications?: boolean
  windowOpen?: boolean
}

/** The desktop wired as index.ts wires it, on fakes: a window that may close, a core, an inbox. */
function setUp({ platform, jobs, notifications = true, windowOpen = true }: SetUp) {
  let window: FakeDesktopWindow | undefined = windowOpen ? new FakeDesktopWindow() : undefined
  const core = fakeCore(queueView(jobs), notifications)
  const quit = vi.fn()
  const copyText = vi.fn()
  const log = vi.fn()
  const opened = new OpenedPathsInbox()
  const windows: FakeDesktopWindow[] = []
  const desktop = startDesktop({
    platform,
    window: () => window as never,
    reveal: () => {
      if (!window) {
        // A new window: its page is still loading.
        window = new FakeDesktopWindow()
        window.loading = true
        windows.push(window)
        desktop.windowsChanged()
      }
      window.show()
      return window as never
    },
    core: () => core as never,
    trayIconPath: '/resources/tray/tray.png',
    opened,
    copyText,
    quit,
    log
  })
  return {
    desktop,
    core,
    quit,
    copyText,
    log,
    opened,
    windows,
    window: () => window,
    ready: () => desktop.observe(contract.app.startupChanged, { phase: 'ready', message: null }),
    changed: (next: QueueChange) => desktop.observe(contract.uploads.changed, next),
    progressed: (jobId: string, sent: number, total: number) => desktop.observe(contract.uploads.progress, progress(jobId, sent, total)),
    closeWindow: () => {
      window = undefined
      desktop.windowsChanged()
    }
  }
}

beforeEach(() => {
  vi.useFakeTimers()
  FakeNotification.instances = []
  FakeNotification.supported = true
  FakeTray.instances = []
  fakeApp.setBadgeCount.mockClear()
})
afterEach(() => vi.useRealTimers())

describe('taskbar progress', () => {
  it('follows the queue through uploading, pause, resume, failure and clean-up (Windows)', () => {
    const t = setUp({ platform: 'win32', jobs: [fileJob('a', 'uploading', { size: 1000 }), fileJob('b', 'queued', { size: 3000 })] })
    t.ready()
    t.progressed('a', 500, 1000)
    t.progressed('a', 1000, 1000)
    vi.advanceTimersByTime(DESKTOP_REFRESH_MS)
    t.changed(change([fileJob('a', 'done', { size: 1000 }), fileJob('b', 'uploading', { size: 3000 })]))
    vi.advanceTimersByTime(DESKTOP_REFRESH_MS)
    t.progressed('b', 1500, 3000)
    vi.advanceTimersByTime(DESKTOP_REFRESH_MS)
    // Pause all: the running job goes back to the queue and its bytes start again.
    t.changed(change([fileJob('b', 'queued', { size: 3000 })], { paused: true }))
    vi.advanceTimersByTime(DESKTOP_REFRESH_MS)
    t.changed(change([fileJob('b', 'waiting', { size: 3000 })], { paused: false }))
    vi.advanceTimersByTime(DESKTOP_REFRESH_MS)
    t.changed(change([fileJob('b', 'uploading', { size: 3000, sent: 3000 })]))
    vi.advanceTimersByTime(DESKTOP_REFRESH_MS)
    t.changed(change([fileJob('b', 'failed', { size: 3000 })]))
    vi.advanceTimersByTime(DESKTOP_REFRESH_MS)
    t.changed(change([], { removed: ['b'] }))
    vi.advanceTimersByTime(DESKTOP_REFRESH_MS)
    expect(t.window()?.progress).toEqual([
      { value: 0, mode: 'normal' },
      { value: 0.125, mode: 'normal' },
      { value: 0.25, mode: 'normal' },
      { value: 0.625, mode: 'normal' },
      { value: 0.25, mode: 'paused' },
      { value: 0.25, mode: 'indeterminate' },
      { value: 1, mode: 'normal' },
      { value: 1, mode: 'error' },
      { value: -1, mode: 'none' }
    ])
  })

  it('shows no bar when idle on macOS and counts failed jobs on the badge', () => {
    const t = setUp({ platform: 'darwin', jobs: [fileJob('a', 'uploading')] })
    t.ready()
    t.changed(change([fileJob('a', 'failed')]))
    vi.advanceTimersByTime(DESKTOP_REFRESH_MS)
    expect(t.window()?.progress.at(-1)).toEqual({ value: -1, mode: 'none' })
    expect(fakeApp.setBadgeCount.mock.calls).toEqual([[1]])
    t.changed(change([fileJob('a', 'queued')]))
    vi.advanceTimersByTime(DESKTOP_REFRESH_MS)
    expect(fakeApp.setBadgeCount.mock.calls).toEqual([[1], [0]])
  })

  it('sets no badge count on Windows, where Electron has none', () => {
    const t = setUp({ platform: 'win32', jobs: [fileJob('a', 'failed'), fileJob('b', 'failed')] })
    t.ready()
    expect(fakeApp.setBadgeCount).not.toHaveBeenCalled()
    expect(t.window()?.progress).toEqual([{ value: 1, mode: 'error' }])
  })

  it('updates the bar at most four times a second under ten progress events a second per job', () => {
    const jobs = ['a', 'b', 'c'].map((id) => fileJob(id, 'uploading', { size: 100_000 }))
    const t = setUp({ platform: 'win32', jobs })
    t.ready()
    let events = 0
    for (let tick = 1; tick <= 50; tick++) {
      for (const id of ['a', 'b', 'c']) {
        t.progressed(id, tick * 2000, 100_000)
        events += 1
      }
      vi.advanceTimersByTime(100)
    }
    vi.advanceTimersByTime(DESKTOP_REFRESH_MS)
    const calls = t.window()?.progress.length ?? 0
    expect(events).toBe(150)
    // 5 s of progress: one call at start-up, then one per 250 ms.
    expect(calls).toBeLessThanOrEqual(1 + 5_000 / DESKTOP_REFRESH_MS + 1)
    expect(t.window()?.progress.at(-1)).toEqual({ value: 1, mode: 'normal' })
  })

  it('keeps going when an OS call fails, and says why in the log', () => {
    const t = setUp({ platform: 'win32', jobs: [fileJob('a', 'uploading')] })
    const window = t.window()
    if (!window) throw new Error('no window')
    window.setProgressBar = () => {
      throw new Error('taskbar gone')
    }
    expect(() => t.ready()).not.toThrow()
    expect(t.log).toHaveBeenCalledWith('Could not show the uploads on the desktop', expect.any(Error))
  })
})

describe('notifications', () => {
  it('summarise a finished batch in one notification', async () => {
    const t = setUp({ platform: 'linux', jobs: ['a', 'b', 'c'].map((id) => fileJob(id, 'queued')) })
    t.ready()
    t.changed(change([fileJob('a', 'done'), fileJob('b', 'uploading')]))
    t.changed(change([fileJob('b', 'done'), fileJob('c', 'uploading')]))
    await settle()
    expect(FakeNotification.instances).toEqual([])
    t.changed(change([fileJob('c', 'done')]))
    await settle()
    expect(FakeNotification.instances.map((n) => [n.options.title, n.shown])).toEqual([['3 PDFs published', true]])
  })

  it('say "2 published, 1 failed" once, not a failure and then a summary', async () => {
    const t = setUp({ platform: 'linux', jobs: ['a', 'b', 'c'].map((id) => fileJob(id, 'queued')) })
    t.ready()
    t.changed(change([fileJob('a', 'done'), fileJob('b', 'done')]))
    t.changed(change([fileJob('c', 'failed')]))
    vi.advanceTimersByTime(FAILURE_COALESCE_MS * 2)
    await settle()
    expect(FakeNotification.instances.map((n) => n.options.title)).toEqual(['2 published, 1 failed'])
  })

  it('name a job that fails while others run, with its message, once failures stop coming', async () => {
    const t = setUp({ platform: 'linux', jobs: [fileJob('a', 'uploading', { name: 'Catalogue' }), fileJob('b', 'queued')] })
    t.ready()
    t.changed(change([fileJob('a', 'failed', { name: 'Catalogue' })]))
    await settle()
    expect(FakeNotification.instances).toEqual([])
    vi.advanceTimersByTime(FAILURE_COALESCE_MS)
    await settle()
    expect(FakeNotification.instances.map((n) => n.options)).toEqual([
      { title: '“Catalogue” could not be published', body: 'Catalogue is not a PDF the service accepts.' }
    ])
  })

  it('stay silent when the setting is off', async () => {
    const t = setUp({ platform: 'darwin', jobs: [fileJob('a', 'uploading'), fileJob('b', 'queued')], notifications: false })
    t.ready()
    t.changed(change([fileJob('a', 'failed')]))
    vi.advanceTimersByTime(FAILURE_COALESCE_MS)
    t.changed(change([fileJob('b', 'done')]))
    await settle()
    expect(FakeNotification.instances).toEqual([])
    expect(t.core.settings.get).toHaveBeenCalled()
  })

  it('stay silent while the window is in front, and where the OS has none', async () => {
    const t = setUp({ platform: 'win32', jobs: [fileJob('a', 'uploading')] })
    t.ready()
    const window = t.window()
    if (window) window.focused = true
    t.changed(change([fileJob('a', 'done')]))
    await settle()
    FakeNotification.supported = false
    if (window) window.focused = false
    t.changed(change([fileJob('a', 'queued')]))
    t.changed(change([fileJob('a', 'done')]))
    await settle()
    expect(FakeNotification.instances).toEqual([])
  })

  it('open the window when clicked, then go to Publish and show the job', async () => {
    const t = setUp({ platform: 'win32', jobs: [fileJob('a', 'uploading'), fileJob('b', 'queued')] })
    t.ready()
    t.closeWindow()
    t.changed(change([fileJob('a', 'done'), fileJob('b', 'failed')]))
    await settle()
    const [notification] = FakeNotification.instances
    notification?.fire('click')
    const opened = t.windows[0]
    expect(opened?.shown).toBe(true)
    // The new page is still loading: the events wait for it.
    expect(opened?.sent).toEqual([])
    opened?.finishLoading()
    expect(opened?.sent).toEqual([
      { channel: contract.app.navigate.channel, payload: 'publish' },
      { channel: contract.app.showJob.channel, payload: { jobId: 'b' } }
    ])
  })

  it('bring an open window to the front when clicked', async () => {
    const t = setUp({ platform: 'linux', jobs: [fileJob('a', 'uploading')] })
    t.ready()
    t.changed(change([fileJob('a', 'done')]))
    await settle()
    FakeNotification.instances[0]?.fire('click')
    expect(t.window()?.shown).toBe(true)
    expect(t.window()?.sent.map((message) => message.channel)).toEqual([contract.app.navigate.channel, contract.app.showJob.channel])
  })

  it('offer "Copy link" for a published PDF where the OS has actions, copying its share link', async () => {
    const t = setUp({ platform: 'darwin', jobs: [fileJob('a', 'uploading')] })
    t.ready()
    t.changed(change([fileJob('a', 'done')]))
    await settle()
    const [notification] = FakeNotification.instances
    expect(notification?.options.actions).toEqual([{ type: 'button', text: 'Copy link' }])
    notification?.fire('action', { actionIndex: 0, selectionIndex: -1 })
    expect(t.copyText).toHaveBeenCalledWith('https://go.fliplink.me/view/a')
    expect(t.window()?.sent).toEqual([])
  })

  it('say "Updated <name> (same link)" when a linked file updated its item; clicking only brings the window forward', async () => {
    const t = setUp({ platform: 'darwin', jobs: [] })
    t.ready()
    t.desktop.observe(contract.links.updated, { linkId: 'l1', itemId: 7, name: 'Price list', url: 'https://go.fliplink.me/view/price' })
    await settle()
    const [notification] = FakeNotification.instances
    expect(notification?.options.title).toBe('Updated Price list (same link)')
    notification?.fire('action', { actionIndex: 0, selectionIndex: -1 })
    expect(t.copyText).toHaveBeenCalledWith('https://go.fliplink.me/view/price')
    FakeNotification.instances[0]?.fire('click')
    expect(t.window()?.sent).toEqual([])
  })

  it('have no action on Linux, where Electron shows none', async () => {
    const t = setUp({ platform: 'linux', jobs: [fileJob('a', 'uploading')] })
    t.ready()
    t.changed(change([fileJob('a', 'done')]))
    await settle()
    expect(FakeNotification.instances[0]?.options.actions).toBeUndefined()
  })
})

describe('running in the background', () => {
  it('keeps FlipDrop running when the window closes during uploads, with a tray that does what it says', () => {
    const t = setUp({ platform: 'win32', jobs: [fileJob('a', 'uploading', { size: 2000 }), fileJob('b', 'queued', { size: 2000 })] })
    t.ready()
    expect(FakeTray.instances).toEqual([])
    t.closeWindow()
    expect(t.desktop.keepsRunningWithoutWindow()).toBe(true)
    const [tray] = FakeTray.instances
    expect(tray?.image).toMatchObject({ path: '/resources/tray/tray.png' })
    expect(tray?.tooltips).toEqual(['FlipDrop: 2 uploads left, 0 % sent'])
    expect(tray?.menus.at(-1)?.map((item) => item.label ?? item.type)).toEqual(['Show FlipDrop', 'Pause all', 'separator', 'Quit'])

    t.progressed('a', 1000, 2000)
    vi.advanceTimersByTime(DESKTOP_REFRESH_MS)
    expect(tray?.tooltips.at(-1)).toBe('FlipDrop: 2 uploads left, 25 % sent')

    tray?.choose('Pause all')
    expect(t.core.uploads.pause).toHaveBeenCalledTimes(1)
    t.changed(change([fileJob('a', 'queued', { size: 2000 })], { paused: true }))
    vi.advanceTimersByTime(DESKTOP_REFRESH_MS)
    expect(tray?.menus.at(-1)?.map((item) => item.label ?? item.type)).toEqual(['Show FlipDrop', 'Resume all', 'separator', 'Quit'])
    tray?.choose('Resume all')
    expect(t.core.uploads.resume).toHaveBeenCalledTimes(1)

    tray?.choose('Quit')
    expect(t.quit).toHaveBeenCalledTimes(1)

    tray?.choose('Show FlipDrop')
    expect(t.windows).toHaveLength(1)
    expect(tray?.destroyed).toBe(true)
  })

  it('shows the window when the Windows tray icon is clicked', () => {
    const t = setUp({ platform: 'win32', jobs: [fileJob('a', 'uploading')] })
    t.ready()
    t.closeWindow()
    FakeTray.instances[0]?.listeners.get('click')?.()
    expect(t.windows).toHaveLength(1)
  })

  it('uses a template image in the macOS menu bar', () => {
    const t = setUp({ platform: 'darwin', jobs: [fileJob('a', 'uploading')] })
    t.ready()
    t.closeWindow()
    expect(FakeTray.instances[0]?.image.template).toBe(true)
  })

  it('quits on Windows and Linux once the uploads finish without a window, after the notification had time', async () => {
    const t = setUp({ platform: 'linux', jobs: [fileJob('a', 'uploading')] })
    t.ready()
    t.closeWindow()
    t.changed(change([fileJob('a', 'done')]))
    vi.advanceTimersByTime(DESKTOP_REFRESH_MS)
    await settle()
    expect(FakeNotification.instances.map((n) => n.options.title)).toEqual(['1 PDF published'])
    expect(FakeTray.instances[0]?.destroyed).toBe(true)
    expect(t.quit).not.toHaveBeenCalled()
    vi.advanceTimersByTime(BACKGROUND_QUIT_DELAY_MS)
    expect(t.quit).toHaveBeenCalledTimes(1)
  })

  it('does not quit when the notification is clicked in the meantime, nor on macOS', async () => {
    const linux = setUp({ platform: 'linux', jobs: [fileJob('a', 'uploading')] })
    linux.ready()
    linux.closeWindow()
    linux.changed(change([fileJob('a', 'done')]))
    vi.advanceTimersByTime(DESKTOP_REFRESH_MS)
    await settle()
    FakeNotification.instances[0]?.fire('click')
    vi.advanceTimersByTime(BACKGROUND_QUIT_DELAY_MS * 2)
    expect(linux.quit).not.toHaveBeenCalled()

    const mac = setUp({ platform: 'darwin', jobs: [fileJob('a', 'uploading')] })
    mac.ready()
    mac.closeWindow()
    mac.changed(change([fileJob('a', 'done')]))
    vi.advanceTimersByTime(BACKGROUND_QUIT_DELAY_MS * 2)
    expect(mac.quit).not.toHaveBeenCalled()
    expect(mac.desktop.keepsRunningWithoutWindow()).toBe(true)
  })

  it('lets Windows and Linux quit when the window closes with nothing to upload', () => {
    const t = setUp({ platform: 'win32', jobs: [fileJob('a', 'done'), fileJob('b', 'failed')] })
    t.ready()
    t.closeWindow()
    expect(t.desktop.keepsRunningWithoutWindow()).toBe(false)
    expect(FakeTray.instances).toEqual([])
  })

  it('counts the uploads a quit would stop: none while the queue is paused', () => {
    const t = setUp({ platform: 'win32', jobs: [fileJob('a', 'uploading'), fileJob('b', 'queued'), fileJob('c', 'done')] })
    expect(t.desktop.runningUploads()).toBe(0)
    t.ready()
    expect(t.desktop.runningUploads()).toBe(2)
    t.changed(change([], { paused: true }))
    expect(t.desktop.runningUploads()).toBe(0)
  })

  it('says the tray’s words again in the new language when main’s language changes', () => {
    const t = setUp({ platform: 'win32', jobs: [fileJob('a', 'uploading', { size: 2000 }), fileJob('b', 'queued', { size: 2000 })] })
    t.ready()
    t.closeWindow()
    const [tray] = FakeTray.instances
    speakDesktop('de')
    try {
      t.desktop.relabel()
      expect(tray?.tooltips.at(-1)).toBe('FlipDrop: noch 2 Uploads, 0 % gesendet')
      expect(tray?.menus.at(-1)?.map((item) => item.label ?? item.type)).toEqual(['FlipDrop anzeigen', 'Alle pausieren', 'separator', 'Beenden'])
    } finally {
      speakDesktop('en')
    }
  })

  it('removes the tray when the app quits', () => {
    const t = setUp({ platform: 'win32', jobs: [fileJob('a', 'uploading')] })
    t.ready()
    t.closeWindow()
    t.desktop.dispose()
    expect(FakeTray.instances[0]?.destroyed).toBe(true)
  })
})

describe('PDFs opened with FlipDrop', () => {
  it('wait for the queue to be ready, then reach it', async () => {
    const t = setUp({ platform: 'darwin', jobs: [] })
    t.opened.add(['/Users/ana/a.pdf'])
    expect(t.core.uploads.enqueueOpened).not.toHaveBeenCalled()
    t.ready()
    expect(t.core.uploads.enqueueOpened).toHaveBeenCalledWith(['/Users/ana/a.pdf'])
    t.opened.add(['/Users/ana/b.pdf'])
    vi.advanceTimersByTime(500)
    expect(t.core.uploads.enqueueOpened).toHaveBeenLastCalledWith(['/Users/ana/b.pdf'])
  })
})

describe('notification text on Linux', () => {
  it('escapes the body, which Linux notification servers read as markup', async () => {
    const t = setUp({ platform: 'linux', jobs: [fileJob('a', 'uploading', { name: 'Sales & <b>Marketing</b>' })] })
    t.ready()
    t.changed(change([fileJob('a', 'done', { name: 'Sales & <b>Marketing</b>' })]))
    await settle()
    expect(FakeNotification.instances[0]?.options).toMatchObject({
      title: '1 PDF published',
      body: '“Sales &amp; &lt;b&gt;Marketing&lt;/b&gt;” is online. Click to see it in FlipDrop.'
    })
  })

  it('leaves it as it is on macOS and Windows', async () => {
    const t = setUp({ platform: 'darwin', jobs: [fileJob('a', 'uploading', { name: 'Sales & Marketing' })] })
    t.ready()
    t.changed(change([fileJob('a', 'done', { name: 'Sales & Marketing' })]))
    await settle()
    expect(FakeNotification.instances[0]?.options.body).toBe('“Sales & Marketing” is online. Click to see it in FlipDrop.')
  })
})

describe('closing the window while uploads run', () => {
  it('keeps the window (minimized) where no tray icon can be seen, and lets it close once quitting', () => {
    const t = setUp({ platform: 'linux', jobs: [fileJob('a', 'uploading', { size: 1000 })] })
    t.ready()
    expect(t.desktop.windowClosing({ quitting: false, trayVisible: false })).toBe(true)
    expect(t.desktop.windowClosing({ quitting: true, trayVisible: false })).toBe(false)
  })

  it('lets it close to the tray where one is seen, clearing its taskbar bar first so it does not freeze', () => {
    const t = setUp({ platform: 'linux', jobs: [fileJob('a', 'uploading', { size: 1000 })] })
    t.ready()
    t.progressed('a', 500, 1000)
    vi.advanceTimersByTime(DESKTOP_REFRESH_MS)
    expect(t.window()?.progress.at(-1)).toEqual({ value: 0.5, mode: 'normal' })
    expect(t.desktop.windowClosing({ quitting: false, trayVisible: true })).toBe(false)
    expect(t.window()?.progress.at(-1)).toEqual({ value: -1, mode: 'none' })
    t.closeWindow()
    expect(FakeTray.instances).toHaveLength(1)
  })

  it('lets it close when nothing is left to upload', () => {
    const t = setUp({ platform: 'linux', jobs: [fileJob('a', 'done')] })
    t.ready()
    expect(t.desktop.windowClosing({ quitting: false, trayVisible: false })).toBe(false)
  })
})
