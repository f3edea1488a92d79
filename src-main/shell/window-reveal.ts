import type { BrowserWindow, WebContents } from 'electron'

/** Brings an existing window to the front, restoring it when minimized. */
export function bringToFront(window: BrowserWindow): void {
  if (window.isMinimized()) window.restore()
  window.show()
  window.focus()
}

/** Runs `send` once the page has loaded: events sent to a page still loading are lost. */
export function whenLoaded(contents: WebContents, send: () => void): void {
  if (contents.isLoading()) contents.once('did-finish-load', send)
  else send()
}
