import { mkdtempSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { makePdf } from '../emulator/fixtures/make-pdf'
import { expect, test } from './fixtures'
import { PublishPage } from './pages/publish-page'
import { snapshotLaptop } from './support/snapshot-laptop'

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
  // Held for review: Resume is the row's own button, not in the menu.
  await expect(publish.row('brochure').getByRole('button', { name: 'Resume brochure' })).toBeVisible()
  await expect(items).toHaveText(['Edit name and title…', 'Move up', 'Move down', 'Show history', 'Cancel upload'])
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
  for (let step = 0; step < 3; step++) await page.keyboard.press('ArrowDown')
  await expect(items.nth(3)).toBeFocused()
  await expect(items.nth(3)).toHaveText('Show history')
  await page.keyboard.press('Enter')
  await expect(publish.row('brochure').getByRole('list', { name: 'History of brochure' })).toBeVisible()
  await expect(publish.more('brochure')).toBeFocused()

  await publish.fromMenu('brochure', 'Move down')
  await expect(publish.rows.locator('.job-name')).toHaveText(['flyer', 'brochure'])
  await publish.fromMenu('brochure', 'Cancel upload')
  await expect(publish.state('brochure')).toHaveText('Cancelled')
})

test('"Update when the file changes" is a real switch on a published file', async ({ app, host, page }) => {
  const publish = new PublishPage(page)
  await pdf('price list', 3)
  await expect(app.heading('publish')).toBeVisible()
  await publish.drop([{ name: 'price list.pdf' }])
  await expect(publish.row('price list')).toHaveAttribute('data-state', 'done', { timeout: 15_000 })
  // What the row reads: the state word, the file with its pages, and one primary action.
  await expect(publish.state('price list')).toHaveText('Published')
  await expect(publish.row('price list')).toContainText('price list.pdf')
  await expect(publish.row('price list')).toContainText('3 pages')
  await expect(publish.row('price list').getByRole('button', { name: 'Copy link of price list' })).toBeVisible()

  const follow = publish.keepUpdated('price list')
  await expect(follow).toHaveAttribute('aria-checked', 'false')
  await expect(follow).toHaveAttribute('title', 'Saving this PDF again publishes the new version at the same link.')
  await follow.click()
  await expect(follow).toHaveAttribute('aria-checked', 'true')
  await expect.poll(() => host.core.links.list().links.map((link) => link.fileName)).toEqual(['price list.pdf'])
  // The switch shows "on" as soon as the link exists, and takes a key once its save has answered
  // (a key pressed on a busy switch does nothing; under load that moment is visible).
  await expect(follow).toBeEnabled()
  await follow.press('Space')
  await expect(follow).toHaveAttribute('aria-checked', 'false')
  await expect.poll(() => host.core.links.list().links).toEqual([])
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
