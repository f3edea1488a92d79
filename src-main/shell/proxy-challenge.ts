/*
 * Which credentials answer a proxy's request for them (HTTP 407): the pure decision behind
 * the `login` handlers of the window's sessions and of the updater (proxy-login.ts). No
 * Electron here, so every rule is tested directly.
 */

/** A request for credentials, as Electron describes it (AuthInfo, plus the address asked for when known). */
export interface ProxyChallenge {
  isProxy: boolean
  host: string
  port: number
  realm: string
  /** The address the challenged request was for; absent for the updater's requests. */
  url?: string
}

/** The user name and password of the proxy in Settings, with where that proxy is. */
export interface ProxyAccount {
  host: string
  port: number
  username: string
  password: string
}

export interface ProxyCredentials {
  username: string
  password: string
}

export interface ProxyLoginOptions {
  /** The Settings proxy and its credentials, read in main at each challenge (never from the window). */
  account: () => Promise<ProxyAccount | null>
  /** Answers to one request before it is cancelled: more means the proxy refuses these credentials. */
  maxTries: number
  /** A challenge this long after the last answer to the same request is a new one, not a refusal. */
  quietMs: number
  /** A monotonic clock in milliseconds. */
  now: () => number
}

/** Production defaults: three tries (a typo is not sent forever), a minute of quiet. */
export const PROXY_LOGIN_DEFAULTS = { maxTries: 3, quietMs: 60_000 } as const

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 }

/**
 * The proxy and its credentials: where the Settings address says (`http://user@host:port`,
 * a user name and no password), with the password kept in the keychain. Null without a user name.
 */
export function proxyAccountOf(proxyUrl: string, password: string | null): ProxyAccount | null {
  if (!proxyUrl || !URL.canParse(proxyUrl)) return null
  const url = new URL(proxyUrl)
  if (url.username === '') return null
  const port = url.port === '' ? DEFAULT_PORTS[url.protocol] : Number(url.port)
  if (port === undefined) return null
  let username = url.username
  try {
    username = decodeURIComponent(username)
  } catch {
    // Not percent-encoded after all: as typed.
  }
  return { host: url.hostname.replace(/^\[|\]$/g, '').toLowerCase(), port, username, password: password ?? '' }
}

/** The Settings proxy's account with its password from the keychain, asked only when the proxy names a user. */
export async function settingsProxyAccount(proxyUrl: string, password: () => Promise<string | null>): Promise<ProxyAccount | null> {
  const account = proxyAccountOf(proxyUrl, null)
  return account ? { ...account, password: (await password()) ?? '' } : null
}

/**
 * Returns the function that answers a challenge with the Settings proxy's credentials, or
 * null to cancel it: only a proxy's challenge (never a web server's: the credentials are
 * the proxy's), only from the proxy in Settings (host and port), and at most `maxTries`
 * times for one request before it is cancelled.
 */
export function proxyLoginAnswerer(options: ProxyLoginOptions): (challenge: ProxyChallenge) => Promise<ProxyCredentials | null> {
  /** Per proxy and request: answers given, the last one's time, and with which credentials. */
  const tries = new Map<string, { count: number; at: number; secret: string }>()
  return async (challenge) => {
    if (!challenge.isProxy) return null
    const account = await options.account()
    if (!account) return null
    if (challenge.host.replace(/^\[|\]$/g, '').toLowerCase() !== account.host || challenge.port !== account.port) return null
    const now = options.now()
    for (const [key, entry] of tries) if (now - entry.at > options.quietMs) tries.delete(key)
    const key = `${account.host}:${account.port} ${challenge.url ?? ''}`
    const secret = `${account.username}\u0000${account.password}`
    const previous = tries.get(key)
    // Credentials changed in Settings since: a fresh start for them.
    const count = previous && previous.secret === secret ? previous.count + 1 : 1
    tries.set(key, { count, at: now, secret })
    if (count > options.maxTries) return null
    return { username: account.username, password: account.password }
  }
}
