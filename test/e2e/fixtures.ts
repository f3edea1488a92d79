import { test as base } from '@playwright/test'
import { startTestHost, type TestHost, type TestHostOptions } from '../host/test-host'
import { AppPage } from './pages/app-page'

interface Fixtures {
  hostOptions: TestHostOptions
  host: TestHost
  app: AppPage
}

/** Each test gets its own test host (real core, real handlers) and the app opened on it. */
export const test = base.extend<Fixtures>({
  hostOptions: [{}, { option: true }],
  host: async ({ hostOptions }, use) => {
    const host = await startTestHost(hostOptions)
    await use(host)
    await host.close()
  },
  app: async ({ page, host }, use) => {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    const app = new AppPage(page)
    await page.goto(host.url)
    await use(app)
    // A page error or a CSP violation anywhere in a test fails that test.
    if (errors.length > 0) throw new Error(`The page reported errors:\n${errors.join('\n')}`)
  }
})

export { expect } from '@playwright/test'
