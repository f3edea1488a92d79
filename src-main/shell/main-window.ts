import { BrowserWindow } from 'electron'
import { hardenContents } from './harden-contents'
import { t } from './i18n/desktop-i18n'
import { loadFailurePage } from './load-failure-page'
import { recoverRenderer } from './renderer-recovery'
import { mainWindowOptions } from './window-options'

/** Where the renderer comes from: the dev server in development, app://flipdrop otherwise. */
export interface RendererLocation {
  url: string
  preloadPath: string
  /** DevTools only in development; packaged builds have none. */
  devTools: boolean
}

/** Chromium's "aborted" code: a navigation replaced by another, not a failure. */
const ERR_ABORTED = -3

/**
 * Creates the one main window, hardened, and shows it once it has painted. If the page
 * cannot load, the window shows a page with the reason instead of never appearing; a page
 * that crashes or hangs is reloaded, or replaced by that page (renderer-recovery.ts).
 */
export function createMainWindow(location: RendererLocation, log: (message: string) => void = () => {}): BrowserWindow {
  const window = new BrowserWindow(mainWindowOptions(location.preloadPath, { devTools: location.devTools }))
  hardenContents(window.webContents, () => location.url)
  window.once('ready-to-show', () => window.show())
  window.webContents.on('did-fail-load', (_event, code, description, url, isMainFrame) => {
    if (!isMainFrame || code === ERR_ABORTED) return
    void window.loadURL(loadFailurePage(t('desktop.failure.loadError', { description, code }), url))
    window.show()
  })
  recoverRenderer(window, { url: () => location.url, log })
  void window.loadURL(location.url)
  return window
}
