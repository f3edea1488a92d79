import { beforeEach, describe, expect, it, vi } from 'vitest'
import { electronFake, FakeBrowserWindow } from './electron-fake'

vi.mock('electron', async () => (await import('./electron-fake')).electronFake)

const { createMainWindow } = await import('../../../src-main/shell/main-window')
const { denyAllPermissions } = await import('../../../src-main/shell/harden-contents')

const location = { url: 'app://flipdrop/index.html', preloadPath: '/opt/FlipDrop/out/preload/index.cjs', devTools: false }

describe('the main window', () => {
  beforeEach(() => {
    FakeBrowserWindow.created = []
    electronFake.shell.openExternal.mockClear()
  })

  it('is sandboxed, context-isolated and without Node', () => {
    const window = createMainWindow(location) as unknown as FakeBrowserWindow
    expect(window.options.webPreferences).toMatchObject({
      preload: location.preloadPath,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false
    })
    expect(window.loaded).toEqual([location.url])
  })

  it('has DevTools only in development', () => {
    const packaged = createMainWindow(location) as unknown as FakeBrowserWindow
    expect(packaged.options.webPreferences?.['devTools']).toBe(false)
    const development = createMainWindow({ ...location, devTools: true }) as unknown as FakeBrowserWindow
    expect(development.options.webPreferences?.['devTools']).toBe(true)
  })

  it('shows a page with the reason when its page fails to load, instead of staying invisible', () => {
    const window = createMainWindow(location) as unknown as FakeBrowserWindow
    window.webContents.listeners.get('did-fail-load')?.({}, -6, 'ERR_FILE_NOT_FOUND', location.url, true)
    expect(window.shown).toBe(true)
    const page = decodeURIComponent(window.loaded.at(-1) ?? '')
    expect(page).toMatch(/^data:text\/html/)
    expect(page).toContain('FlipDrop could not open its window')
    expect(page).toContain('ERR_FILE_NOT_FOUND (error -6)')
    expect(page).toContain(location.url)
  })

  it('ignores aborted loads and failing subframes', () => {
    const window = createMainWindow(location) as unknown as FakeBrowserWindow
    window.webContents.listeners.get('did-fail-load')?.({}, -3, 'ERR_ABORTED', location.url, true)
    window.webContents.listeners.get('did-fail-load')?.({}, -6, 'ERR_FILE_NOT_FOUND', 'app://flipdrop/x', false)
    expect(window.loaded).toEqual([location.url])
    expect(window.shown).toBe(false)
  })

  it('shows itself only once it is ready, to avoid a white flash', () => {
    const window = createMainWindow(location) as unknown as FakeBrowserWindow
    expect(window.shown).toBe(false)
    window.onceListeners.get('ready-to-show')?.()
    expect(window.shown).toBe(true)
  })

  it('cancels navigation and redirects away from the app page', () => {
    const { webContents } = createMainWindow(location) as unknown as FakeBrowserWindow
    expect(webContents.fireCancellable('will-navigate', 'https://evil.example/')).toBe(true)
    expect(webContents.fireCancellable('will-navigate', 'file:///etc/passwd')).toBe(true)
    expect(webContents.fireCancellable('will-navigate', 'app://elsewhere/index.html')).toBe(true)
    expect(webContents.fireCancellable('will-redirect', 'https://evil.example/')).toBe(true)
    expect(webContents.fireCancellable('will-navigate', `${location.url}#reload`)).toBe(false)
  })

  it('refuses <webview> tags', () => {
    const { webContents } = createMainWindow(location) as unknown as FakeBrowserWindow
    expect(webContents.fireCancellable('will-attach-webview')).toBe(true)
  })

  it('denies window.open, handing only https links to the safe opener', async () => {
    const { webContents } = createMainWindow(location) as unknown as FakeBrowserWindow
    expect(webContents.windowOpenHandler?.({ url: 'https://example.com/help' })).toEqual({ action: 'deny' })
    expect(webContents.windowOpenHandler?.({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' })
    expect(webContents.windowOpenHandler?.({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' })
    await Promise.resolve()
    expect(electronFake.shell.openExternal.mock.calls).toEqual([['https://example.com/help']])
  })

  it('denies every permission request and check', () => {
    let requestHandler: ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void) | undefined
    let checkHandler: (() => boolean) | undefined
    const session = {
      setPermissionRequestHandler: (handler: typeof requestHandler) => (requestHandler = handler),
      setPermissionCheckHandler: (handler: typeof checkHandler) => (checkHandler = handler)
    }
    denyAllPermissions(session as never)
    const answers: boolean[] = []
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      requestHandler?.({}, permission, (granted) => answers.push(granted))
    }
    expect(answers).toEqual([false, false, false, false, false])
    expect(checkHandler?.()).toBe(false)
  })
})
