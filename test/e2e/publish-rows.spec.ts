import { mkdtempSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { makePdf, writeLargePdf } from '../emulator/fixtures/make-pdf'
import { expect, test } from './fixtures'
import { PublishPage } from './pages/publish-page'
import { screenshotPath } from './support/screenshots'
import { EVERY_SIZE, snapshotLaptop } from './support/snapshot-laptop'

/** Issue 18 parts 8 and 10 on the publish side: rows that read at a glance, and a plan that is full. */
const dropDir = mkdtempSync(join(tmpdir(), 'flipdrop-e2e-rows-'))
test.use({ signedIn: true, hostOptions: { dropDir }, emulatorOptions: { seed: false } })

async function pdf(name: string, pages = 1): Promise<void> {
  await writeFile(join(dropDir, `${name}.pdf`), await makePdf(pages, name))
}

test('the ⋯ menu works by keyboard: it opens on Enter, arrows move, Escape gives focus back, and its items act', async ({ app, page }) => {
  const publish = new PublishPage(page)
  for (const name of ['brochure', 'flyer']) await pdf(name, 2)
  await expect(app.heading('publish')).toBeVisible()
  await publish.review.check()
  await publish.drop([{ name: 'brochure.pdf' }, { name: 'flyer.pdf' }])
  await expect(publish.rows).toHaveCount(2)
  // No glyph handles as text: every control is an icon with a name (and a tooltip).
  await expect(publish.more('brochure')).toHaveAttribute('title', 'More actions')
  await expect(publish.more('brochure')).toHaveAttribute('aria-haspopup', 'menu')

  await publish.more('brochure').focus()
  await page.keyboard.press('Enter')
  await expect(publish.menu).toBeVisible()
  await expect(publish.menu).toHaveAccessibleName('More actions for brochure')
  const items = publish.menu.getByRole('menuitem')
  // Held for review: Publish is the row's own button, and its name and title are edited in the row, not from the menu.
  await expect(publish.row('brochure').getByRole('button', { name: 'Publish brochure' })).toHaveText('Publish')
  await expect(items).toHaveText(['Move up', 'Move down', 'Show history', 'Cancel upload'])
  await expect(items.first()).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(items.nth(1)).toBeFocused()
  await page.keyboard.press('End')
  await expect(items.last()).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(items.first()).toBeFocused()
  await snapshotLaptop(page, 'publish-row-menu')
  await page.keyboard.press('Escape')
  await expect(publish.menu).toBeHidden()
  await expect(publish.more('brochure')).toBeFocused()
  await expect(publish.more('brochure')).toHaveAttribute('aria-expanded', 'false')

  // Arrow Down on the button opens it too; Enter on an item acts and gives focus back.
  await page.keyboard.press('ArrowDown')
  await expect(items.first()).toBeFocused()
  for (let step = 0; step < 2; step++) await page.keyboard.press('ArrowDown')
  await expect(items.nth(2)).toBeFocused()
  await expect(items.nth(2)).toHaveText('Show history')
  await page.keyboard.press('Enter')
  await expect(publish.row('brochure').getByRole('list', { name: 'History of brochure' })).toBeVisible()
  await expect(publish.more('brochure')).toBeFocused()

  await publish.fromMenu('brochure', 'Move down')
  await expect(publish.rows.locator('.job-name')).toHaveText(['flyer', 'brochure'])
  await publish.fromMenu('brochure', 'Cancel upload')
  await expect(publish.state('brochure')).toHaveText('Cancelled')
})

test('a published row is one line (≤ 56 px at 1280×800) with its name once; "Update when the file changes" is an on/off entry of its menu', async ({ app, host, page }) => {
  const publish = new PublishPage(page)
  await page.setViewportSize({ width: 1280, height: 800 })
  await pdf('price list', 3)
  await expect(app.heading('publish')).toBeVisible()
  await publish.drop([{ name: 'price list.pdf' }])
  await expect(publish.row('price list')).toHaveAttribute('data-state', 'done', { timeout: 15_000 })
  // What the row reads: the state word, the size and pages, and one primary action; the file's
  // name ("price list.pdf") is not printed again under a name that says the same.
  await expect(publish.state('price list')).toHaveText('Published')
  await expect(publish.row('price list').getByTestId('job-meta')).toHaveText(/^\d+(\.\d+)? kB · 3 pages$/)
  await expect(publish.row('price list')).not.toContainText('price list.pdf')
  await expect(publish.row('price list').getByRole('button', { name: 'Copy link of price list' })).toBeVisible()
  expect(await publish.rowHeight('price list')).toBeLessThanOrEqual(56)
  // No switch in the row: it is in the menu.
  await expect(publish.row('price list').getByRole('switch')).toHaveCount(0)

  await publish.more('price list').click()
  await expect(publish.keepUpdated).toHaveAttribute('aria-checked', 'false')
  await publish.keepUpdated.click()
  await expect.poll(() => host.core.links.list().links.map((link) => link.fileName)).toEqual(['price list.pdf'])
  // The row says it follows its file; the menu shows the entry ticked.
  await expect(publish.row('price list').getByRole('img', { name: 'Updates when its file changes' })).toBeVisible()
  await publish.more('price list').click()
  await expect(publish.keepUpdated).toHaveAttribute('aria-checked', 'true')
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 15_000 })
  await snapshotLaptop(page, 'publish-row-menu-follows', EVERY_SIZE)
  await page.keyboard.press('Escape')
  await publish.more('price list').press('Enter')
  await expect(publish.keepUpdated).toBeVisible()
  await publish.keepUpdated.press('Enter')
  await expect.poll(() => host.core.links.list().links).toEqual([])
  await expect(publish.row('price list').getByRole('img', { name: 'Updates when its file changes' })).toHaveCount(0)
})

