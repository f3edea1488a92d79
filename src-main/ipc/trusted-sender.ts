/**
 * Decides whether an IPC message comes from the app's own page. `appUrl` is the URL the
 * main window loads (a file: URL when packaged, the dev server in development).
 * For file: URLs the whole path must match, since every local file shares the "null" origin;
 * for http(s) the origin must match.
 */
export function isTrustedFrameUrl(frameUrl: string | undefined, appUrl: string): boolean {
  if (!frameUrl) return false
  let frame: URL
  let app: URL
  try {
    frame = new URL(frameUrl)
    app = new URL(appUrl)
  } catch {
    return false
  }
  if (frame.protocol !== app.protocol) return false
  if (app.protocol === 'file:') return frame.pathname === app.pathname
  return frame.origin === app.origin
}
