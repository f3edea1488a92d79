import type { ShippedLanguage } from '../../src-shared/i18n/languages'
import type { View } from '../../src-shared/domain/views'
import { expect, test } from './fixtures'
import { snapshotLaptop } from './support/snapshot-laptop'

/*
 * Every view in German (long words), Japanese (another script) and Arabic (right to left),
 * light and dark at 1280×800 and 1024×700, each scanned by axe: the pictures a designer reads
 * (test-artifacts/screenshots/language-<code>-<view>-…).
 */

const VIEWS_TO_SEE: readonly View[] = ['publish', 'library', 'watched', 'account', 'settings']

const LANGUAGES = [
  { code: 'de', dir: 'ltr' },
  { code: 'ja', dir: 'ltr' },
  { code: 'ar', dir: 'rtl' }
] as const


for (const language of LANGUAGES) {
  test.describe(`in ${language.code}`, () => {
    test.use({ signedIn: true })

    test(`every view, light and dark, axe-clean (${language.code})`, async ({ app, host, page }) => {
      test.setTimeout(120_000)
      await expect(app.ready).toBeVisible()
      // As Settings → Language saves it: the window follows at once.
      await host.core.settings.update({ language: language.code satisfies ShippedLanguage })
      await expect(page.locator('html')).toHaveAttribute('lang', language.code)
      await expect(page.locator('html')).toHaveAttribute('dir', language.dir)
      for (const view of VIEWS_TO_SEE) {
        await page.locator(`nav [data-view="${view}"]`).click()
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        if (view === 'library') await expect(page.getByTestId('library-entry').first()).toBeVisible({ timeout: 15_000 })
        await snapshotLaptop(page, `language-${language.code}-${view}`)
      }
    })
  })
}