test('a quiet queue: one line a row, the file named only where it differs from the name, and "next in line" said once above those waiting', async ({
  app,
  host,
  emulator,
  page
}) => {
  const publish = new PublishPage(page)
  await page.setViewportSize({ width: 1280, height: 800 })
  await expect(app.heading('publish')).toBeVisible()
  const uploads = host.core.uploads
  const enqueue = async (name: string, pages: number, hold = false): Promise<string> => {
    await pdf(name, pages)
    const { added } = await uploads.enqueuePaths({ paths: [join(dropDir, `${name}.pdf`)], docType: 'Flipbook', onSameContent: 'ask', hold })
    return added[0]?.id ?? ''
  }
  await enqueue('Spring catalogue', 3)
  await expect(publish.row('Spring catalogue')).toHaveAttribute('data-state', 'done', { timeout: 15_000 })
  // One upload at a time, and a big one the service holds before reading: it is being sent, the others wait their turn.
  await host.core.settings.update({ uploadConcurrency: 1 })
  emulator.faults.add({ route: '/api/create-by-file', kind: 'latency', ms: 120_000, count: 1 })
  await writeLargePdf(join(dropDir, 'Annual report.pdf'), 30 * 1024 * 1024)
  await uploads.enqueuePaths({ paths: [join(dropDir, 'Annual report.pdf')], docType: 'Flipbook', onSameContent: 'ask' })
  await expect(publish.row('Annual report')).toHaveAttribute('data-state', 'uploading', { timeout: 15_000 })
  for (const name of ['Menu', 'Flyer', 'Price list']) await enqueue(name, 2)
  // Held, and renamed: its file ("Lookbook draft 3.pdf") is not what the row is called, so the row names it.
  const held = await enqueue('Lookbook draft 3', 4, true)
  await uploads.rename({ jobId: held, name: 'Autumn lookbook', title: 'Autumn lookbook' })
  await expect(publish.rows).toHaveCount(6)

  // Said once, above the first of those waiting in line; no row repeats it.
  await expect(publish.inLineNote).toHaveCount(1)
  await expect(publish.inLineNote).toHaveText('Next in line — each starts when the ones above are done.')
  await expect(publish.row('Menu').getByTestId('in-line-note')).toBeVisible()
  await expect(publish.row('Flyer').getByTestId('job-reason')).toHaveCount(0)
  await expect(page.locator('li.job', { hasText: /Starts when/ })).toHaveCount(0)
  // One line a row: waiting, published.
  for (const name of ['Flyer', 'Price list', 'Spring catalogue']) expect(await publish.rowHeight(name), name).toBeLessThanOrEqual(56)
  // The thumbnail is still the file's first page, drawn smaller.
  await expect(publish.row('Spring catalogue').getByTestId('job-thumbnail')).toHaveAttribute('data-state', 'ready', { timeout: 15_000 })
  const thumb = await publish.row('Spring catalogue').getByTestId('job-thumbnail').boundingBox()
  expect(thumb?.height).toBeLessThanOrEqual(44)
  // The file's name only where it differs.
  await expect(publish.row('Flyer').getByTestId('job-meta')).toHaveText(/^\d+(\.\d+)? kB · 2 pages$/)
  await expect(publish.row('Autumn lookbook').getByTestId('job-meta')).toHaveText(/^Lookbook draft 3\.pdf · \d+(\.\d+)? kB · 4 pages$/)
  // More rows fit: the 800 px window shows every one of these six without scrolling.
  const scroller = page.getByTestId('queue-scroller')
  expect(await scroller.evaluate((element) => element.scrollHeight <= element.clientHeight)).toBe(true)
  await snapshotLaptop(page, 'publish-quiet-queue', EVERY_SIZE)
})

