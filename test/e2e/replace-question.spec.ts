import { mkdtempSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator } from '@playwright/test'
import { formatBytes } from '../../src-renderer/src/format/bytes'
import { makePdf } from '../emulator/fixtures/make-pdf'
import { expect, test } from './fixtures'
import { LibraryPage } from './pages/library-page'
import { PublishPage } from './pages/publish-page'
import { EVERY_SIZE, snapshotLaptop } from './support/snapshot-laptop'

/*
 * Issue 29, "the one moment that can break a client's link": the replace question shows the
 * item now and the new file at the same size, both real renders sharp at 2×, each side named
 * and counted, and points out a large change in pages or page shape.
 */
const dropDir = mkdtempSync(join(tmpdir(), 'flipdrop-e2e-replace-'))
test.use({ signedIn: true, hostOptions: { dropDir }, deviceScaleFactor: 2 })

/** The page box of a side ("Now" or "New"), in CSS pixels. */
async function boxOf(side: Locator): Promise<{ width: number; height: number }> {
  const box = await side.locator('.page-box').boundingBox()
  if (!box) throw new Error('the side has a page box')
  return { width: box.width, height: box.height }
}

/** How many of the screen's pixels the picture has for each pixel it is shown at (1: sharp). */
async function sharpness(side: Locator): Promise<number> {
  return side.locator('img').evaluate((image: HTMLImageElement) => {
    const box = image.getBoundingClientRect()
    // object-fit: contain: the page fills the box's width or its height, whichever it meets first.
    const scale = Math.min(box.width / image.naturalWidth, box.height / image.naturalHeight)
    return 1 / (scale * window.devicePixelRatio)
  })
}

test('the library\'s replace question: both first pages at 160 px and sharp at 2×, each side named and counted, "55 pages instead of 24"', async ({
  app,
  emulator,
  page
}) => {
  test.setTimeout(120_000)
  const library = new LibraryPage(page)
  await app.goTo('library')
  await expect(library.syncStatus).toContainText('Last synced', { timeout: 30_000 })
  const item = [...emulator.state.items.values()].find((entry) => entry.pages === 24 && entry.frontFileId === '' && entry.docType === 'Flipbook')
  if (!item) throw new Error('the seed has a 24-page flipbook')
  const fileName = 'Menu – Café Rouge.pdf'
  const bytes = await makePdf(55, 'Café Rouge')
  await writeFile(join(dropDir, fileName), bytes)
  await library.search.fill(item.name)
  await expect(library.entry(item.name).getByTestId('item-cover')).toBeVisible()

  await library.dropOn(library.entry(item.name), fileName)
  const dialog = library.replaceDialog
  const now = dialog.getByTestId('replace-now')
  const next = dialog.getByTestId('replace-new')
  // Never an empty box: while the new page is drawn, its box says so. State and words are read in
  // one go in the page, since the drawing may finish between two separate reads.
  const firstLook = await next.evaluate((side) => ({
    state: side.getAttribute('data-state'),
    says: side.querySelector('[role="status"]')?.textContent?.trim() ?? null,
    picture: side.querySelector('img') !== null
  }))
  expect(['loading', 'ready']).toContain(firstLook.state)
  if (firstLook.state === 'loading') expect(firstLook.says).toBe('Drawing the first page…')
  else expect(firstLook.picture).toBe(true)

  await expect(next).toHaveAttribute('data-state', 'ready', { timeout: 15_000 })
  await expect(now).toHaveAttribute('data-state', 'ready')
  await expect(now.locator('img')).toHaveAttribute('src', /^blob:/)
  // Each side says what it is.
  await expect(now.locator('figcaption')).toHaveText(`Now${item.name}24 pages`)
  await expect(next.locator('figcaption')).toHaveText(`New${fileName}55 pages · ${formatBytes(bytes.length, 'en-US')}`)
  await expect(dialog.getByRole('list', { name: 'What readers will notice' })).toHaveText('55 pages instead of 24')

  // The same box on both sides, at least 160 px wide; the new page drawn for the screen's pixels.
  const [nowBox, nextBox] = [await boxOf(now), await boxOf(next)]
  expect(nowBox).toEqual(nextBox)
  expect(nextBox.width).toBeGreaterThanOrEqual(160)
  expect(await sharpness(next)).toBeGreaterThanOrEqual(0.99)
  // At the minimum size the library's toolbar behind is another part of issue 29: the question itself must fit.
  await expect(dialog.getByRole('button', { name: 'Replace' })).toBeInViewport()
  await snapshotLaptop(page, 'replace-question-one', EVERY_SIZE)

  // A landscape file for a portrait item: the shape is pointed out, the page count (24 → 24) is not.
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await writeFile(join(dropDir, 'Wide slides.pdf'), await makePdf(24, 'Slides', [842, 595]))
  await library.dropOn(library.entry(item.name), 'Wide slides.pdf')
  await expect(next).toHaveAttribute('data-state', 'ready', { timeout: 15_000 })
  await expect(dialog.getByRole('list', { name: 'What readers will notice' })).toHaveText('Landscape pages instead of portrait')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  expect(emulator.state.requests.filter((entry) => entry.path.startsWith('/api/replace-pdf'))).toHaveLength(0)
})

test('the question for several items shows each item\'s real cover beside its new first page, never a letter', async ({ app, page }) => {
  test.setTimeout(120_000)
  const publish = new PublishPage(page)
  await expect(app.heading('publish')).toBeVisible()
  const names = ['Spring catalogue', 'Price list']
  for (const name of names) await writeFile(join(dropDir, `${name}.pdf`), await makePdf(name === 'Price list' ? 2 : 12, name))
  await publish.drop(names.map((name) => ({ name: `${name}.pdf` })))
  for (const name of names) await expect(publish.row(name)).toHaveAttribute('data-state', 'done', { timeout: 20_000 })
  await page.getByRole('button', { name: 'Clear finished' }).click()

  // The same files again: replaced, both asked in one question.
  await publish.drop(names.map((name) => ({ name: `${name}.pdf` })))
  await publish.questions.getByRole('combobox', { name: 'For all files' }).selectOption({ label: 'Replace (same link)' })
  await publish.questions.getByRole('button', { name: 'Continue' }).click()
  const dialog = publish.replaceDialog
  await expect(dialog).toHaveAccessibleName('Replace 2 items?')
  const pairs = dialog.getByTestId('replace-pair')
  await expect(pairs).toHaveCount(2)
  for (const name of names) {
    const pair = pairs.filter({ hasText: `${name}.pdf` })
    // The cover FlipDrop drew of what it published (or the service's), at the size of the new page.
    const now = pair.getByTestId('replace-now')
    await expect(now).toHaveAttribute('data-state', 'ready', { timeout: 15_000 })
    await expect(now.locator('img')).toHaveAttribute('src', /^blob:/)
    await expect.poll(() => now.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(1)
    await expect(pair.getByTestId('replace-new')).toHaveAttribute('data-state', 'ready', { timeout: 15_000 })
    expect(await boxOf(now)).toEqual(await boxOf(pair.getByTestId('replace-new')))
    await expect(now.locator('figcaption')).toContainText(name)
  }
  await snapshotLaptop(page, 'replace-question-several', EVERY_SIZE)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
})
