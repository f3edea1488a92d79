import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { LibraryPage } from './pages/library-page'
import { addClientFolders, LONG_NAME } from './support/client-folders'
import { EVERY_SIZE, MINIMUM_SIZE, snapshotLaptop } from './support/snapshot-laptop'

/*
 * The window at every size with an agency's library: the sidebar with 30 client folders (a filter,
 * "Show all", names cut but never counts, Account and Settings always in the window), the icon
 * rail under 900 px, the library toolbar and the status strip at the minimum size, and the
 * plan's numbers written one way. The keyboard is keyboard.spec.ts.
 */

const count = (value: number): string => value.toLocaleString('en-US')

/** Boxes of the elements matched that reach past the viewport's right edge or start left of `left`. */
async function outside(locator: Locator, left: number): Promise<string[]> {
  return locator.evaluateAll(
    (elements, start) =>
      elements
        .filter((element) => {
          const box = element.getBoundingClientRect()
          return box.width > 0 && (box.right > window.innerWidth + 0.5 || box.left < start - 0.5)
        })
        .map((element) => element.outerHTML.slice(0, 80)),
    left
  )
}

async function sidebarRight(page: Page): Promise<number> {
  return page.locator('.sidebar').evaluate((element) => element.getBoundingClientRect().right)
}

/** Whether an element shows its whole text (nothing cut by an ellipsis or the sidebar's edge). */
async function whole(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect()
    const sidebar = element.closest('.sidebar')?.getBoundingClientRect()
    return element.scrollWidth <= element.clientWidth + 0.5 && (!sidebar || box.right <= sidebar.right)
  })
}

