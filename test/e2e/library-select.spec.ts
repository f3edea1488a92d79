import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { LibraryPage } from './pages/library-page'
import { lastShared, shareSheet } from './support/share-requests'
import { EVERY_SIZE, snapshotLaptop } from './support/snapshot-laptop'

/*
 * Issue 30 in the library: an item's details share it, and several items are selected as in a
 * file manager (Ctrl/Cmd-click, Shift-click, Ctrl/Cmd+A, Shift+arrows, Space, Escape) and
 * shared together from the selection bar. What the Share sheet asked main for says which items.
 */
test.use({ signedIn: true, emulatorOptions: { seed: true }, viewport: { width: 1280, height: 800 } })

const modifier = process.platform === 'darwin' ? 'Meta' : 'Control'

function selectionBar(page: Page): Locator {
  return page.getByRole('region', { name: 'Selected items' })
}

/** A library key ("Flipbook:12") as the Share sheet names the item. */
function refOf(key: string | null | undefined): { id: number; docType: string } {
  const [docType = '', id = ''] = (key ?? '').split(':')
  return { id: Number(id), docType }
}

async function keysOf(entries: Locator): Promise<(string | null)[]> {
  return entries.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-key')))
}

async function openLibrary(page: Page, app: { goTo: (view: 'library') => Promise<void> }): Promise<LibraryPage> {
  const library = new LibraryPage(page)
  await app.goTo('library')
  await expect(library.syncStatus).toContainText('Last synced', { timeout: 30_000 })
  return library
}

test('the details share their item; Copy link stays the quick action and the fixed embed button is gone', async ({ app, host, page }) => {
  const library = await openLibrary(page, app)
  const first = library.entries.first()
  const key = await first.getAttribute('data-key')
  await first.click()
  const buttons = library.details.locator('.button-row')
  await expect(buttons.getByRole('button', { name: 'Copy link' })).toHaveClass(/primary/)
  await expect(buttons.getByRole('button', { name: 'Share…' })).toBeVisible()
  await expect(buttons.getByRole('button', { name: 'Copy embed code' })).toHaveCount(0)
  await snapshotLaptop(page, 'library-details-share', EVERY_SIZE)

  await buttons.getByRole('button', { name: 'Share…' }).click()
  await expect(shareSheet(page)).toBeVisible()
  await expect.poll(() => lastShared(host)).toEqual([refOf(key)])
  await page.keyboard.press('Escape')
  await expect(shareSheet(page)).toBeHidden()
  // The sheet's Escape is its own: the details stay open, and focus is back on the button.
  await expect(library.details).toBeVisible()
  await expect(buttons.getByRole('button', { name: 'Share…' })).toBeFocused()
})

test('grid: Ctrl/Cmd-click toggles, Shift-click selects the range, the bar shares them in order, Escape and Clear let go', async ({ app, host, page }) => {
  const library = await openLibrary(page, app)
  const grid = page.getByRole('listbox', { name: 'Library items' })
  await expect(grid).toHaveAttribute('aria-multiselectable', 'true')
  const tiles = library.entries
  const keys = await keysOf(tiles)

  // A plain click is as before: one item, its details.
  await tiles.nth(0).click()
  await expect(library.details).toBeVisible()
  await expect(tiles.nth(0)).toHaveAttribute('aria-selected', 'true')
  await expect(selectionBar(page)).toBeHidden()

  // Ctrl/Cmd-click adds: two selected, the details give way to the bar.
  await tiles.nth(2).click({ modifiers: [modifier] })
  await expect(library.details).toBeHidden()
  await expect(selectionBar(page)).toContainText('2 selected')
  await expect(tiles.nth(0).locator('.tile-check')).toBeVisible()
  await expect(tiles.nth(1)).toHaveAttribute('aria-selected', 'false')

  // Shift-click: the range from the item last toggled, in the order shown.
  await tiles.nth(6).click({ modifiers: ['Shift'] })
  await expect(selectionBar(page)).toContainText('5 selected')
  const selected = await tiles.evaluateAll((elements) => elements.filter((element) => element.getAttribute('aria-selected') === 'true').map((element) => element.getAttribute('data-key')))
  expect(selected).toEqual(keys.slice(2, 7))
  // The last row of tiles stays above the bar: the bar sits under the list, not over it.
  const [bar, scroller] = [await selectionBar(page).boundingBox(), await library.scroller.boundingBox()]
  expect(bar && scroller && bar.y >= scroller.y + scroller.height).toBe(true)
  await snapshotLaptop(page, 'library-multi-select-grid', EVERY_SIZE)

  // Ctrl/Cmd-click on a selected item takes it out.
  await tiles.nth(4).click({ modifiers: [modifier] })
  await expect(selectionBar(page)).toContainText('4 selected')
  await selectionBar(page).getByRole('button', { name: 'Share…' }).click()
  await expect(shareSheet(page)).toBeVisible()
  await expect.poll(() => lastShared(host)).toEqual([keys[2], keys[3], keys[5], keys[6]].map(refOf))
  await page.keyboard.press('Escape')
  await expect(shareSheet(page)).toBeHidden()
  // The sheet took that Escape; the next one clears the selection.
  await expect(selectionBar(page)).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(selectionBar(page)).toBeHidden()
  await expect(grid.locator('[aria-selected="true"]')).toHaveCount(0)

  // Ctrl/Cmd+A with focus in the list selects every item shown; Clear lets go.
  await tiles.nth(1).click({ modifiers: [modifier] })
  await page.keyboard.press(`${modifier}+a`)
  await expect(selectionBar(page)).toContainText('36 selected')
  await selectionBar(page).getByRole('button', { name: 'Clear the selection' }).click()
  await expect(selectionBar(page)).toBeHidden()
})

