import { mkdtempSync } from 'node:fs'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { VIEW_TITLES } from '../support/view-titles'
import { makePdf } from '../emulator/fixtures/make-pdf'
import { expect, test } from './fixtures'
import { EVERY_SIZE, snapshotLaptop } from './support/snapshot-laptop'

const dropDir = mkdtempSync(join(tmpdir(), 'flipdrop-e2e-watched-'))
// Files settle after 150 ms here (1 s in the app), so a save is acted on quickly.
test.use({ signedIn: true, hostOptions: { dropDir, core: { links: { stabilityMs: 150, pollIntervalMs: 50 } } } })

const LONG_NAME = 'Quarterly report for the North-West region, final version as approved by the board in November 2026'

test('Watched folders has its own place in the sidebar, between Library and Account; Settings points there', async ({ app, page }) => {
  const nav = page.getByRole('navigation', { name: 'Main' })
  // Waits for the first paint, which waits for the window's language.
  await expect(nav.locator(':scope > .nav-item .nav-label')).toHaveText(['Publish', 'Library', VIEW_TITLES.watched, 'Account', 'Settings'])
  await app.goTo('settings')
  await expect(page.getByRole('list', { name: 'Linked files' })).toHaveCount(0)
  await page.getByRole('region', { name: 'Watched folders' }).getByRole('button', { name: 'Open Watched folders' }).click()
  await expect(app.heading('watched')).toBeVisible()
  await expect(app.navButton('watched')).toHaveAttribute('aria-current', 'page')
  await expect(page.getByTestId('no-hot-folders')).toBeVisible()
  await expect(page.getByTestId('no-links')).toBeVisible()
  await snapshotLaptop(page, 'watched-folders-empty', EVERY_SIZE)
})

test('a hot folder and a linked file: by name with an icon, the whole name, the last publish, "Show in folder"; offered files named, each published or ignored', async ({ app, host, emulator, page }) => {
  test.setTimeout(240_000)
  const folder = join(dropDir, 'Client exports')
  await mkdir(folder, { recursive: true })
  await writeFile(join(folder, 'Existing brochure.pdf'), await makePdf(1, 'existing brochure'))
  await writeFile(join(folder, 'Old price list.pdf'), await makePdf(1, 'old price list'))
  await writeFile(join(folder, `${LONG_NAME}.pdf`), await makePdf(2, 'long name'))
  await expect(app.heading('publish')).toBeVisible()
  await host.core.links.addHotFolder({ path: folder, docType: 'Flipbook' })
  await app.goTo('watched')

  const folders = page.getByRole('list', { name: 'Hot folders' })
  const row = folders.getByRole('listitem').filter({ hasText: 'Client exports' }).first()
  // The folder by its name, the whole path under it; nothing published from it yet.
  await expect(row.locator('.watched-name')).toHaveText('Client exports')
  await expect(row).toContainText(folder)
  await expect(row).toContainText('Nothing published from it yet.')
  await expect(row.locator('svg.watched-icon')).toBeVisible()
  // Whose it is, on every row, even with one account signed in.
  const whose = await app.page.getByRole('button', { name: 'Account menu' }).textContent()
  const badge = row.getByTestId('account-badge').first()
  await expect(badge).toBeVisible()
  expect(whose).toContain((await badge.locator('.account-badge-text').textContent()) ?? '-')

  // What was there already is named, one by one, with Publish and Ignore.
  const offered = row.locator('.offered-file')
  await expect(offered).toHaveCount(3)
  await expect(offered.filter({ hasText: 'Existing brochure.pdf' })).toContainText(/Existing brochure\.pdf · [\d.,]+ (bytes|kB)/)
  await expect(row.getByRole('button', { name: 'Publish all 3' })).toBeVisible()
  await row.getByRole('button', { name: 'Ignore Old price list.pdf' }).click()
  await expect(offered).toHaveCount(2)
  await expect(row).not.toContainText('Old price list.pdf')

  await row.getByRole('button', { name: `Publish ${LONG_NAME}.pdf` }).click()
  const links = page.getByRole('list', { name: 'Linked files' })
  const link = links.getByRole('listitem').filter({ hasText: LONG_NAME })
  await expect(link).toBeVisible({ timeout: 30_000 })
  await expect(row).toContainText(`Last published`, { timeout: 30_000 })
  await expect(row).toContainText(LONG_NAME)
  await expect(offered).toHaveCount(1)
  expect([...emulator.state.items.values()].filter((item) => item.name === LONG_NAME)).toHaveLength(1)
  expect([...emulator.state.items.values()].some((item) => item.name === 'Old price list')).toBe(false)

  // Names are never cut: the whole name shows, on more lines when it must, at the smallest window too.
  for (const size of EVERY_SIZE) {
    await page.setViewportSize(size)
    const name = link.locator('.watched-name')
    await expect(name).toHaveText(LONG_NAME)
    expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth && getComputedStyle(element).textOverflow !== 'ellipsis')).toBe(true)
    // The view scrolls inside the window; the window itself never grows past it.
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight)).toBe(true)
  }
  await page.setViewportSize({ width: 1280, height: 800 })
  await expect(link).toContainText(join(folder, `${LONG_NAME}.pdf`))
  await expect(link).toContainText('Last published')
  await expect(link.getByTestId('account-badge')).toBeVisible()

  // "Show in folder" asks main to show the file, or the folder, in the file manager.
  await link.getByRole('button', { name: 'Show in folder' }).click()
  await expect.poll(() => host.shownInFolder).toEqual([join(folder, `${LONG_NAME}.pdf`)])
  await row.getByRole('button', { name: 'Show in folder' }).click()
  await expect.poll(() => host.shownInFolder).toEqual([join(folder, `${LONG_NAME}.pdf`), folder])

  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 15_000 })
  await snapshotLaptop(page, 'watched-folders', EVERY_SIZE)

  // In German and in Arabic (chosen in Settings, as from the command or another window): the rows follow at once, Arabic right to left.
  await host.core.settings.update({ language: 'de' })
  await expect(page.getByRole('heading', { level: 2, name: 'Überwachte Ordner' })).toBeVisible()
  // The rows by their names (service and file data, never translated), the lists' names being German now.
  const folderRow = page.locator('#hot-folders-title ~ ul .watched-row').first()
  await expect(folderRow).toContainText('Dieses PDF lag schon im Ordner.')
  await expect(folderRow.getByRole('switch')).toHaveAccessibleName('Client exports Neue PDFs veröffentlichen')
  await snapshotLaptop(page, 'watched-folders-de')
  await host.core.settings.update({ language: 'ar' })
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('heading', { level: 2, name: 'الملفات المرتبطة' })).toBeVisible()
  await expect(page.locator('.watched-row .watched-name').filter({ hasText: LONG_NAME })).toHaveText(LONG_NAME)
  await snapshotLaptop(page, 'watched-folders-ar', EVERY_SIZE)
})

test('"Show in folder" on a file that was moved away says so by its name, and shows nothing', async ({ app, host, page }) => {
  const folder = join(dropDir, 'Moving out')
  await mkdir(folder, { recursive: true })
  await host.core.links.addHotFolder({ path: folder, docType: 'Document' })
  await app.goTo('watched')
  const row = page.getByRole('list', { name: 'Hot folders' }).getByRole('listitem').filter({ hasText: 'Moving out' })
  await expect(row).toContainText('Documents')
  await rm(folder, { recursive: true })
  await row.getByRole('button', { name: 'Show in folder' }).click()
  await expect(page.getByTestId('toast')).toContainText('Moving out is no longer there')
  expect(host.shownInFolder).toEqual([])
})
