import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient } from '../../../../src-main/core/api/api-client'
import { RateLimiter } from '../../../../src-main/core/api/rate-limiter'
import { startForwardProxy } from '../../../support/forward-proxy'
import { KEY, useApiFixture } from '../../../support/api-fixture'

const fx = useApiFixture()
let proxy: Awaited<ReturnType<typeof startForwardProxy>>
const PROXY_VARIABLES = ['HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'http_proxy', 'https_proxy', 'no_proxy']
const saved = new Map(PROXY_VARIABLES.map((name) => [name, process.env[name]]))

beforeAll(async () => {
  proxy = await startForwardProxy()
})
afterAll(() => proxy.close())
afterEach(() => {
  for (const [name, value] of saved) {
    if (value === undefined) Reflect.deleteProperty(process.env, name)
    else process.env[name] = value
  }
  proxy.seen.length = 0
})

function client(extra: { proxyUrl?: string } = {}) {
  return createApiClient({ apiKey: KEY, baseUrl: fx().emulator.baseUrl, limiter: new RateLimiter(), ...extra })
}

describe('proxies', () => {
  it('go through the proxy URL from settings', async () => {
    const api = client({ proxyUrl: proxy.url })
    await expect(api.whoami()).resolves.toMatchObject({ email: expect.any(String) })
    expect(proxy.seen).toContain(new URL(fx().emulator.baseUrl).host)
    await api.close()
  })

  it('honour HTTP_PROXY from the environment', async () => {
    process.env['HTTP_PROXY'] = proxy.url
    const api = client()
    await api.whoami()
    expect(proxy.seen.length).toBeGreaterThan(0)
    await api.close()
  })

  it('honour NO_PROXY', async () => {
    process.env['HTTP_PROXY'] = proxy.url
    process.env['NO_PROXY'] = '127.0.0.1'
    const api = client()
    await api.whoami()
    expect(proxy.seen).toEqual([])
    await api.close()
  })

  it('prefer the settings proxy over the environment', async () => {
    process.env['HTTP_PROXY'] = 'http://127.0.0.1:9'
    const api = client({ proxyUrl: proxy.url })
    await expect(api.whoami()).resolves.toMatchObject({ email: expect.any(String) })
    expect(proxy.seen.length).toBeGreaterThan(0)
    await api.close()
  })
})
