import { describe, expect, it } from 'vitest'
import { proxyAccountOf, proxyLoginAnswerer, settingsProxyAccount, type ProxyAccount, type ProxyChallenge } from '../../../src-main/shell/proxy-challenge'

const ACCOUNT: ProxyAccount = { host: 'proxy.example.com', port: 8080, username: 'dana', password: 'pw 5521' }
const CHALLENGE: ProxyChallenge = { isProxy: true, host: 'proxy.example.com', port: 8080, realm: 'Office', url: 'https://go.fliplink.me/cover/1.jpg' }

function answerer(account: () => ProxyAccount | null = () => ACCOUNT) {
  let clock = 0
  const answer = proxyLoginAnswerer({ account: async () => account(), maxTries: 3, quietMs: 60_000, now: () => clock })
  return { answer, advance: (ms: number) => (clock += ms) }
}

describe('the credentials of the Settings proxy', () => {
  it('come from its address (user name decoded, default ports filled in) and the password given', () => {
    expect(proxyAccountOf('http://dana@Proxy.Example.com:8080', 'pw 5521')).toEqual(ACCOUNT)
    expect(proxyAccountOf('https://dana@proxy.example.com', 'x')).toMatchObject({ port: 443 })
    expect(proxyAccountOf('http://dana@[::1]', null)).toEqual({ host: '::1', port: 80, username: 'dana', password: '' })
    expect(proxyAccountOf('http://proxy.example.com:8080', 'pw')).toBeNull()
    expect(proxyAccountOf('', 'pw')).toBeNull()
  })

  it('ask the keychain for the password only when the proxy names a user', async () => {
    const asked: string[] = []
    const password = async (): Promise<string> => {
      asked.push('asked')
      return 'pw 5521'
    }
    expect(await settingsProxyAccount('http://proxy.example.com:8080', password)).toBeNull()
    expect(asked).toEqual([])
    expect(await settingsProxyAccount('http://dana@proxy.example.com:8080', password)).toEqual(ACCOUNT)
    expect(asked).toEqual(['asked'])
  })
})

describe('answering a proxy challenge', () => {
  it("answers the Settings proxy's challenge with its credentials", async () => {
    const { answer } = answerer()
    expect(await answer(CHALLENGE)).toEqual({ username: 'dana', password: 'pw 5521' })
    expect(await answer({ ...CHALLENGE, host: 'PROXY.example.com', url: 'https://other.example/a' })).toEqual({ username: 'dana', password: 'pw 5521' })
  })

  it("never gives them to a web server, another proxy, or another port", async () => {
    const { answer } = answerer()
    expect(await answer({ ...CHALLENGE, isProxy: false })).toBeNull()
    expect(await answer({ ...CHALLENGE, host: 'evil.example.com' })).toBeNull()
    expect(await answer({ ...CHALLENGE, port: 3128 })).toBeNull()
  })

  it('cancels when Settings has no proxy user name', async () => {
    const { answer } = answerer(() => null)
    expect(await answer(CHALLENGE)).toBeNull()
  })

  it('tries at most three times for one request, then cancels; other requests still get an answer', async () => {
    const { answer } = answerer()
    for (let i = 0; i < 3; i++) expect(await answer(CHALLENGE)).not.toBeNull()
    expect(await answer(CHALLENGE)).toBeNull()
    expect(await answer(CHALLENGE)).toBeNull()
    expect(await answer({ ...CHALLENGE, url: 'https://go.fliplink.me/cover/2.jpg' })).not.toBeNull()
  })

  it('starts counting again after a quiet minute, or when the credentials in Settings change', async () => {
    let account = ACCOUNT
    const { answer, advance } = answerer(() => account)
    for (let i = 0; i < 4; i++) await answer(CHALLENGE)
    expect(await answer(CHALLENGE)).toBeNull()
    account = { ...ACCOUNT, password: 'corrected' }
    expect(await answer(CHALLENGE)).toEqual({ username: 'dana', password: 'corrected' })
    for (let i = 0; i < 3; i++) await answer(CHALLENGE)
    expect(await answer(CHALLENGE)).toBeNull()
    advance(60_001)
    expect(await answer(CHALLENGE)).toEqual({ username: 'dana', password: 'corrected' })
  })
})
