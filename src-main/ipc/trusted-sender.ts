/**
 * Decides whether an IPC message comes from the app's own page: the frame's scheme and
 * host (with port) must equal those of `appUrl` (`app://flipdrop/…` when built, the dev
 * server in development). Compared by parts, because Node's URL gives custom schemes the
 * origin "null". file: URLs are never trusted: every local file shares one origin.
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
  if (frame.protocol === 'file:' || app.protocol === 'file:') return false
  // Node leaves a custom scheme's host as written; host names are case-insensitive.
  const host = frame.host.toLowerCase()
  return frame.protocol === app.protocol && host === app.host.toLowerCase() && host !== ''
}