test('Review before publishing: Name and Title in each held row (Tab between them, saved on Enter or on leaving), "Publish" on the row and "Publish all (2)"', async ({
  app,
  host,
  page
}) => {
  const publish = new PublishPage(page)
  await page.setViewportSize({ width: 1280, height: 800 })
  for (const name of ['brochure', 'flyer', 'poster']) await pdf(name, 2)
  await expect(app.heading('publish')).toBeVisible()
  await publish.review.check()
  await publish.drop([{ name: 'brochure.pdf' }, { name: 'flyer.pdf' }, { name: 'poster.pdf' }])
  await expect(publish.rows).toHaveCount(3)
  const jobNamed = (name: string) => host.core.uploads.list().jobs.find((job) => job.source.type === 'file' && job.source.fileName === `${name}.pdf`)

  // The fields are in the row, filled; Tab goes from the name to the title.
  await expect(publish.field('brochure', 'Name')).toHaveValue('brochure')
  await expect(publish.field('brochure', 'Title')).toHaveValue('brochure')
  await publish.field('brochure', 'Name').fill('Spring brochure')
  await page.keyboard.press('Tab')
  await expect(publish.field('Spring brochure', 'Title')).toBeFocused()
  // Leaving the name saved it, through main.
  await expect.poll(() => jobNamed('brochure')?.name).toBe('Spring brochure')
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type('Spring brochure 2026')
  await page.keyboard.press('Enter')
  await expect.poll(() => jobNamed('brochure')?.title).toBe('Spring brochure 2026')
  // The row now names its file, which differs from the new name.
  await expect(publish.row('Spring brochure')).toContainText('brochure.pdf')
  // A name main refuses (empty) is said beside the field, nothing saved.
  await publish.field('flyer', 'Name').fill('')
  await publish.field('flyer', 'Name').press('Enter')
  await expect(publish.field('flyer', 'Name')).toHaveAttribute('aria-invalid', 'true')
  expect(jobNamed('flyer')?.name).toBe('flyer')
  await publish.field('flyer', 'Name').press('Escape')
  await expect(publish.field('flyer', 'Name')).toHaveValue('flyer')

  await expect(publish.batch.getByRole('button', { name: 'Publish all (3)' })).toBeVisible()
  for (const name of ['Spring brochure', 'flyer', 'poster']) expect(await publish.rowHeight(name), name).toBeLessThanOrEqual(56)
  await snapshotLaptop(page, 'publish-review-inline', EVERY_SIZE)

  // The row's own button publishes it, with the name given; the header then counts the rest.
  await publish.row('Spring brochure').getByRole('button', { name: 'Publish Spring brochure' }).click()
  await expect(publish.row('Spring brochure')).toHaveAttribute('data-state', 'done', { timeout: 15_000 })
  await expect(publish.batch.getByRole('button', { name: 'Publish all (2)' })).toBeVisible()
  await publish.batch.getByRole('button', { name: 'Publish all (2)' }).click()
  await expect(publish.row('poster')).toHaveAttribute('data-state', 'done', { timeout: 15_000 })
  await expect(publish.row('flyer')).toHaveAttribute('data-state', 'done', { timeout: 15_000 })
})

