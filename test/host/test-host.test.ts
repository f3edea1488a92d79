import { WebSocket } from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestHost, type TestHost } from './test-host'
import { createMemoryKeychain } from '../support/memory-keychain'
import { BRIDGE_PATH, PRELOAD_PATH } from './wire'

let host: TestHost

beforeAll(async () => {
  host = await startTestHost({ core: { keychain: createMemoryKeychain() } })
})
afterAll(() => host.close())

/** Opens the bridge socket and resolves with 'open' or the HTTP status it was refused with. */
function connect(path: string, origin: string): Promise<string | number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(new URL(path, host.url).href.replace('http', 'ws'), { origin })
    socket.on('open', () => {
      socket.close()
      resolve('open')
    })
    socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0))
    socket.on('error', () => resolve('error'))
  })
}

async function tokenFromPreload(): Promise<string> {
  const script = await (await fetch(new URL(PRELOAD_PATH, host.url))).text()
  return /token: "([0-9a-f]+)"/.exec(script)?.[1] ?? ''
}

describe('the test host bridge (a development tool, never shipped)', () => {
  it('accepts the page it serves, with its token', async () => {
    const origin = new URL(host.url).origin
    expect(await connect(`${BRIDGE_PATH}?token=${await tokenFromPreload()}`, origin)).toBe('open')
  })

  it('refuses another origin, even with the right token', async () => {
    expect(await connect(`${BRIDGE_PATH}?token=${await tokenFromPreload()}`, 'http://evil.example')).toBe(403)
  })

  it('refuses a wrong or missing token', async () => {
    const origin = new URL(host.url).origin
    expect(await connect(`${BRIDGE_PATH}?token=0000`, origin)).toBe(403)
    expect(await connect(BRIDGE_PATH, origin)).toBe(403)
  })

  it('serves only files inside the renderer folder', async () => {
    const response = await fetch(new URL('/..%2f..%2fpackage.json', host.url))
    expect([403, 404]).toContain(response.status)
  })
})
