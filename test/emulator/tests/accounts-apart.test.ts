import { request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, jsonOf } from '../contract/target'
import { startEmulator, type RunningEmulator } from '../emulator'

/* Nine keys, nine accounts no two alike (the demo's --accounts goes to nine). */

const keys = ['demo-key', ...Array.from({ length: 8 }, (_, index) => `demo-key-${String(index + 2)}`)]
let emu: RunningEmulator

beforeAll(async () => {
  emu = await startEmulator({ keys, profilePictures: true, log: () => {} })
})
afterAll(() => emu.close())

async function get(key: string, path: string): Promise<Record<string, unknown>> {
  return jsonOf(await call({ name: 'emulator', baseUrl: emu.baseUrl, documentUrl: emu.documentUrl, apiKey: key }, 'GET', path))
}

describe('each key its own account', () => {
  it('has its own UserID, person, e-mail and brand', async () => {
    const accounts = await Promise.all(keys.map((key) => get(key, '/api/whoami')))
    for (const field of ['UserID', 'Name', 'Email', 'Brand']) expect(new Set(accounts.map((account) => account[field])).size).toBe(keys.length)
  })

  it('has its own profile picture, drawn and served by the emulator', async () => {
    const urls = await Promise.all(keys.map(async (key) => String((await get(key, '/api/get-profile'))['ProfileImage'])))
    expect(new Set(urls).size).toBe(keys.length)
    const pictures = await Promise.all(
      urls.map(async (url) => {
        expect(url.startsWith(emu.baseUrl)).toBe(true)
        const answer = await request(url)
        expect(answer.statusCode).toBe(200)
        expect(answer.headers['content-type']).toBe('image/svg+xml')
        return answer.body.text()
      })
    )
    expect(new Set(pictures).size).toBe(keys.length)
    expect(pictures[1]).toContain('>KS<')
    expect((await request(`${emu.baseUrl}/__files/images/profile/1.svg`)).statusCode).toBe(404)
  })

  it('has no picture unless profilePictures is on (as a new account of the service)', async () => {
    const plain = await startEmulator({ keys: ['plain-key'], log: () => {} })
    try {
      const profile = jsonOf(await call({ name: 'emulator', baseUrl: plain.baseUrl, documentUrl: plain.documentUrl, apiKey: 'plain-key' }, 'GET', '/api/get-profile'))
      expect(profile['ProfileImage']).toBe('')
    } finally {
      await plain.close()
    }
  })

  it('has its own sample library: no title shared with another account', async () => {
    const titles = await Promise.all(keys.map(async (key) => (await emu.seed(36, key)).map((item) => item.title)))
    const all = titles.flat()
    expect(new Set(all).size).toBe(all.length)
  })

  it('spreads seeded items over the folders asked for, the rest in the root', async () => {
    await emu.reset(false)
    const items = await emu.seed(36, 'demo-key-2', { folders: 30 })
    const folders = new Set(items.map((item) => item.folder).filter((folder) => folder !== ''))
    expect(folders.size).toBe(30)
    expect(items.filter((item) => item.folder === '')).toHaveLength(1)
    expect(folders).toContain('Client Work')
    expect(folders).toContain('Client – Acme Bakery')
    const none = await emu.seed(10, 'demo-key-3', { folders: 0 })
    expect(none.every((item) => item.folder === '')).toBe(true)
  })
})