test('Copy link says "Copied" where it was pressed, and screen readers hear it', async ({ app, host, page }) => {
  const publish = new PublishPage(page)
  await pdf('spring', 2)
  await expect(app.heading('publish')).toBeVisible()
  await publish.drop([{ name: 'spring.pdf' }])
  await expect(publish.row('spring')).toHaveAttribute('data-state', 'done', { timeout: 15_000 })
  const copy = publish.row('spring').getByRole('button', { name: 'Copy link of spring' })
  await copy.click()
  await expect.poll(() => host.copiedTexts.at(-1)).toBe(await publish.row('spring').getByTestId('job-link').getAttribute('href'))
  // On the button itself, not in a toast across the window.
  await expect(copy).toHaveText('Copied')
  await expect(publish.announcer).toHaveText('Link copied.')
  await expect(publish.toast).toHaveCount(0)
  // A picture of the moment (it lasts 2 s: no time for axe and two colour schemes).
  await publish.row('spring').screenshot({ path: screenshotPath('publish-copied-row.png') })
  await expect(copy).toHaveText('Copy link', { timeout: 5_000 })
})

test.describe('a plan with no flipbooks left', () => {
  test.use({ emulatorOptions: { seed: false, maxItems: { flipbooks: 1, documents: 5 } } })

  test('says what can be done: upgrade on the service’s website, or publish as Documents', async ({ app, host, emulator, page }) => {
    const publish = new PublishPage(page)
    await pdf('only one')
    await expect(app.heading('publish')).toBeVisible()
    await publish.drop([{ name: 'only one.pdf' }])
    await expect(publish.row('only one')).toHaveAttribute('data-state', 'done', { timeout: 15_000 })
    await expect(publish.planFull).toContainText('Your plan has no flipbooks left')
    await snapshotLaptop(page, 'publish-plan-full')

    await publish.planFull.getByRole('button', { name: 'Upgrade your plan' }).click()
    await expect.poll(() => host.openedUrls.at(-1)).toBe(`https://${new URL(emulator.baseUrl).host}/`)
    await publish.planFull.getByRole('button', { name: /^Publish as Documents instead · 5 documents left$/ }).click()
    await expect(page.getByRole('radio', { name: 'Document' })).toBeChecked()
    await expect(publish.planFull).toBeHidden()
  })
})

test('first run: the empty view calls to action, and its "Publish from link…" opens the link form', async ({ app, page }) => {
  const publish = new PublishPage(page)
  await expect(app.heading('publish')).toBeVisible()
  await expect(publish.empty.getByRole('heading', { name: 'Publish your first PDF' })).toBeVisible()
  await expect(publish.empty).toContainText('Drop PDFs anywhere in this window')
  await publish.empty.getByRole('button', { name: 'Publish from link…' }).click()
  await expect(publish.linkField).toBeFocused()
})
