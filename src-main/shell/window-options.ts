import type { BrowserWindowConstructorOptions } from 'electron'

/**
 * The main window's options. The renderer gets no Node, its own JavaScript world and the
 * Chromium sandbox; everything it may do goes through the preload's bridge. DevTools are
 * available in development only.
 */
export function mainWindowOptions(preloadPath: string, options: { devTools: boolean }): BrowserWindowConstructorOptions {
  return {
    width: 1180,
    height: 780,
    minWidth: 720,
    minHeight: 520,
    title: 'FlipDrop',
    show: false,
    webPreferences: {
      preload: preloadPath,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      devTools: options.devTools
    }
  }
}
