import type { ShippedLanguage } from '../../src-shared/i18n/languages'
import { expect, test } from './fixtures'
import { LibraryPage } from './pages/library-page'

/*
 * A service error the window shows is said in the window's language: the core writes it once
 * (src-shared/i18n/core/coreService), the window says it from its own catalog. Here a Wi-Fi
 * sign-in page answers instead of the service while an item's details are read, and the details
 * panel says so in German.
 */

const PORTAL_ENGLISH = 'A sign-in page is in the way'
const PORTAL_GERMAN =
  'Eine Anmeldeseite steht im Weg – Hotel- oder Büro-WLAN? Melde dich im Browser beim Netzwerk an; FlipDrop macht von selbst weiter, sobald der Dienst antwortet.'

test.use({ signedIn: true })

test('in German, a sign-in page in the way of the service is said in German in the details panel', async ({ app, emulator, host, page }) => {
  await expect(app.ready).toBeVisible()
  // As Settings → Language saves it: the window follows at once.
  await host.core.settings.update({ language: 'de' satisfies ShippedLanguage })
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  const library = new LibraryPage(page)
  // By the view's id: the button's name is German now.
  await page.locator('nav [data-view="library"]').click()
  const card = library.entries.first()
  await expect(card).toBeVisible({ timeout: 15_000 })

  // From now on a hotel's login page answers every read of an item.
  emulator.faults.add({ route: '/api/get', kind: 'portal', count: 'always' })
  await card.click()
  await expect(library.details).toBeVisible()
  await expect(library.details).toContainText(PORTAL_GERMAN)
  await expect(library.details).not.toContainText(PORTAL_ENGLISH)
  emulator.faults.clear()
})
