import type { ProxyConfig, Session } from 'electron'

/**
 * Chromium's proxy for a Settings proxy address. Empty: the system's settings (`system`,
 * not "no config", so clearing the field undoes an earlier proxy). Chromium's rules take
 * `scheme://host:port` only: a user name and password in the address are left out here; the
 * proxy's request for them is answered by the `login` handlers (proxy-login.ts), and the
 * service client sends them itself.
 */
export function sessionProxyConfig(proxyUrl: string): ProxyConfig {
  if (!proxyUrl || !URL.canParse(proxyUrl)) return { mode: 'system' }
  const url = new URL(proxyUrl)
  // <local>: names without a dot (intranet hosts) go direct; Chromium adds loopback itself.
  return { mode: 'fixed_servers', proxyRules: `${url.protocol}//${url.host}`, proxyBypassRules: '<local>' }
}

/**
 * Keeps the window's session (thumbnails, covers, audio previews) and the updater's on the
 * Settings proxy, like the service client. Returns the function to call with each value;
 * it calls Electron only when the value changed.
 */
export function followSettingsProxy(sessions: () => readonly Session[], log: (message: string, error?: unknown) => void): (proxyUrl: string) => void {
  let applied: string | undefined
  return (proxyUrl) => {
    if (proxyUrl === applied) return
    applied = proxyUrl
    const config = sessionProxyConfig(proxyUrl)
    for (const session of sessions()) {
      session.setProxy(config).catch((error: unknown) => log('Could not apply the proxy to the window', error)) // words-exempt: a log line, for engineers
    }
  }
}
