import type { Session, WebContents } from 'electron'
import { isTrustedFrameUrl } from '../ipc/trusted-sender'
import { safeOpenExternal } from './safe-open-external'

/**
 * Refuses every permission request (camera, microphone, notifications from the page,
 * geolocation...): FlipDrop's page needs none, and main shows notifications itself.
 */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.setPermissionCheckHandler(() => false)
}

/**
 * Keeps a window on the app's own page: navigation elsewhere is cancelled, new windows
 * are refused (https links open in the browser through the safe opener instead), and
 * <webview> cannot be attached.
 */
export function hardenContents(contents: WebContents, appUrl: () => string): void {
  contents.on('will-navigate', (event, url) => {
    if (!isTrustedFrameUrl(url, appUrl())) event.preventDefault()
  })
  contents.on('will-redirect', (event, url) => {
    if (!isTrustedFrameUrl(url, appUrl())) event.preventDefault()
  })
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.setWindowOpenHandler(({ url }) => {
    void safeOpenExternal(url)
    return { action: 'deny' }
  })
}
