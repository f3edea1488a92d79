import { BrowserWindow } from 'electron'
import { hardenContents } from './harden-contents'
import { mainWindowOptions } from './window-options'

/** Where the renderer comes from: the dev server in development, the built file otherwise. */
export interface RendererLocation {
  url: string
  preloadPath: string
}

/** Creates the one main window, hardened, and shows it once it has painted. */
export function createMainWindow(location: RendererLocation): BrowserWindow {
  const window = new BrowserWindow(mainWindowOptions(location.preloadPath))
  hardenContents(window.webContents, () => location.url)
  window.once('ready-to-show', () => window.show())
  void window.loadURL(location.url)
  return window
}
