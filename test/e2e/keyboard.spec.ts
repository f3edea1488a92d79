import { mkdtempSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { contract } from '../../src-shared/contract'
import { makePdf } from '../emulator/fixtures/make-pdf'
import { expect, test } from './fixtures'
import { LibraryPage } from './pages/library-page'
import { PublishPage } from './pages/publish-page'
import { addClientFolders } from './support/client-folders'
import { snapshotBoth } from './support/snapshot-both'

/*
 * The keyboard in the window's frame: the skip link as the first Tab stop, the sidebar's folders
 * as one Tab stop, and Ctrl+O / Ctrl+L from any view (the menu's accelerators are the same keys;
 * its template is tested in test/main/glue/shell-helpers.test.ts).
 */

test.describe('the keyboard', () => {
  test.use({ signedIn: true, viewport: { width: 1280, height: 800 } })

  test('the first Tab stop skips to Add PDFs; folders are one Tab stop that arrows move inside', async ({ app, emulator, page }) => {
    test.setTimeout(120_000)
    await addClientFolders(emulator, app, page)
    // A fresh page: Tab starts from the top, as when the window opens.
    await page.reload()
    await expect(app.heading('publish')).toBeVisible()
    await page.keyboard.press('Tab')
    const skip = page.getByRole('button', { name: 'Skip to Add PDFs' })
    await expect(skip).toBeFocused()
    await expect(skip).toBeInViewport({ ratio: 1 })
    await snapshotBoth(page, 'skip-link-focused')
    await page.keyboard.press('Enter')
    await expect(page.getByRole('button', { name: 'Add PDFs…', description: 'Add PDFs… (Ctrl+O)' })).toBeFocused()

    // Elsewhere it skips to the view itself; it is out of sight until focused.
    await app.goTo('settings')
    await expect(page.getByRole('button', { name: 'Skip to main content' })).not.toBeInViewport()

    // Publish, Library, then the folders' filter and one folder, then Account.
    await page.getByRole('button', { name: 'Skip to main content' }).focus()
    await page.keyboard.press('Tab')
    await expect(app.navButton('publish')).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(app.navButton('library')).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('searchbox', { name: 'Filter folders' })).toBeFocused()
    const list = page.getByRole('list', { name: 'Library folders' })
    const folders = list.getByRole('button')
    await page.keyboard.press('Tab')
    await expect(folders.nth(0)).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    await expect(folders.nth(2)).toBeFocused()
    await page.keyboard.press('End')
    await expect(folders.nth(7)).toBeFocused()
    await page.keyboard.press('ArrowUp')
    await expect(folders.nth(6)).toBeFocused()
    await page.keyboard.press('Home')
    await expect(folders.nth(0)).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(list.locator('[tabindex="0"]')).toHaveCount(1)
    const name = (await folders.nth(1).locator('.nav-label').textContent()) ?? ''
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: /^Show all/ })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(app.navButton('watched')).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(app.navButton('account')).toBeFocused()
    // Back in: the folder last focused; Enter opens it (Space too).
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Shift+Tab')
    await expect(folders.nth(1)).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(new LibraryPage(page).summary).toHaveText(new RegExp(`^[\\d,]+ items? in ${name}$`))
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Space')
    await expect(folders.nth(2)).toHaveAttribute('aria-current', 'page')
  })

  test('Ctrl+L opens "Publish from link…" and Ctrl+O "Add PDFs…" from any view; their tooltips say so', async ({ app, host, page }) => {
    await app.goTo('library')
    await page.keyboard.press('Control+l')
    await expect(app.heading('publish')).toBeVisible()
    await expect(page.getByRole('textbox', { name: /link/i })).toBeFocused()
    await page.keyboard.press('Escape')
    await app.goTo('account')
    const path = join(mkdtempSync(join(tmpdir(), 'flipdrop-e2e-keys-')), 'Keyed in.pdf')
    await writeFile(path, await makePdf(1, 'Keyed in'))
    host.chooseNext([path])
    await page.keyboard.press('Control+o')
    await expect(app.heading('publish')).toBeVisible()
    await expect(new PublishPage(page).row('Keyed in')).toHaveAttribute('data-state', 'done', { timeout: 15_000 })
    await expect(page.getByRole('button', { name: 'Add PDFs…' })).toHaveAttribute('title', 'Add PDFs… (Ctrl+O)')
    await expect(page.getByRole('button', { name: 'Add PDFs…' })).toHaveAttribute('aria-keyshortcuts', 'Control+O Meta+O')
    await expect(page.getByRole('button', { name: 'Publish from link…' })).toHaveAttribute('title', 'Publish from link… (Ctrl+L)')
  })

  test('the File menu\'s "Publish from link…" reaches the window through app:menuCommand, from any view', async ({ app, host, page }) => {
    await app.goTo('settings')
    host.emit(contract.app.menuCommand, 'publish-from-link')
    await expect(app.heading('publish')).toBeVisible()
    await expect(page.getByRole('textbox', { name: /link/i })).toBeFocused()
  })
})
