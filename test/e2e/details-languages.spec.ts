import type { ShippedLanguage } from '../../src-shared/i18n/languages'
import { expect, test } from './fixtures'
import { LibraryPage } from './pages/library-page'
import { EVERY_FEATURE_ON } from './support/every-feature-on'
import { snapshotLaptop } from './support/snapshot-laptop'

/*
 * An item's details with every feature on and every group open, in German (long words) and
 * Arabic (right to left), light and dark at 1024×700, each scanned by axe: the pictures a
 * designer reads (test-artifacts/screenshots/language-<code>-details-…).
 */

const LANGUAGES = [
  { code: 'de', dir: 'ltr', toolbarColour: 'Farbe der Werkzeugleiste' },
  { code: 'ar', dir: 'rtl', toolbarColour: 'لون شريط الأدوات' }
] as const

const SMALL_LAPTOP = [{ width: 1024, height: 700 }] as const

for (const language of LANGUAGES) {
  test.describe(`in ${language.code}`, () => {
    test.use({ signedIn: true })

    test(`an item's details, every group open, light and dark, axe-clean (${language.code})`, async ({ app, host, emulator, page }) => {
      test.setTimeout(120_000)
      const library = new LibraryPage(page)
      const item = [...emulator.state.items.values()].find((entry) => entry.docType === 'Flipbook')
      if (!item) throw new Error('the seed has a flipbook')
      Object.assign(item.settings, EVERY_FEATURE_ON)
      await expect(app.ready).toBeVisible()
      await host.core.settings.update({ language: language.code satisfies ShippedLanguage })
      await expect(page.locator('html')).toHaveAttribute('dir', language.dir)
      await page.locator('nav [data-view="library"]').click()
      // The search box by its role: its name is in the language now.
      await page.getByRole('searchbox').fill(item.name)
      await library.entry(item.name).first().click()
      await expect(library.details.locator('details[data-group="lead-capture"]')).toBeAttached({ timeout: 15_000 })
      await library.openAllGroups()
      await expect(library.details.locator('[data-field="ColorPanel"]')).toBeVisible()
      // The label beside the colour speaks the language: the catalog's words, not the table's.
      await expect(library.details.locator('.detail-row', { has: page.locator('[data-field="ColorPanel"]') }).locator('dt')).toHaveText(language.toolbarColour)
      await library.details.locator('[data-group="appearance"]').scrollIntoViewIfNeeded()
      await snapshotLaptop(page, `language-${language.code}-details-viewer`, SMALL_LAPTOP)
      await library.details.locator('[data-group="lead-capture"]').evaluate((group) => group.scrollIntoView({ block: 'start' }))
      await snapshotLaptop(page, `language-${language.code}-details-lead-form`, SMALL_LAPTOP)
      await library.details.locator('[data-group="assistant"]').evaluate((group) => group.scrollIntoView({ block: 'start' }))
      await snapshotLaptop(page, `language-${language.code}-details-sale-assistant`, SMALL_LAPTOP)
    })
  })
}