test.describe('an agency with a folder per client', () => {
  test.use({ signedIn: true, viewport: { width: 1280, height: 800 } })

  test('the sidebar lists 8 folders with a filter and "Show all"; names are cut with the full name on hover, counts never; Account and Settings stay in the window', async ({
    app,
    emulator,
    page
  }) => {
    test.setTimeout(240_000)
    const { folders, items } = await addClientFolders(emulator, app, page)
    const total = folders.length + 5
    const list = page.getByRole('list', { name: 'Library folders' })
    const folderButtons = list.getByRole('button')
    await expect(folderButtons).toHaveCount(8)
    const showAll = page.getByRole('button', { name: `Show all ${total}` })
    await expect(showAll).toHaveAttribute('aria-expanded', 'false')

    // The Library's count is the whole count, never "4" of "40".
    const libraryCount = app.navButton('library').locator('.nav-count')
    await expect(libraryCount).toHaveText(count(items))
    expect(await whole(libraryCount)).toBe(true)

    // Typing filters (case ignored); a filter with no match says so.
    const filter = page.getByRole('searchbox', { name: 'Filter folders' })
    await filter.fill('bella')
    await expect(folderButtons).toHaveCount(1)
    const long = list.getByRole('button', { name: LONG_NAME })
    await expect(long).toHaveAttribute('title', `${LONG_NAME} · 1 item`)
    expect(await whole(long.locator('.nav-label'))).toBe(false)
    expect(await whole(long.locator('.nav-count'))).toBe(true)
    await filter.fill('no such client')
    await expect(folderButtons).toHaveCount(0)
    await expect(page.getByText('No folder matches “no such client”')).toBeVisible()
    await filter.fill('')

    // "Show all": every folder, in its own scrolling block; the views below it stay in the window.
    await showAll.click()
    await expect(page.getByRole('button', { name: 'Show fewer' })).toHaveAttribute('aria-expanded', 'true')
    await expect(folderButtons).toHaveCount(total)
    for (const size of EVERY_SIZE) {
      await page.setViewportSize(size)
      for (const view of ['account', 'settings'] as const) {
        await expect(app.navButton(view)).toBeInViewport({ ratio: 1 })
      }
      await expect(app.accountMenu).toBeInViewport({ ratio: 1 })
    }
    // The rail (720 px) has its own folder panel: back at full width the list starts short again.
    await page.setViewportSize({ width: 1280, height: 800 })
    await showAll.click()
    await expect(folderButtons).toHaveCount(total)
    for (const countLabel of await list.locator('.nav-count').all()) {
      await countLabel.scrollIntoViewIfNeeded()
      expect(await whole(countLabel)).toBe(true)
    }

    // Opening a folder past the first eight keeps it listed once the list is short again.
    await list.getByRole('button', { name: 'Client 27' }).click()
    await page.getByRole('button', { name: 'Show fewer' }).click()
    await expect(folderButtons).toHaveCount(9)
    await expect(list.getByRole('button', { name: 'Client 27' })).toHaveAttribute('aria-current', 'page')
    await expect(new LibraryPage(page).summary).toHaveText('1 item in Client 27')

    await app.goTo('library')
    await snapshotLaptop(page, 'agency-library', EVERY_SIZE)
    for (const view of ['publish', 'account', 'settings'] as const) {
      await app.goTo(view)
      await expect(app.heading(view)).toBeVisible()
      await snapshotLaptop(page, `agency-${view}`, EVERY_SIZE)
    }
  })

  test('under 900 px the sidebar is a rail of named icons; its folders open beside it; nothing runs off the window or under the rail', async ({
    app,
    emulator,
    page
  }) => {
    test.setTimeout(180_000)
    await addClientFolders(emulator, app, page)
    await page.setViewportSize({ width: 900, height: 700 })
    await expect(page.getByRole('list', { name: 'Library folders' })).toBeVisible()
    await page.setViewportSize({ width: 899, height: 700 })
    await expect(page.getByRole('list', { name: 'Library folders' })).toHaveCount(0)
    await page.setViewportSize(MINIMUM_SIZE)
    expect(await sidebarRight(page)).toBeLessThanOrEqual(64)

    // Each icon keeps its name (for screen readers) and shows it as a tooltip.
    for (const [view, title] of [
      ['publish', 'Publish'],
      ['library', /^Library · [\d,]+ items$/],
      ['account', 'Account'],
      ['settings', 'Settings']
    ] as const) {
      await expect(app.navButton(view)).toHaveAttribute('title', title)
      await expect(app.navButton(view)).toBeInViewport({ ratio: 1 })
    }
    // The plan's room is a compact gauge, its words in the tooltip; the account menu opens.
    await expect(page.getByTestId('quota').locator('[data-kind="Flipbook"]')).toHaveAttribute('title', /^Flipbooks: [\d,]+ left · [\d,]+ of [\d,]+ used$/)
    await expect(page.getByRole('meter', { name: 'Flipbooks used' })).toBeVisible()
    await app.openAccountMenu()
    await expect(page.getByRole('menuitem', { name: 'About FlipDrop' })).toBeInViewport({ ratio: 1 })
    await page.keyboard.press('Escape')

    // The folders: a panel beside the rail, with the filter; choosing one closes it.
    const foldersButton = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Folders', exact: true })
    await foldersButton.click()
    await expect(foldersButton).toHaveAttribute('aria-expanded', 'true')
    const flyout = page.getByRole('group', { name: 'Folders' })
    await expect(flyout.getByRole('searchbox', { name: 'Filter folders' })).toBeFocused()
    await page.keyboard.type('client 3')
    await expect(flyout.getByRole('list', { name: 'Library folders' }).getByRole('button')).toHaveCount(1)
    expect(await outside(flyout, 0)).toEqual([])
    await flyout.getByRole('button', { name: 'Client 30' }).click()
    await expect(flyout).toHaveCount(0)
    await expect(new LibraryPage(page).summary).toHaveText('1 item in Client 30')
    await expect(foldersButton).toHaveAttribute('title', 'Folders · Client 30')

    // The library's toolbar wraps inside the window, right of the rail.
    const left = await sidebarRight(page)
    expect(await outside(page.locator('.library-toolbar, .library-toolbar *'), left)).toEqual([])
    await snapshotLaptop(page, 'rail-library', [MINIMUM_SIZE])
    await foldersButton.click()
    await snapshotLaptop(page, 'rail-folders', [MINIMUM_SIZE])
  })

  test('at the minimum size the status strip puts "Try now" under its words, inside the window', async ({ app, emulator, page }) => {
    test.setTimeout(120_000)
    await expect(app.heading('publish')).toBeVisible()
    emulator.faults.add({ route: '*', kind: 'reset-request', count: 'always' })
    await app.goTo('account')
    const strip = page.getByTestId('status-strip')
    const tryNow = strip.getByRole('button', { name: 'Try now' })
    await expect(tryNow).toBeVisible({ timeout: 30_000 })
    const words = strip.locator('.status-words')
    // Wide: beside the words. Narrow: under them, lined up with them.
    let [button, text] = [await tryNow.boundingBox(), await words.boundingBox()]
    expect(button && text && button.x >= text.x + text.width).toBe(true)
    await page.setViewportSize(MINIMUM_SIZE)
    await expect(async () => {
      ;[button, text] = [await tryNow.boundingBox(), await words.boundingBox()]
      expect(button && text && button.y >= text.y + text.height && Math.abs(button.x - text.x) < 1).toBe(true)
    }).toPass()
    expect(await outside(page.locator('.status-strip, .status-strip *'), await sidebarRight(page))).toEqual([])
    await snapshotLaptop(page, 'strip-minimum', [MINIMUM_SIZE])
  })
})

test.describe('an account holding more than its plan allows', () => {
  test.use({ signedIn: true, emulatorOptions: { maxItems: { flipbooks: 10, documents: 100 } }, viewport: { width: 1280, height: 800 } })

  test('says how many are published and what the plan allows, and "none left", the same in the sidebar and on Account', async ({ app, emulator, page }) => {
    const flipbooks = [...emulator.state.items.values()].filter((item) => item.docType === 'Flipbook').length
    expect(flipbooks).toBeGreaterThan(10)
    await app.goTo('account')
    const sidebar = page.getByTestId('quota').locator('[data-kind="Flipbook"]')
    const used = `${count(flipbooks)} published, more than the plan’s 10`
    await expect(sidebar).toContainText('none left', { timeout: 30_000 })
    await expect(sidebar).toContainText(used)
    const gauge = page.locator('.quota-gauge[data-kind="Flipbooks"]')
    await expect(gauge).toContainText('none left')
    await expect(gauge).toContainText(used)
    await expect(page.getByText(/\b0 left\b/)).toHaveCount(0)
  })
})
