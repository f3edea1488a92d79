import type { App, AuthInfo } from 'electron'
import type { ProxyChallenge, ProxyCredentials } from './proxy-challenge'

type Answer = (challenge: ProxyChallenge) => Promise<ProxyCredentials | null>
type LoginCallback = (username?: string, password?: string) => void

/** What the updater offers: electron-updater's AppUpdater emits `login` for its own `net` requests. */
export interface LoginEmitter {
  on(event: 'login', listener: (authInfo: AuthInfo, callback: LoginCallback) => void): unknown
}

function reply(answer: Answer, challenge: ProxyChallenge, callback: LoginCallback, log: (message: string, error?: unknown) => void): void {
  answer(challenge).then(
    (credentials) => (credentials ? callback(credentials.username, credentials.password) : callback()),
    (error: unknown) => {
      log('Could not answer the proxy’s request for a password', error) // words-exempt: a log line, for engineers
      // No arguments: the request is cancelled, as Electron does by default.
      callback()
    }
  )
}

/**
 * Answers proxy challenges (407) with the Settings proxy's credentials, held in main: the
 * window's own requests reach `app`'s `login` event; the updater's, made with `net` in its
 * own session, reach the updater's. A web server's request for a password keeps Electron's
 * default (cancelled): the handler leaves it alone.
 */
export function answerProxyLogins(app: Pick<App, 'on'>, updater: LoginEmitter | undefined, answer: Answer, log: (message: string, error?: unknown) => void): void {
  app.on('login', (event, _webContents, details, authInfo, callback) => {
    if (!authInfo.isProxy) return
    event.preventDefault()
    reply(answer, { ...authInfo, url: details.url }, callback, log)
  })
  if (updater) answerUpdaterLogins(updater, answer, log)
}

/** The updater's share of answerProxyLogins, for an updater loaded after the start (it is loaded once the window has painted). */
export function answerUpdaterLogins(updater: LoginEmitter, answer: Answer, log: (message: string, error?: unknown) => void): void {
  updater.on('login', (authInfo, callback) => reply(answer, { ...authInfo }, callback, log))
}
