import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_BASE_URL, type SettingsView } from '../../../../src-shared/domain/settings'
import { startEmulator, type RunningEmulator } from '../../../emulator'
import { createMemoryKeychain } from '../../../support/memory-keychain'
import { createTestCore } from '../../../support/test-core'

/*
 * The first sign-in with the brand's own service addresses: once the key is accepted, the
 * addresses are in use everywhere at once. Settings and Publish hear of them through the
 * settings event (no reload), and the service is reached there from then on.
 */

const KEY = 'fd-brand-addresses-key'
let emulator: RunningEmulator
beforeAll(async () => {
  emulator = await startEmulator({ keys: [KEY], log: () => {} })
})
afterAll(() => emulator.close())

describe('the first sign-in with the brand’s own addresses', () => {
  it('tells the window of the new addresses at once, and uses them', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flipdrop-brand-addresses-'))
    const { core, events } = await createTestCore({ userDataDir: dir, keychain: createMemoryKeychain('ok') })
    try {
      expect((await core.settings.get()).values).toMatchObject({ baseUrl: DEFAULT_BASE_URL, documentUrl: '' })
      await core.auth.signIn({ apiKey: KEY, baseUrl: emulator.baseUrl, documentUrl: emulator.documentUrl, sessionOnly: false })

      const told = events.filter((event) => event.channel === 'settings:changed').map((event) => event.payload as SettingsView)
      expect(told.at(-1)?.values).toMatchObject({ baseUrl: emulator.baseUrl, documentUrl: emulator.documentUrl })
      // Settings asked afresh says the same.
      expect((await core.settings.get()).values).toMatchObject({ baseUrl: emulator.baseUrl, documentUrl: emulator.documentUrl })
      // The settings event comes before the window learns it is signed in, so nothing shows the old addresses.
      const settingsAt = events.findIndex((event) => event.channel === 'settings:changed')
      const signedInAt = events.findIndex((event) => event.channel === 'auth:changed' && (event.payload as { signedIn: boolean }).signedIn)
      expect(settingsAt).toBeGreaterThanOrEqual(0)
      expect(settingsAt).toBeLessThan(signedInAt)
      // The brand's service is the one reached from then on.
      await expect(core.connection.client().whoami()).resolves.toMatchObject({ userId: emulator.state.accountOf(KEY)?.userId })
    } finally {
      await core.close()
    }
  })
})
