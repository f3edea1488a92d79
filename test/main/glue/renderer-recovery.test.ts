import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeBrowserWindow } from './electron-fake'

vi.mock('electron', async () => (await import('./electron-fake')).electronFake)

const { createMainWindow } = await import('../../../src-main/shell/main-window')
const { HUNG_GRACE_MS, RELOAD_AGAIN_AFTER_MS, recoveryStep } = await import('../../../src-main/shell/renderer-recovery')

const location = { url: 'app://flipdrop/index.html', preloadPath: '/p/index.cjs', devTools: false }

function gone(window: FakeBrowserWindow, reason: string): void {
  window.webContents.listeners.get('render-process-gone')?.({}, { reason, exitCode: 1 })
}

const lastPage = (window: FakeBrowserWindow): string => decodeURIComponent(window.loaded.at(-1) ?? '')

describe('recoveryStep', () => {
  it('reloads the first time, and again only after a quiet minute', () => {
    expect(recoveryStep(null, 5)).toBe('reload')
    expect(recoveryStep(1_000, 1_000 + RELOAD_AGAIN_AFTER_MS - 1)).toBe('show-failure')
    expect(recoveryStep(1_000, 1_000 + RELOAD_AGAIN_AFTER_MS)).toBe('reload')
  })
})

describe('a window whose page crashes or hangs', () => {
  let now = 0
  const log = vi.fn()

  beforeEach(() => {
    FakeBrowserWindow.created = []
    now = 1_000_000
    log.mockClear()
    vi.useFakeTimers()
    vi.spyOn(Date, 'now').mockImplementation(() => now)
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it('reloads the app page after a crash, then shows the failure page with the reason and Try again (no reload loop)', () => {
    const window = createMainWindow(location, log) as unknown as FakeBrowserWindow
    gone(window, 'crashed')
    expect(window.loaded).toEqual([location.url, location.url])
    now += 2_000
    gone(window, 'crashed')
    expect(window.loaded).toHaveLength(3)
    const page = lastPage(window)
    expect(page).toMatch(/^data:text\/html/)
    expect(page).toContain('The window stopped working (it crashed).')
    expect(page).toContain(`<a href="${location.url}">Try again</a>`)
    expect(window.shown).toBe(true)
    expect(log).toHaveBeenCalledWith(expect.stringContaining('crashed, exit code 1'))
  })

  it('ignores a clean exit (the window closing)', () => {
    const window = createMainWindow(location, log) as unknown as FakeBrowserWindow
    gone(window, 'clean-exit')
    expect(window.loaded).toEqual([location.url])
  })

  it('stops a page that stays unresponsive, and says it stopped responding if the reload does not help', () => {
    const window = createMainWindow(location, log) as unknown as FakeBrowserWindow
    window.webContents.listeners.get('unresponsive')?.()
    vi.advanceTimersByTime(HUNG_GRACE_MS)
    expect(window.webContents.crashedByApp).toBe(1)
    // Electron then reports the page gone (killed); it is reloaded.
    gone(window, 'killed')
    expect(window.loaded).toEqual([location.url, location.url])
    window.webContents.listeners.get('unresponsive')?.()
    vi.advanceTimersByTime(HUNG_GRACE_MS)
    gone(window, 'killed')
    expect(lastPage(window)).toContain('The window stopped responding.')
  })

  it('leaves a page alone that answers again within the grace time', () => {
    const window = createMainWindow(location, log) as unknown as FakeBrowserWindow
    window.webContents.listeners.get('unresponsive')?.()
    vi.advanceTimersByTime(HUNG_GRACE_MS - 1)
    window.webContents.listeners.get('responsive')?.()
    vi.advanceTimersByTime(HUNG_GRACE_MS)
    expect(window.webContents.crashedByApp).toBe(0)
    expect(window.loaded).toEqual([location.url])
  })
})
