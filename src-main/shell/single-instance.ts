import type { App, BrowserWindow } from 'electron'

/**
 * Keeps FlipDrop to one running copy: a second launch focuses the first window and quits.
 * Returns false when this process is the second copy and should exit.
 */
export function claimSingleInstance(app: App, mainWindow: () => BrowserWindow | undefined): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return false
  }
  app.on('second-instance', () => {
    const window = mainWindow()
    if (!window) return
    if (window.isMinimized()) window.restore()
    window.focus()
  })
  return true
}
