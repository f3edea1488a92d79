import type { BrowserWindow } from 'electron'

/**
 * Decides each close of the window: `keep` says whether to keep it (then it is minimized
 * instead, staying in the taskbar or dock as the way back); `after` runs after every close
 * asked for, kept or not (the tray's visibility is asked again for the next time).
 */
export function onWindowClose(window: BrowserWindow, keep: () => boolean, after: () => void = () => {}): void {
  window.on('close', (event) => {
    if (keep()) {
      event.preventDefault()
      window.minimize()
    }
    after()
  })
}
