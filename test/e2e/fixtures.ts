import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test as base } from '@playwright/test'
import { createKeychainStore } from '../../src-main/core/secrets/keychain-store'
import type { KeychainStore } from '../../src-main/core/secrets/key-store'
import { startEmulator, type EmulatorOptionsInput, type RunningEmulator } from '../emulator'
import { startTestHost, type TestHost, type TestHostOptions } from '../host/test-host'
import { AppPage } from './pages/app-page'
import { seedReadersHistory } from '../support/readers-history'

/** The key the emulator accepts in e2e tests. */
export const E2E_KEY = 'fd-e2e-7d41c9e05b2a4f38'

interface Fixtures {
  hostOptions: TestHostOptions
  /** Options of the test's emulator (plan limits, source hosts…) beyond the key and the seed. */
  emulatorOptions: EmulatorOptionsInput
  /** A real keychain entry set (gnome-keyring from global-keychain.ts) private to this test. */
  keychain: KeychainStore
  /** Start the app already signed in (key kept for the session), for tests about other things. */
  signedIn: boolean
  /** Console errors a test expects (an image that cannot load while the service is down); any other fails it. */
  expectedConsoleErrors: RegExp[]
  /** Days of readers' numbers FlipDrop "kept" before the test (test/support/readers-history.ts); 0: none. */
  readersHistoryDays: number
  emulator: RunningEmulator
  host: TestHost
  app: AppPage
}

/**
 * Each test gets its own emulator, its own test host (real core, real handlers) pointed at
 * it through the settings file, and the app opened on it in Chromium.
 */
export const test = base.extend<Fixtures>({
  hostOptions: [{}, { option: true }],
  emulatorOptions: [{}, { option: true }],
  signedIn: [false, { option: true }],
  expectedConsoleErrors: [[], { option: true }],
  readersHistoryDays: [0, { option: true }],
  emulator: async ({ emulatorOptions }, use) => {
    const emulator = await startEmulator({ keys: [E2E_KEY], seed: true, log: () => {}, ...emulatorOptions })
    await use(emulator)
    await emulator.close()
  },
  // eslint-disable-next-line no-empty-pattern -- as above.
  keychain: async ({}, use, testInfo) => {
    const keychain = createKeychainStore({ service: `FlipDrop-e2e-${testInfo.testId}` })
    await use(keychain)
    // Every account's entry (one per UserID) goes with the test.
    for (const entry of await keychain.list()) await keychain.delete(entry)
  },
  host: async ({ hostOptions, emulator, keychain, readersHistoryDays }, use, testInfo) => {
    const userDataDir = hostOptions.userDataDir ?? (await mkdtemp(join(tmpdir(), 'flipdrop-e2e-')))
    if (readersHistoryDays > 0) await seedReadersHistory(userDataDir, emulator, E2E_KEY, { days: readersHistoryDays })
    await writeFile(
      join(userDataDir, 'settings.json'),
      JSON.stringify({ baseUrl: emulator.baseUrl, documentUrl: emulator.documentUrl })
    )
    // The proxy's password too: a real keychain entry private to this test.
    const proxyKeychain = createKeychainStore({ service: `FlipDrop-e2e-proxy-${testInfo.testId}` })
    const host = await startTestHost({ ...hostOptions, userDataDir, core: { keychain, proxyKeychain, ...hostOptions.core } })
    await use(host)
    await host.close()
    for (const entry of await proxyKeychain.list()) await proxyKeychain.delete(entry)
  },
  app: async ({ page, host, signedIn, expectedConsoleErrors }, use) => {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error' && !expectedConsoleErrors.some((pattern) => pattern.test(message.text()))) errors.push(message.text())
    })
    if (signedIn) await host.core.auth.signIn({ apiKey: E2E_KEY, sessionOnly: true })
    const app = new AppPage(page)
    await page.goto(host.url)
    await use(app)
    // A page error or a CSP violation anywhere in a test fails that test.
    if (errors.length > 0) throw new Error(`The page reported errors:\n${errors.join('\n')}`)
  }
})

export { expect } from '@playwright/test'
