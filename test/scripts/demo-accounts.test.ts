import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { environmentOverrides } from '../../src-main/core/settings/environment-overrides'
import { demoKeys, prepareDataFolder } from '../../scripts/demo/demo-accounts'
import { startEmulator, type RunningEmulator } from '../emulator'
import { createMemoryKeychain } from '../support/memory-keychain'
import { createTestCore } from '../support/test-core'

/*
 * The demo's Electron path, with the real core in Node: the data folder prepared by the core
 * itself, then a core started as Electron would be, with the keys in the environment only.
 */

const keys = demoKeys(3)
let emulator: RunningEmulator

beforeAll(async () => {
  emulator = await startEmulator({ keys, log: () => {} })
})
afterAll(() => emulator.close())

describe('npm run demo --accounts (Electron)', () => {
  it('names the keys demo-key, demo-key-2, demo-key-3', () => {
    expect(keys).toEqual(['demo-key', 'demo-key-2', 'demo-key-3'])
  })

  it('starts signed in to every account, the first current, its hot folder watched, and stores no key', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'flipdrop-demo-electron-'))
    const hotFolder = await mkdtemp(join(tmpdir(), 'flipdrop-demo-hot-'))
    const addresses = { baseUrl: emulator.baseUrl, documentUrl: emulator.documentUrl }
    await prepareDataFolder(dataDir, addresses, keys, hotFolder)

    // What scripts/demo.ts hands Electron.
    const environment = environmentOverrides({
      FLIPDROP_API_KEY: keys[0],
      FLIPDROP_DEMO_MORE_API_KEYS: keys.slice(1).join(','),
      FLIPDROP_BASE_URL: addresses.baseUrl,
      FLIPDROP_DOCUMENT_URL: addresses.documentUrl
    })
    const keychain = createMemoryKeychain()
    const { core } = await createTestCore({ userDataDir: dataDir, environment, keychain })
    const userIds = keys.map((key) => emulator.state.accountOf(key)?.userId)
    const state = core.auth.status()
    expect(state.account?.userId).toBe(userIds[0])
    expect(state.accounts.filter((entry) => entry.signedIn).map((entry) => entry.userId).sort()).toEqual([...userIds].sort())
    // Named at once from the data folder, before the service is asked again.
    expect(state.accounts.map((entry) => entry.brand).sort()).toEqual(keys.map((key) => emulator.state.accountOf(key)?.brand).sort())
    expect(core.links.list().folders).toMatchObject([{ path: hotFolder, accountId: userIds[0] }])

    // Switching works as for any account; signing out of a demo key deletes nothing anywhere.
    await core.auth.switch({ userId: userIds[2] ?? '' })
    expect(core.auth.status().account?.userId).toBe(userIds[2])
    await core.auth.signOut({ userId: userIds[1] ?? '' })
    expect(keychain.entries.size).toBe(0)
    await core.close()
  })

  it('ignores FLIPDROP_DEMO_MORE_API_KEYS without FLIPDROP_API_KEY', () => {
    expect(environmentOverrides({ FLIPDROP_DEMO_MORE_API_KEYS: 'demo-key-2' })).toEqual({})
    expect(environmentOverrides({ FLIPDROP_API_KEY: 'demo-key', FLIPDROP_DEMO_MORE_API_KEYS: ' demo-key-2 , ,demo-key-3' })).toEqual({
      apiKey: 'demo-key',
      demoMoreApiKeys: ['demo-key-2', 'demo-key-3']
    })
  })
})
