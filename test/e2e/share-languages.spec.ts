import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { LibraryPage } from './pages/library-page'
import { ShareSheetPage } from './pages/share-sheet-page'
import { EVERY_SIZE, MINIMUM_SIZE, snapshotLaptop } from './support/snapshot-laptop'
import { published, signedInLibrary } from './support/share-setup'
import { tlsTest } from './support/tls-test'
import type { TestHost } from '../host/test-host'

/*
 * The Share sheet in Spanish and Arabic (right to left), and German where its words are
 * longest: the sheet is opened in English as people do, then Settings' language is changed
 * through the core, so the open sheet must follow at once (its words are getters and computed
 * lists). Numbers are checked in the language's own format, as Intl writes it in the window.
 */

type Language = 'en' | 'es' | 'ar' | 'de' | 'fr'

/** The window's language, chosen in Settings (through the core, as Settings saves it). */
async function speak(page: Page, host: TestHost, language: Language): Promise<void> {
  await host.core.settings.update({ language })
  await expect(page.locator('html')).toHaveAttribute('lang', language)
}

/** A number as the window writes it in a language (ungrouped, with `digits` decimals). */
function inPage(page: Page, language: Language, value: number, digits = 0): Promise<string> {
  return page.evaluate(
    ([code, number, places]) => new Intl.NumberFormat(code, { useGrouping: false, minimumFractionDigits: places, maximumFractionDigits: places }).format(number),
    [language, value, digits] as const
  )
}

/** Every tab and chip of the open sheet shows its whole label: nothing cut off or scrolled away. */
async function expectNothingClipped(sheet: Locator): Promise<void> {
  const clipped = await sheet.evaluate((dialog) =>
    [...dialog.querySelectorAll<HTMLElement>('.share-tabs, .share-tab, .share-chip, button')]
      .filter((element) => element.offsetParent !== null && element.scrollWidth > element.clientWidth + 1)
      .map((element) => element.textContent?.trim() ?? element.className)
  )
  expect(clipped).toEqual([])
}

test.use({ signedIn: true })

