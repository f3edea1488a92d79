import { expect, test } from './fixtures'
import { snapshotBoth } from './support/snapshot-both'

test.use({ signedIn: true })

test('notifications can be switched off in Settings, and main keeps that', async ({ app, host, page }) => {
  await app.goTo('settings')
  const notifications = page.getByRole('checkbox', { name: 'Notifications' })
  await expect(notifications).toBeChecked()
  await snapshotBoth(page, 'settings')

  await notifications.uncheck()
  await page.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible()
  expect((await host.core.settings.get()).values.notifications).toBe(false)
  await page.reload()
  await app.goTo('settings')
  await expect(page.getByRole('checkbox', { name: 'Notifications' })).not.toBeChecked()
})
