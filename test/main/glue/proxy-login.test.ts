import { EventEmitter } from 'node:events'
import { describe, expect, it, vi } from 'vitest'
import { createProxyPasswords } from '../../../src-main/core/settings/proxy-password'
import { proxyLoginAnswerer, settingsProxyAccount } from '../../../src-main/shell/proxy-challenge'
import { createMemoryKeychain } from '../../support/memory-keychain'
import { answerProxyLogins } from '../../../src-main/shell/proxy-login'

vi.mock('electron', async () => (await import('./electron-fake')).electronFake)

const PROXY = { isProxy: true, scheme: 'basic', host: 'proxy.example.com', port: 8080, realm: 'Office' }

/** The handlers as main installs them, on a stand-in app and updater (both plain event emitters, as Electron's are). */
function install(proxyUrl = 'http://dana@proxy.example.com:8080') {
  const app = new EventEmitter()
  const updater = new EventEmitter()
  const logged: string[] = []
  // As main does: the address from Settings, the password from the keychain (never in the address).
  const keychain = createMemoryKeychain()
  const passwords = createProxyPasswords(keychain)
  void passwords.set('s3cret')
  const answer = proxyLoginAnswerer({ account: () => settingsProxyAccount(proxyUrl, passwords.get), maxTries: 3, quietMs: 60_000, now: () => 0 })
  answerProxyLogins(app as never, updater as never, answer, (message) => logged.push(message))
  return { app, updater, logged }
}

/** Emits Electron's app `login` event; resolves with what the callback got and whether the default was prevented. */
function appLogin(app: EventEmitter, authInfo: typeof PROXY, url = 'https://go.fliplink.me/cover/7.jpg') {
  return new Promise<{ prevented: boolean; args: unknown[] }>((resolve) => {
    const event = { prevented: false, preventDefault: () => (event.prevented = true) }
    const callback = (...args: unknown[]) => resolve({ prevented: event.prevented, args })
    app.emit('login', event, null, { url, pid: 0 }, authInfo, callback)
    // Left alone, Electron cancels it itself: nothing more will come.
    if (!event.prevented) resolve({ prevented: false, args: [] })
  })
}

describe("the window's and the updater's proxy logins", () => {
  it("answer the Settings proxy's challenge for the window's requests", async () => {
    const { app } = install()
    expect(await appLogin(app, PROXY)).toEqual({ prevented: true, args: ['dana', 's3cret'] })
  })

  it("answer it for the updater's requests too (electron-updater's own login event)", async () => {
    const { updater } = install()
    const args = await new Promise<unknown[]>((resolve) => updater.emit('login', PROXY, (...got: unknown[]) => resolve(got)))
    expect(args).toEqual(['dana', 's3cret'])
  })

  it("leave a web server's request for a password to Electron (cancelled), and cancel another proxy's", async () => {
    const { app } = install()
    expect(await appLogin(app, { ...PROXY, isProxy: false })).toEqual({ prevented: false, args: [] })
    expect(await appLogin(app, { ...PROXY, host: 'other-proxy.example.com' })).toEqual({ prevented: true, args: [] })
  })

  it('cancel after three refused answers for one request', async () => {
    const { app } = install()
    for (let i = 0; i < 3; i++) expect((await appLogin(app, PROXY)).args).toEqual(['dana', 's3cret'])
    expect(await appLogin(app, PROXY)).toEqual({ prevented: true, args: [] })
  })

  it('cancel, and say so in the log, when the credentials cannot be read', async () => {
    const app = new EventEmitter()
    const logged: string[] = []
    answerProxyLogins(app as never, undefined, async () => Promise.reject(new Error('keychain locked')), (message) => logged.push(message))
    expect(await appLogin(app, PROXY)).toEqual({ prevented: true, args: [] })
    expect(logged).toEqual(['Could not answer the proxy’s request for a password'])
  })
})