test('list: Shift+arrows extend, Space toggles, rows are marked; another search or folder starts with nothing selected', async ({ app, host, page }) => {
  const library = await openLibrary(page, app)
  await library.showAs('List')
  await expect(library.table).toHaveAttribute('aria-multiselectable', 'true')
  const row = async (position: number): Promise<Locator> => library.row(position)
  const keys = await keysOf(library.entries)

  await (await row(1)).focus()
  await page.keyboard.press('Shift+ArrowDown')
  await page.keyboard.press('Shift+ArrowDown')
  await expect(selectionBar(page)).toContainText('3 selected')
  await expect(await row(3)).toBeFocused()
  // Plain arrows move without selecting; Space adds the item there.
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Space')
  await expect(selectionBar(page)).toContainText('4 selected')
  for (const position of [1, 2, 3, 5]) await expect(await row(position)).toHaveAttribute('aria-selected', 'true')
  await expect(await row(4)).toHaveAttribute('aria-selected', 'false')
  await snapshotLaptop(page, 'library-multi-select-list', EVERY_SIZE)
  // Shift+ArrowUp from there moves the range from its anchor (the item Space added).
  await page.keyboard.press('Shift+ArrowUp')
  await expect(selectionBar(page)).toContainText('2 selected')
  await selectionBar(page).getByRole('button', { name: 'Share…' }).click()
  await expect.poll(() => lastShared(host)).toEqual([keys[3], keys[4]].map(refOf))
  await page.keyboard.press('Escape')

  // Another order keeps the selection (the same items); another search lets go.
  await library.columnHeader('Name').getByRole('button').click()
  await expect(selectionBar(page)).toContainText('2 selected')
  await library.search.fill('a')
  await expect(selectionBar(page)).toBeHidden()
  await library.search.fill('')
  await (await row(1)).click()
  await (await row(2)).click({ modifiers: [modifier] })
  await expect(selectionBar(page)).toContainText('2 selected')
  const folders = page.getByRole('list', { name: 'Library folders' }).getByRole('button')
  await folders.nth(1).click()
  await expect(selectionBar(page)).toBeHidden()
})

test.describe('a library of 10,000 items', () => {
  test.use({ emulatorOptions: { seed: 10_000 } })

  test('Shift-click selects a range through the whole list, not just the tiles drawn; Ctrl/Cmd+A selects all', async ({ app, page }) => {
    test.setTimeout(150_000)
    const library = new LibraryPage(page)
    await app.goTo('library')
    await expect(library.summary).toHaveText('10,000 items', { timeout: 90_000 })
    await library.entries.first().click()
    await library.entries.first().press('End')
    const last = library.entries.last()
    await expect(last).toBeFocused()
    // Not drawn: the items between the first and the last.
    expect(await library.entries.count()).toBeLessThan(120)
    const started = Date.now()
    await last.click({ modifiers: ['Shift'] })
    await expect(selectionBar(page)).toContainText('10,000 selected')
    const took = Date.now() - started
    test.info().annotations.push({ type: 'range of 10,000', description: `${String(took)} ms to the bar` })
    expect(took).toBeLessThan(1_500)

    await page.keyboard.press('Escape')
    await expect(selectionBar(page)).toBeHidden()
    await last.click({ modifiers: [modifier] })
    await page.keyboard.press(`${modifier}+a`)
    await expect(selectionBar(page)).toContainText('10,000 selected')
    // The sheet takes at most 1,000 items at once: the bar says so instead of failing.
    await expect(selectionBar(page).getByRole('button', { name: 'Share…' })).toBeDisabled()
    await expect(selectionBar(page)).toContainText('Select up to 1,000 to share')
  })
})
