import { mkdtempSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { makePdf } from '../emulator/fixtures/make-pdf'
import { expect, test } from './fixtures'
import { LibraryPage } from './pages/library-page'
import { PublishPage } from './pages/publish-page'
import { EVERY_SIZE, snapshotLaptop } from './support/snapshot-laptop'

/*
 * Issue 31, right to left: in Arabic the window mirrors. The sidebar is on the right, icons
 * that point turn round, the library grid starts on the right and its arrow keys follow the
 * eye, and a PDF dropped on the window is still queued. Nothing here reads English words:
 * the views are found by data attributes and test ids.
 */

const dropDir = mkdtempSync(join(tmpdir(), 'flipdrop-e2e-rtl-'))
test.use({ signedIn: true, emulatorOptions: { seed: true }, hostOptions: { dropDir }, viewport: { width: 1280, height: 800 } })

type View = 'publish' | 'library' | 'watched' | 'account' | 'settings'

/** A sidebar entry by the view it opens (a data attribute, never its words or its place). */
function navItem(page: Page, view: View): Locator {
  return page.locator(`nav [data-view="${view}"]`)
}

/** Arabic chosen as Settings → Language saves it; then a new start, which speaks it from the first paint. */
async function speakArabic(page: Page): Promise<void> {
  await page.locator('.sidebar-nav').waitFor()
  const saved = await page.evaluate(async () => (await window.flipdrop.settings.update({ language: 'ar' })).ok)
  expect(saved).toBe(true)
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar')
  await page.locator('.sidebar-nav').waitFor()
}

async function boxOf(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await locator.boundingBox()
  if (!box) throw new Error('the element is on screen')
  return box
}

test('in Arabic the window mirrors: the sidebar on the right, pointing icons turned, a dropped PDF still queued', async ({ app, page }) => {
  void app
  await speakArabic(page)
  const sidebar = await boxOf(page.locator('.sidebar'))
  const workspace = await boxOf(page.locator('.workspace'))
  expect(sidebar.x, 'the sidebar starts where the main area ends').toBeGreaterThanOrEqual(workspace.x + workspace.width - 1)

  // A PDF dropped on the window is queued as in English.
  await writeFile(join(dropDir, 'rtl-menu.pdf'), await makePdf(2, 'rtl-menu'))
  const publish = new PublishPage(page)
  await publish.drop([{ name: 'rtl-menu.pdf' }])
  await expect(publish.row('rtl-menu')).toBeVisible()
  await expect(publish.row('rtl-menu')).toHaveAttribute('data-state', 'done', { timeout: 20_000 })
  // Its link reads left to right inside the Arabic row; its name keeps its own direction.
  expect(await publish.row('rtl-menu').getByTestId('job-link').evaluate((element) => getComputedStyle(element).direction)).toBe('ltr')
  expect(await publish.row('rtl-menu').locator('.job-name').evaluate((element) => getComputedStyle(element).unicodeBidi)).toBe('plaintext')
  await snapshotLaptop(page, 'rtl-publish', EVERY_SIZE)

  // Settings' arrow to the watched folders points toward the end of the line: the left.
  await navItem(page, 'settings').click()
  const arrow = page.locator('.watched-pointer .lucide-arrow-right')
  await expect(arrow).toBeVisible({ timeout: 15_000 })
  expect(await arrow.evaluate((element) => getComputedStyle(element).transform)).toBe('matrix(-1, 0, 0, 1, 0, 0)')
})

test('in Arabic the library grid starts on the right and ArrowLeft moves to the next tile, on the left', async ({ app, page }) => {
  void app
  await speakArabic(page)
  await navItem(page, 'library').click()
  const library = new LibraryPage(page)
  await expect(library.entries.nth(3)).toBeVisible({ timeout: 30_000 })
  await expect(library.syncStatus).toBeVisible({ timeout: 30_000 })

  const first = library.entries.first()
  const second = library.entries.nth(1)
  const [firstBox, secondBox, scroller] = [await boxOf(first), await boxOf(second), await boxOf(library.scroller)]
  expect(firstBox.x, 'the first tile is right of the second').toBeGreaterThan(secondBox.x)
  expect(firstBox.x + firstBox.width, 'the first tile sits at the grid’s right edge').toBeGreaterThan(scroller.x + scroller.width - firstBox.width / 2)
  expect(secondBox.x, 'no tile leaves the grid').toBeGreaterThanOrEqual(scroller.x)

  await first.focus()
  await page.keyboard.press('ArrowLeft')
  await expect(second).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect(first).toBeFocused()
  await snapshotLaptop(page, 'rtl-library', EVERY_SIZE)
})