test('in Spanish: tabs, link formats, QR print facts with a decimal comma, and a plural', async ({ app, host, emulator, page }) => {
  const [item, second, third] = published(emulator, 3)
  if (!item || !second || !third) throw new Error('unreachable')
  await signedInLibrary(page, app)
  const sheet = new ShareSheetPage(page)
  await sheet.openFromDetails(item.name)
  const dialog = page.getByRole('dialog')
  await speak(page, host, 'es')

  await expect(dialog.getByRole('heading')).toHaveText(`Compartir «\u2068${item.title}\u2069»`)
  for (const name of ['Enlace', 'Insertar', 'Código QR', 'Tarjeta social', 'Correo']) await expect(dialog.getByRole('tab', { name, exact: true })).toBeVisible()
  for (const name of ['Enlace', 'Markdown', 'HTML', 'Texto enriquecido']) await expect(dialog.getByRole('radio', { name, exact: true })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Copiar enlace' })).toBeVisible()

  await dialog.getByRole('tab', { name: 'Código QR' }).click()
  await expect(dialog.getByText('Legible a hasta 30 cm')).toBeVisible()
  await expect(dialog.getByText(/^Cada cuadrado mide \d+,\d\d mm$/)).toBeVisible()
  await dialog.getByRole('radio', { name: 'Personalizado' }).check()
  await dialog.getByLabel('Tamaño', { exact: true }).fill('125')
  await expect(dialog.getByText(`Legible a hasta ${await inPage(page, 'es', 1.25, 1)} m`)).toBeVisible()
  await expect(dialog.getByText('Legible a hasta 1,3 m')).toBeVisible()
  await dialog.getByRole('radio', { name: 'PNG' }).check()
  await expect(dialog.getByText(/^300 ppp: \d+ × \d+ px — listo para imprimir$/)).toBeVisible()
  await snapshotLaptop(page, 'share-sheet-es', EVERY_SIZE)

  // Several items: the plural of the title and of the QR codes' note.
  await speak(page, host, 'en')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await new LibraryPage(page).search.fill('')
  await sheet.openForSelected([item.name, second.name, third.name])
  await speak(page, host, 'es')
  await expect(dialog.getByRole('heading')).toHaveText('Compartir 3 elementos')
  await dialog.getByRole('tab', { name: 'Código QR' }).click()
  await expect(dialog.getByText('Un archivo para cada uno de los 3 elementos, con su nombre, en la carpeta que elijas.')).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Guardar códigos QR…' })).toBeVisible()
})

test('in Arabic: right to left, tabs, link formats, QR print facts in Arabic numbers, and the dual', async ({ app, host, emulator, page }) => {
  const [item, second] = published(emulator, 2)
  if (!item || !second) throw new Error('unreachable')
  await signedInLibrary(page, app)
  const sheet = new ShareSheetPage(page)
  await sheet.openFromDetails(item.name)
  const dialog = page.getByRole('dialog')
  await speak(page, host, 'ar')

  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(dialog.getByRole('heading')).toHaveText(`مشاركة «\u2068${item.title}\u2069»`)
  for (const name of ['رابط', 'تضمين', 'رمز QR', 'بطاقة اجتماعية', 'بريد']) await expect(dialog.getByRole('tab', { name, exact: true })).toBeVisible()
  for (const name of ['رابط', 'Markdown', 'HTML', 'نص منسّق']) await expect(dialog.getByRole('radio', { name, exact: true })).toBeVisible()

  // Right to left, the next tab is on the left: ArrowLeft goes from the link to the embed.
  await dialog.getByRole('tab', { name: 'رابط' }).focus()
  await page.keyboard.press('ArrowLeft')
  await expect(dialog.getByRole('tab', { name: 'تضمين' })).toHaveAttribute('aria-selected', 'true')

  await dialog.getByRole('tab', { name: 'رمز QR' }).click()
  await expect(dialog.getByText(`يُقرأ من مسافة تصل إلى ${await inPage(page, 'ar', 30)} سم`)).toBeVisible()
  await dialog.getByRole('radio', { name: 'PNG' }).check()
  const dpi = await inPage(page, 'ar', 300)
  await expect(dialog.getByText(new RegExp(`^${dpi} نقطة/بوصة: .+ × .+ بكسل — جاهز للطباعة$`))).toBeVisible()
  await snapshotLaptop(page, 'share-sheet-ar', EVERY_SIZE)

  // Two items: Arabic's dual, a form of its own.
  await speak(page, host, 'en')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await new LibraryPage(page).search.fill('')
  await sheet.openForSelected([item.name, second.name])
  await speak(page, host, 'ar')
  await expect(dialog.getByRole('heading')).toHaveText('مشاركة عنصرين')
})

// Over TLS: the social card and email tabs show the cover from the service's https address.
tlsTest.use({ signedIn: true })

tlsTest('in German and French the tabs and chips still fit the smallest window', async ({ app, host, emulator, page }) => {
  const [item] = published(emulator, 1)
  if (!item) throw new Error('unreachable')
  await signedInLibrary(page, app)
  await new ShareSheetPage(page).openFromDetails(item.name)
  const dialog = page.getByRole('dialog')
  await page.setViewportSize(MINIMUM_SIZE)
  for (const language of ['de', 'fr'] as const) {
    await speak(page, host, language)
    for (const tab of await dialog.getByRole('tab').all()) {
      await tab.click()
      await expectNothingClipped(dialog)
    }
  }
  await dialog.getByRole('tab', { name: 'Code QR' }).click()
  await snapshotLaptop(page, 'share-sheet-fr-qr', [MINIMUM_SIZE])
  await speak(page, host, 'de')
  await expect(dialog.getByRole('tab', { name: 'QR-Code' })).toHaveAttribute('aria-selected', 'true')
  await snapshotLaptop(page, 'share-sheet-de-qr', [MINIMUM_SIZE])
})
