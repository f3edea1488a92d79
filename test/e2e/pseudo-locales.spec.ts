import { mkdtempSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import type { View } from '../../src-shared/domain/views'
import { makePdf } from '../emulator/fixtures/make-pdf'
import { viewerDefaults } from '../emulator/state/viewer-defaults'
import type { RunningEmulator } from '../emulator/emulator'
import type { TestHost } from '../host/test-host'
import { expect } from './fixtures'
import { EVERY_FEATURE_ON } from './support/every-feature-on'
import { MINIMUM_SIZE } from './support/snapshot-laptop'
import { clippedOrOverlapping, textOutsideBrackets } from './support/pseudo-check'
import { tlsTest as test } from './support/tls-test'
import { intlWords, isServiceOrIntl, stringsIn } from './support/service-words'

/*
 * Chromium's pseudo-locales walk every view: en-XA (accented, ~40 % longer, bracketed) and
 * ar-XB (the same, right to left). Any ASCII word outside brackets that is not the service's,
 * the user's or Intl's escaped the catalogs; any text cut off without an ellipsis and a title,
 * or lying over other text, no longer fits.
 */

const dropDir = mkdtempSync(join(tmpdir(), 'flipdrop-e2e-pseudo-'))
const SIZES = [{ width: 1024, height: 700 }, MINIMUM_SIZE] as const
/** The names this test gives its own files: the user's words, never translated. */
const OWN_NAMES = ['Spring catalogue', 'Price list']
/** Names the same in every language: the product's, and the Share sheet's file and link formats (src-renderer/src/share/words.ts). */
const OWN_WORDS = ['FlipDrop', 'Markdown', 'HTML', 'SVG', 'PNG', 'PDF']

async function pdf(name: string): Promise<string> {
  const path = join(dropDir, `${name}.pdf`)
  await writeFile(path, await makePdf(2, name))
  return path
}

async function someWork(host: TestHost): Promise<void> {
  await host.core.uploads.enqueuePaths({ paths: [await pdf('Spring catalogue')], docType: 'Flipbook', onSameContent: 'ask' })
  await host.core.uploads.enqueuePaths({ paths: [await pdf('Price list')], docType: 'Flipbook', onSameContent: 'ask', hold: true })
  await expect.poll(() => host.core.uploads.list().jobs.find((job) => job.name === 'Spring catalogue')?.state, { timeout: 20_000 }).toBe('done')
}

function nav(page: Page, view: View) {
  return page.locator(`nav [data-view="${view}"]`)
}

/** The uploaded item with every feature of its details switched on: nearly every label shows. */
function everyFeatureOn(emulator: RunningEmulator): void {
  const item = [...emulator.state.items.values()].find((entry) => entry.name === OWN_NAMES[0])
  if (!item) throw new Error('the upload made an item')
  Object.assign(item.settings, EVERY_FEATURE_ON)
}

/** Each state the walk looks at: how to get there from the last one (the Share sheet last: it stays over the details). */
const STATES: { name: string; reach: (page: Page) => Promise<void> }[] = [
  { name: 'publish', reach: (page) => nav(page, 'publish').click() },
  { name: 'library grid', reach: async (page) => {
    await nav(page, 'library').click()
    await expect(page.getByTestId('library-entry').first()).toBeVisible({ timeout: 15_000 })
  } },
  { name: 'watched folders', reach: async (page) => {
    await nav(page, 'watched').click()
  } },
  { name: 'account', reach: async (page) => {
    await nav(page, 'account').click()
    // The plan and the lists arrive from the service after the view opens.
    await expect(page.locator('main h1')).toBeVisible()
    await page.waitForTimeout(1500)
  } },
  { name: 'settings', reach: (page) => nav(page, 'settings').click() },
  { name: 'item details, every group open', reach: async (page) => {
    await nav(page, 'library').click()
    await page.getByTestId('library-entry').filter({ hasText: OWN_NAMES[0] }).first().click()
    const details = page.getByTestId('item-details')
    // The settings arrive from the service after the panel opens.
    await expect(details.locator('details[data-group="lead-capture"]')).toBeAttached({ timeout: 15_000 })
    const closed = details.locator('details:not([open]) > summary')
    for (let left = await closed.count(); left > 0; left = await closed.count()) await closed.first().click()
    // Every feature is on: the lead form's deepest settings show, with their words.
    await expect(details.locator('[data-field="LeadPhoneCountry"]')).toBeVisible()
    await expect(details.locator('[data-field="VAButtonStatus1"]')).toBeVisible()
  } },
  { name: 'Share sheet over the details', reach: async (page) => {
    await page.getByTestId('details-share').click()
    await expect(page.locator('.share-sheet')).toBeVisible()
  } },
  // Its other tabs, in their order: embed code, QR code, social card, e-mail.
  ...[1, 2, 3, 4].map((tab) => ({ name: `Share sheet, tab ${tab + 1}`, reach: async (page: Page) => {
    await page.locator('.share-sheet [role="tab"]').nth(tab).click()
    await expect(page.locator('.share-sheet [role="tab"]').nth(tab)).toHaveAttribute('aria-selected', 'true')
    // A preview (the embedded viewer, the QR code) draws after the tab opens.
    await page.waitForTimeout(700)
  } }))
]

for (const locale of ['en-XA', 'ar-XB'] as const) {
  test.describe(`in ${locale}`, () => {
    // Over TLS, as the real service: the Share sheet's previews load the item's picture from https.
    test.use({ signedIn: true, tlsHostOptions: { dropDir } })

    test(`every view: no word escaped the catalogs, nothing clipped or overlapping (${locale})`, async ({ app, host, emulator }) => {
      const page = app.page
      test.setTimeout(180_000)
      // As a Chromium started with --lang=en-XA reports it (Playwright's locale option refuses pseudo-locales).
      await page.addInitScript((tag) => Object.defineProperty(navigator, 'languages', { get: () => [tag] }), locale)
      await page.reload()
      await expect(page.locator('html')).toHaveAttribute('lang', locale === 'en-XA' ? 'en' : 'ar')
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'en-XA' ? 'ltr' : 'rtl')
      await someWork(host)
      everyFeatureOn(emulator)
      // The record's defaults are the service's words too (a button's "Learn more"), kept outside the snapshot.
      const service = new Set(
        [...stringsIn(emulator.snapshot()), ...stringsIn(viewerDefaults('Flipbook')), ...stringsIn(EVERY_FEATURE_ON), ...OWN_NAMES, ...OWN_WORDS].filter((value) => value.length >= 3)
      )
      const intl = intlWords()
      // The lead form's phone country, named by Intl in the language (the pseudo-locales format as English).
      for (const word of new Intl.DisplayNames(['en'], { type: 'region' }).of('US')?.match(/[A-Za-z]+/g) ?? []) intl.add(word)
      const problems: string[] = []
      await expect(page.locator('nav [data-view="publish"]')).toBeVisible()
      for (const state of STATES) {
        for (const size of SIZES) {
          await page.setViewportSize(size)
          if (size === SIZES[0]) await state.reach(page)
          // Let a layout change settle (a virtual list measures once it is on screen).
          await page.waitForTimeout(300)
          const at = `${state.name} at ${size.width}×${size.height}`
          for (const escaped of await textOutsideBrackets(page)) {
            if (!isServiceOrIntl(escaped.text, service, intl)) problems.push(`${at}: escaped “${escaped.text}” in ${escaped.where}`)
          }
          for (const clipped of await clippedOrOverlapping(page)) problems.push(`${at}: ${clipped.why}: “${clipped.text}” (${clipped.where})`)
        }
      }
      expect([...new Set(problems)]).toEqual([])
      // The walk sees what it is for: a sentence outside the catalogs, and a word cut off in a narrow box.
      await page.evaluate(() => {
        const escaped = document.createElement('p')
        escaped.textContent = 'Words that escaped'
        const clipped = document.createElement('div')
        clipped.style.cssText = 'width: 40px; overflow: hidden; white-space: nowrap'
        clipped.textContent = '[Ŵéļļ ƀéýöñđ ƒîţţîñĝ]'
        document.querySelector('main')?.prepend(escaped, clipped)
      })
      expect((await textOutsideBrackets(page)).map((found) => found.text)).toContain('Words that escaped')
      expect((await clippedOrOverlapping(page)).map((found) => found.text)).toContain('[Ŵéļļ ƀéýöñđ ƒîţţîñĝ]')
    })
  })
}
