import { expect, test } from './fixtures'
import { snapshotLaptop } from './support/snapshot-laptop'

test.use({ signedIn: true })

test('Settings is one column of named sections, Network among them; no sign-out; the version only under Updates', async ({ app, page }) => {
  await app.goTo('settings')
  await expect(app.heading('settings')).toBeAttached()
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 2 })).toHaveText(['Language', 'Publishing', 'Readers’ numbers', 'Watched folders', 'Network', 'Service addresses', 'API key', 'Updates'])
  // "Can't reach the service" in the status strip sends people to Settings → Network: it says when to use a proxy.
  const network = page.getByRole('region', { name: 'Network' })
  await expect(network).toContainText('company network')
  await expect(network.getByLabel('Proxy server')).toBeVisible()
  // Signing out is in the account menu only; the version shows under Updates (and in About), nowhere else.
  await expect(main.getByRole('button', { name: /sign out/i })).toHaveCount(0)
  const updates = page.getByRole('region', { name: 'Updates' })
  await expect(updates.getByText(/\d+\.\d+\.\d+/)).toHaveCount(1)
  await expect(main.getByText(/\d+\.\d+\.\d+/)).toHaveCount(1)
  // The browser test host cannot update itself: no button that would do nothing.
  await expect(updates.getByRole('button', { name: 'Check for updates' })).toHaveCount(0)
  await expect(main.getByText(/App host/)).toHaveCount(0)
  await snapshotLaptop(page, 'settings')
})

test('the proxy password is typed once, kept in the keychain, and shown only as saved, with Change and Remove', async ({ app, host, page }) => {
  // Two states, each at two sizes in light and dark with an axe scan: 16 screenshots on a busy machine.
  test.setTimeout(90_000)
  await app.goTo('settings')
  const network = page.getByRole('region', { name: 'Network' })
  await expect(network.getByLabel('Proxy password')).toHaveCount(0)
  const proxy = network.getByLabel('Proxy server')
  await proxy.fill('http://dana@127.0.0.1:9')
  await proxy.press('Enter')
  await expect(network.getByRole('status')).toHaveText('Saved.')
  const password = network.getByLabel('Proxy password')
  await expect(password).toHaveAttribute('type', 'password')
  await password.scrollIntoViewIfNeeded()
  await snapshotLaptop(page, 'settings-proxy-password-empty')
  await password.fill('pw-e2e-5521')
  await network.getByRole('button', { name: 'Save password' }).click()
  await expect(network.getByText('Saved in your keychain.')).toBeVisible()
  await expect(network.getByRole('button', { name: 'Change' })).toBeVisible()
  expect((await host.core.settings.get()).proxyPasswordSet).toBe(true)
  expect(await host.core.proxyPassword()).toBe('pw-e2e-5521')
  expect(await page.content()).not.toContain('pw-e2e-5521')
  await snapshotLaptop(page, 'settings-proxy-password-saved')
  await network.getByRole('button', { name: 'Remove' }).click()
  await expect(network.getByLabel('Proxy password')).toBeVisible()
  expect(await host.core.proxyPassword()).toBeNull()
})

test('notifications switch off at once, and main keeps that', async ({ app, host, page }) => {
  await app.goTo('settings')
  const notifications = page.getByRole('switch', { name: 'Notifications' })
  await expect(notifications).toHaveAttribute('aria-checked', 'true')
  await notifications.click()
  await expect(page.getByRole('region', { name: 'Publishing' }).getByRole('status')).toHaveText('Saved.')
  await expect(notifications).toHaveAttribute('aria-checked', 'false')
  expect((await host.core.settings.get()).values.notifications).toBe(false)
  await page.reload()
  await app.goTo('settings')
  await expect(page.getByRole('switch', { name: 'Notifications' })).toHaveAttribute('aria-checked', 'false')
})

test('a proxy is kept when the field is left, a wrong one is refused under the field, and uploads at once apply at once', async ({ app, host, page }) => {
  await app.goTo('settings')
  const network = page.getByRole('region', { name: 'Network' })
  const proxy = network.getByLabel('Proxy server')
  await proxy.fill('socks5://proxy:1080')
  await proxy.press('Tab')
  await expect(network.getByText('Proxy must be an http:// or https:// address', { exact: false })).toBeVisible()
  await expect(proxy).toHaveAttribute('aria-invalid', 'true')
  expect((await host.core.settings.get()).values.proxyUrl).toBe('')

  // Enter keeps it (a closed local port: nothing is reached through it, and nothing needs to be).
  await proxy.fill('http://127.0.0.1:9')
  await proxy.press('Enter')
  await expect(network.getByRole('status')).toHaveText('Saved.')
  await expect(proxy).not.toHaveAttribute('aria-invalid', 'true')
  expect((await host.core.settings.get()).values.proxyUrl).toBe('http://127.0.0.1:9')
  await proxy.fill('')
  await proxy.press('Enter')
  await expect.poll(async () => (await host.core.settings.get()).values.proxyUrl).toBe('')

  await page.getByLabel('Uploads at once').selectOption('4')
  await expect.poll(async () => (await host.core.settings.get()).values.uploadConcurrency).toBe(4)
})

test('"set it in Settings" under Documents in the Account view opens the document service address', async ({ app, host, page }) => {
  await host.core.settings.update({ documentUrl: '' })
  await app.goTo('account')
  const documents = page.getByRole('region', { name: 'Plan' }).getByTestId('documents-line')
  await expect(documents).toContainText('Documents are PDFs shown in the service’s document viewer instead of as page-turning flipbooks.')
  await documents.getByRole('button', { name: 'set it in Settings' }).click()
  await expect(app.navButton('settings')).toHaveAttribute('aria-current', 'page', { timeout: 15_000 })
  const field = page.getByLabel('Document service address')
  await expect(field).toBeFocused()
  await field.fill('https://docs.example.com')
  await field.press('Enter')
  await expect.poll(async () => (await host.core.settings.get()).values.documentUrl).toBe('https://docs.example.com')
  // Once set, the Account view only says what Documents are.
  await app.goTo('account')
  await expect(documents.getByRole('button')).toHaveCount(0)
})
