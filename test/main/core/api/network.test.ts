import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient } from '../../../../src-main/core/api/api-client'
import { createNetwork, type NetworkOptions } from '../../../../src-main/core/api/http/network'
import { parsePacResult } from '../../../../src-main/core/api/http/pac-result'
import { systemAndBundledCertificates } from '../../../../src-main/core/api/http/trusted-certificates'
import { RateLimiter } from '../../../../src-main/core/api/rate-limiter'
import { startEmulator, type RunningEmulator } from '../../../emulator'
import { startForwardProxy } from '../../../support/forward-proxy'
import { KEY, useApiFixture } from '../../../support/api-fixture'
import { makeTestCa, type TestCa } from '../../../support/test-ca'

const fx = useApiFixture()
let proxy: Awaited<ReturnType<typeof startForwardProxy>>

beforeAll(async () => {
  proxy = await startForwardProxy()
})
afterAll(() => proxy.close())
afterEach(() => {
  proxy.seen.length = 0
})

/** A client with its own network, as the app builds it from Settings and the OS. */
async function whoamiThrough(options: NetworkOptions, baseUrl = fx().emulator.baseUrl): Promise<unknown> {
  const network = createNetwork({ env: {}, ...options })
  const client = createApiClient({ apiKey: KEY, baseUrl, limiter: new RateLimiter(), network, retries: 0 })
  try {
    return await client.whoami()
  } finally {
    await client.close()
    await network.close()
  }
}

const emulatorHost = (): string => new URL(fx().emulator.baseUrl).host

describe('the route to the service', () => {
  it('goes through the proxy from Settings', async () => {
    await expect(whoamiThrough({ proxyUrl: proxy.url })).resolves.toMatchObject({ email: expect.any(String) })
    expect(proxy.seen).toContain(emulatorHost())
  })

  it("follows the OS proxy as Chromium resolves it for the service's URL", async () => {
    const asked: string[] = []
    const resolveProxy = async (url: string): Promise<string> => {
      asked.push(url)
      return `PROXY ${new URL(proxy.url).host}; DIRECT`
    }
    await expect(whoamiThrough({ resolveProxy })).resolves.toMatchObject({ email: expect.any(String) })
    expect(proxy.seen).toContain(emulatorHost())
    expect(asked[0]).toBe(`${fx().emulator.baseUrl}/api/whoami`)
  })

  it('lets the Settings proxy win over the OS, and the OS over the environment', async () => {
    const failing = 'http://127.0.0.1:9'
    const osProxy = async (): Promise<string> => `PROXY ${new URL(proxy.url).host}`
    await expect(whoamiThrough({ proxyUrl: proxy.url, resolveProxy: async () => 'PROXY 127.0.0.1:9' })).resolves.toBeTruthy()
    await expect(whoamiThrough({ resolveProxy: osProxy, env: { HTTP_PROXY: failing } })).resolves.toBeTruthy()
    expect(proxy.seen.length).toBe(2)
  })

  it('uses HTTP(S)_PROXY when the OS answers DIRECT or cannot be asked, and honours NO_PROXY', async () => {
    const env = { HTTP_PROXY: proxy.url }
    await whoamiThrough({ env, resolveProxy: async () => 'DIRECT' })
    await whoamiThrough({ env, resolveProxy: async () => Promise.reject(new Error('no resolver')) })
    await whoamiThrough({ env })
    expect(proxy.seen).toEqual([emulatorHost(), emulatorHost(), emulatorHost()])
    proxy.seen.length = 0
    await whoamiThrough({ env: { ...env, NO_PROXY: '127.0.0.1' } })
    expect(proxy.seen).toEqual([])
  })

  it("sends the Settings proxy's user name with the keychain's password, and only then gets through", async () => {
    const login = { username: 'dana', password: 'pw-proxy-5521 ü' }
    const guarded = await startForwardProxy({ login })
    try {
      const address = `http://dana@${new URL(guarded.url).host}`
      await expect(whoamiThrough({ proxyUrl: address, proxyPassword: async () => login.password })).resolves.toMatchObject({ email: expect.any(String) })
      expect(guarded.seen).toContain(emulatorHost())
      expect(guarded.refused).toBe(0)
      await expect(whoamiThrough({ proxyUrl: address, proxyPassword: async () => 'wrong' })).rejects.toThrow()
      await expect(whoamiThrough({ proxyUrl: guarded.url, proxyPassword: async () => login.password })).rejects.toThrow()
      expect(guarded.refused).toBeGreaterThanOrEqual(2)
    } finally {
      await guarded.close()
    }
  })

  it('goes direct with nothing configured', async () => {
    await expect(whoamiThrough({})).resolves.toMatchObject({ email: expect.any(String) })
    expect(proxy.seen).toEqual([])
  })
})

describe('PAC answers', () => {
  it('become routes in order; SOCKS and unknown words are skipped', () => {
    expect(parsePacResult('PROXY a.example:8080; HTTPS b.example:443;SOCKS5 c:1080; SOCKS d:1; DIRECT')).toEqual([
      { kind: 'proxy', uri: 'http://a.example:8080' },
      { kind: 'proxy', uri: 'https://b.example:443' },
      { kind: 'direct' }
    ])
    expect(parsePacResult('')).toEqual([])
  })
})

describe('trusted certificates', () => {
  let ca: TestCa
  let secure: RunningEmulator

  beforeAll(async () => {
    ca = await makeTestCa()
    secure = await startEmulator({ keys: [KEY], tls: { key: ca.serverKey, cert: ca.serverCert }, log: () => {} })
  })
  afterAll(() => secure.close())

  it('reach an HTTPS service whose root is in the trusted list (as the OS store would add it)', async () => {
    expect(secure.baseUrl).toMatch(/^https:/)
    const bundled = systemAndBundledCertificates() ?? []
    await expect(whoamiThrough({ trustedCertificates: [...bundled, ca.caCert] }, secure.baseUrl)).resolves.toMatchObject({
      email: expect.any(String)
    })
  })

  it('refuse one whose root is not trusted', async () => {
    await expect(whoamiThrough({ trustedCertificates: systemAndBundledCertificates() ?? [] }, secure.baseUrl)).rejects.toMatchObject({
      kind: 'network'
    })
    await expect(whoamiThrough({}, secure.baseUrl)).rejects.toMatchObject({ kind: 'network' })
  })

  it('reach it through a proxy too (CONNECT tunnel, the root checked end to end)', async () => {
    await expect(
      whoamiThrough({ proxyUrl: proxy.url, trustedCertificates: [ca.caCert] }, secure.baseUrl)
    ).resolves.toMatchObject({ email: expect.any(String) })
    expect(proxy.seen).toContain(new URL(secure.baseUrl).host)
  })
})
