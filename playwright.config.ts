import { defineConfig } from '@playwright/test'

/**
 * End-to-end tests: the built renderer in Debian's Chromium, driven against the real core
 * through the test host. No browser is downloaded; CHROMIUM_PATH points elsewhere if needed.
 */
export default defineConfig({
  testDir: 'test/e2e',
  globalSetup: './test/e2e/global-keychain.ts',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync'
      ]
    }
  }
})
