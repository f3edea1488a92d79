import type { Page } from '@playwright/test'
import { VIEWS } from '../../src-shared/domain/views'
import { expect, test } from './fixtures'
import { EVERY_SIZE, snapshotLaptop } from './support/snapshot-laptop'

test.use({ signedIn: true })

/** Settings in the sidebar by its place, not its name: the name is in whatever language the window speaks. */
async function openSettings(page: Page): Promise<void> {
  await page.locator('.sidebar-nav > button.nav-item').nth(VIEWS.indexOf('settings')).click()
  await expect(page.locator('#settings-language')).toBeVisible()
}

const languageSelect = (page: Page) => page.locator('#setting-language')
const pageTitle = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 })
const html = (page: Page) => page.locator('html')

test('Settings → Language: Deutsch applies at once without a reload, stays after one, and "System language" goes back to the browser’s', async ({ app, host, page }) => {
  test.setTimeout(120_000)
  await app.goTo('settings')
  const select = languageSelect(page)
  // The test browser prefers English: the system's language is named in its own words.
  await expect(select.locator('option').first()).toHaveText('System language (\u2068English\u2069)')
  await expect(select.locator('option[lang="de"]')).toHaveText('Deutsch')
  await expect(select.locator('option[lang="ar"]')).toHaveAttribute('dir', 'rtl')
  await page.evaluate(() => Reflect.set(window, 'sameDocument', true))

  await select.selectOption('de')
  await expect(pageTitle(page)).toHaveText('Einstellungen')
  await expect(html(page)).toHaveAttribute('lang', 'de')
  await expect(page.getByRole('region', { name: 'Sprache' }).getByRole('status')).toHaveText('Gespeichert.')
  await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toHaveText('Sprache')
  await expect(page.getByRole('region', { name: 'Netzwerk' }).getByLabel('Proxyserver')).toBeVisible()
  // The same page all along: no reload, no restart.
  expect(await page.evaluate(() => Reflect.get(window, 'sameDocument'))).toBe(true)
  expect((await host.core.settings.get()).values.language).toBe('de')

  await page.reload()
  await openSettings(page)
  await expect(html(page)).toHaveAttribute('lang', 'de')
  await expect(pageTitle(page)).toHaveText('Einstellungen')
  await expect(languageSelect(page)).toHaveValue('de')
  await expect(languageSelect(page).locator('option').first()).toHaveText('Systemsprache (\u2068English\u2069)')
  await snapshotLaptop(page, 'settings-language-de', EVERY_SIZE)

  await languageSelect(page).selectOption('system')
  await expect(pageTitle(page)).toHaveText('Settings')
  await expect(html(page)).toHaveAttribute('lang', 'en')
  expect((await host.core.settings.get()).values.language).toBe('system')
  await page.reload()
  await openSettings(page)
  await expect(pageTitle(page)).toHaveText('Settings')
})

test('Settings in Arabic: the window turns right to left, the language names stay in their own script', async ({ app, page }) => {
  test.setTimeout(120_000)
  await app.goTo('settings')
  await languageSelect(page).selectOption('ar')
  await expect(html(page)).toHaveAttribute('dir', 'rtl')
  await expect(html(page)).toHaveAttribute('lang', 'ar')
  await expect(pageTitle(page)).toHaveText('الإعدادات')
  await expect(languageSelect(page).locator('option[lang="ja"]')).toHaveText('日本語')
  await snapshotLaptop(page, 'settings-ar', EVERY_SIZE)
})
