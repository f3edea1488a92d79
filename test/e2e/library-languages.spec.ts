import { intlLocaleOf, type ShippedLanguage } from '../../src-shared/i18n/languages'
import { VIEWS } from '../../src-shared/domain/views'
import type { TestHost } from '../host/test-host'
import { expect, test } from './fixtures'
import type { AppPage } from './pages/app-page'
import { LibraryPage } from './pages/library-page'
import { EVERY_SIZE, snapshotLaptop } from './support/snapshot-laptop'

/*
 * Issue 31: the library in German and in Japanese. The toolbar, the summary's count (a plural in
 * German, one form in Japanese) and the tiles' view counts come from the language's catalog; the
 * pictures show whether the longer German words and the Japanese ones still fit.
 */
test.use({ signedIn: true, viewport: { width: 1280, height: 800 } })

/**
 * The library in `language`, chosen as Settings → Language does (saved in the settings; the
 * window follows at once). The sidebar's library button is found by its place, so the test
 * does not depend on the navigation's words.
 */
async function libraryIn(app: AppPage, host: TestHost, language: ShippedLanguage): Promise<LibraryPage> {
  await app.goTo('library')
  await host.core.settings.update({ language })
  await expect(app.page.locator('html')).toHaveAttribute('lang', intlLocaleOf(language))
  await app.page.locator('nav.sidebar-nav > .nav-item').nth(VIEWS.indexOf('library')).click()
  return new LibraryPage(app.page)
}

test('the library in German: toolbar, "… Elemente", view counts and sort choices in German', async ({ app, host, emulator, page }) => {
  const library = await libraryIn(app, host, 'de')
  const total = emulator.state.items.size
  await expect(library.summary).toHaveText(`${total.toLocaleString('de-DE')} Elemente`, { timeout: 60_000 })
  await expect(page.getByRole('searchbox', { name: 'Bibliothek durchsuchen' })).toHaveAttribute('placeholder', 'Bibliothek durchsuchen')
  await expect(page.getByRole('combobox', { name: 'Sortieren' })).toContainText('Neueste zuerst')
  await expect(page.getByRole('group', { name: 'Ansicht' }).getByRole('button', { name: 'Raster' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Über Link öffnen' })).toBeVisible()
  // The time too is said in German: "Gerade eben synchronisiert", "Zuletzt synchronisiert vor 1 Minute".
  await expect(library.syncStatus).toHaveText(/^\s*(Gerade eben synchronisiert|Zuletzt synchronisiert vor \S.*?)\s*$/, { timeout: 60_000 })
  // A tile's views: "1 Aufruf" or "12 Aufrufe", never the English words.
  await expect(page.locator('.tile-views').first()).toHaveText(/^[\d.]+ Aufrufe?$/)
  await expect(library.entries.first()).toHaveAttribute('aria-label', /, (Flipbook|Dokument)$/)

  // A search that finds nothing says so in German, with German quotes around the words.
  await library.page.getByRole('searchbox', { name: 'Bibliothek durchsuchen' }).fill('zzqx')
  await expect(page.getByText('Keine Treffer für „zzqx“')).toBeVisible()
  await expect(library.summary).toHaveText(`0 Treffer von ${total.toLocaleString('de-DE')} Elementen`)
  await library.page.getByRole('searchbox', { name: 'Bibliothek durchsuchen' }).fill('')
  await expect(library.summary).toHaveText(`${total.toLocaleString('de-DE')} Elemente`)
  await snapshotLaptop(page, 'library-de', EVERY_SIZE)
})

test('the library in Japanese: toolbar and "…件のアイテム" in Japanese', async ({ app, host, emulator, page }) => {
  const library = await libraryIn(app, host, 'ja')
  const total = emulator.state.items.size
  await expect(library.summary).toHaveText(`${total.toLocaleString('ja-JP')}件のアイテム`, { timeout: 60_000 })
  await expect(page.getByRole('searchbox', { name: 'ライブラリを検索' })).toBeVisible()
  await expect(page.getByRole('combobox', { name: '並べ替え' })).toContainText('新しい順')
  await expect(page.getByRole('button', { name: 'リンクから開く' })).toBeVisible()
  await expect(page.locator('.tile-views').first()).toHaveText(/^[\d,]+回閲覧$/)
  await snapshotLaptop(page, 'library-ja', EVERY_SIZE)
})
