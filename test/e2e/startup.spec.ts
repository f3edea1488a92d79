import { setTimeout as sleep } from 'node:timers/promises'
import { createCore } from '../../src-main/core/core'
import { createMemoryKeychain } from '../support/memory-keychain'
import { expect, test } from './fixtures'
import { SignInPage } from './pages/sign-in-page'
import { snapshotBoth } from './support/snapshot-both'
import { snapshotLaptop } from './support/snapshot-laptop'

test.describe('a slow keychain', () => {
  const keychain = createMemoryKeychain()
  const slowGet = keychain.get
  keychain.get = async (account) => {
    await sleep(4_000)
    return slowGet(account)
  }
  test.use({ hostOptions: { returnWhileStarting: true, core: { keychain } } })

  test('never leaves the window blank: a status shows, centred, until main has started', async ({ app }) => {
    const status = app.page.getByRole('status')
    await expect(status).toHaveText('Starting FlipDrop…')
    // In the middle of the window, where the sign-in card will appear; no version or frame yet.
    const box = await status.boundingBox()
    const window = app.page.viewportSize()
    if (!box || !window) throw new Error('no status line')
    expect(Math.abs(box.y + box.height / 2 - window.height / 2)).toBeLessThan(60)
    await expect(app.version).toHaveCount(0)
    await snapshotBoth(app.page, 'starting')
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
    await snapshotLaptop(app.page, 'startup-failed')
    await app.page.getByRole('button', { name: 'Try again' }).click()
    await expect(new SignInPage(app.page).heading).toBeVisible()
    expect(attempts).toBe(2)
  })
})
