import { setTimeout as sleep } from 'node:timers/promises'
import { createCore } from '../../src-main/core/core'
import { createMemoryKeychain } from '../support/memory-keychain'
import { expect, test } from './fixtures'
import { SignInPage } from './pages/sign-in-page'

test.describe('a slow keychain', () => {
  const keychain = createMemoryKeychain()
  const slowGet = keychain.get
  keychain.get = async (account) => {
    await sleep(2_500)
    return slowGet(account)
  }
  test.use({ hostOptions: { returnWhileStarting: true, core: { keychain } } })

  test('never leaves the window blank: a status shows until main has started', async ({ app }) => {
    const status = app.page.getByRole('status')
    await expect(status).toHaveText('Starting FlipDrop…')
    // The header is there at once, from the app area that does not wait for the keychain.
    await expect(app.version).toBeVisible()
    await expect(new SignInPage(app.page).heading).toBeVisible({ timeout: 10_000 })
    await expect(app.page.getByText('Starting FlipDrop…')).toHaveCount(0)
  })
})

test.describe('a start that fails', () => {
  let attempts = 0
  test.use({
    hostOptions: {
      startCore: async (config, log) => {
        attempts += 1
        if (attempts === 1) throw new Error('the settings folder could not be read (EACCES)')
        return createCore(config, log)
      }
    }
  })

  test('shows the reason with Try again, and Try again starts it', async ({ app }) => {
    const alert = app.page.getByRole('alert')
    await expect(alert.getByRole('heading')).toHaveText('FlipDrop could not start')
    await expect(alert).toContainText('The settings folder could not be read (EACCES)')
    await expect(alert).toContainText('Nothing waiting to upload was lost')
    await app.page.getByRole('button', { name: 'Try again' }).click()
    await expect(new SignInPage(app.page).heading).toBeVisible()
    expect(attempts).toBe(2)
  })
})
