import { mkdtempSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { DETAIL_GROUP_FIELDS, DETAIL_GROUP_IDS } from '../../src-shared/domain/service/item-details'
import { makePdf } from '../emulator/fixtures/make-pdf'
import { startTestHost } from '../host/test-host'
import { deleteOnServer } from '../support/delete-on-server'
import type { TestCa } from '../support/test-ca'
import { E2E_KEY, expect, test as plainTest } from './fixtures'
import { LibraryPage, type LibraryColumn } from './pages/library-page'
import { seriousFindings } from './support/a11y'
import { snapshotBoth } from './support/snapshot-both'
import { fetchOverTls, tlsTest as test } from './support/tls-test'
import { screenshotPath } from './support/screenshots'
import { snapshotLaptop } from './support/snapshot-laptop'

const dropDir = mkdtempSync(join(tmpdir(), 'flipdrop-e2e-library-'))
const saveDir = mkdtempSync(join(tmpdir(), 'flipdrop-e2e-saved-'))
const count = (value: number): string => value.toLocaleString('en-US')
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' })
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })

/** API field names a person would recognise as such: camel case, underscores, acronyms (`IsShareWeChat`, `CreatedOn`, `PwdTitle`). */
const API_NAMES = DETAIL_GROUP_IDS.flatMap((id) => DETAIL_GROUP_FIELDS[id]).filter((key) => /[a-z][A-Z]|_|^[A-Z]{2}/.test(key))

async function visibleText(page: Page, testId: string): Promise<string> {
  return page.getByTestId(testId).evaluate((element) => (element as HTMLElement).innerText)
}

test.describe('a library of 10,000 items', () => {
  test.use({ signedIn: true, tlsHostOptions: { dropDir }, tlsEmulatorOptions: { seed: 10_000 }, viewport: { width: 1280, height: 900 } })

  test('syncs to the end, searches, filters by a sidebar folder, and the list table sorts by every column both ways', async ({ app, emulator, page }) => {
    test.setTimeout(180_000)
    const library = new LibraryPage(page)
    await app.goTo('library')
    const items = [...emulator.state.items.values()]
    const total = items.length
    await expect(library.summary).toHaveText(`${count(total)} items`, { timeout: 90_000 })
    await expect(library.syncStatus).toContainText('Last synced', { timeout: 60_000 })
    // Virtualized: a few dozen tiles exist in the page, not 10,000.
    expect(await library.entries.count()).toBeLessThan(120)

    // Search: the local answer at once; the summary counts what the list shows, nothing else.
    const target = items[4321]
    if (!target) throw new Error('the seed has items')
    await library.search.fill(target.name)
    await expect(library.entry(target.name)).toBeVisible()
    await expect(library.summary).toHaveText(new RegExp(`^[\\d,]+ match(es)? of ${count(total)} items$`))
    await library.search.fill('')

    // The folder filter lives in the sidebar; its count is the summary's.
    const folders = new Map<string, number>()
    for (const item of items) folders.set(item.folder, (folders.get(item.folder) ?? 0) + 1)
    const [folder, inFolder] = [...folders].filter(([name]) => name !== '').sort((a, b) => b[1] - a[1])[0] ?? ['', 0]
    await page.getByRole('list', { name: 'Library folders' }).getByRole('button', { name: folder }).click()
    await expect(library.summary).toHaveText(`${count(inFolder)} items in ${folder}`)
    await page.getByRole('button', { name: 'Show all' }).click()
    await expect(library.summary).toHaveText(`${count(total)} items`)

    // The list is a table: each column's header sorts it, both ways; the first row is the service's extreme.
    await library.showAs('List')
    await expect(library.table).toBeVisible()
    const byName = [...items].sort((a, b) => collator.compare(a.name, b.name))
    const folderKey = (name: string): string => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
    const named = items.filter((item) => item.folder !== '').sort((a, b) => (folderKey(a.folder) < folderKey(b.folder) ? -1 : folderKey(a.folder) > folderKey(b.folder) ? 1 : 0))
    const extreme = (read: (item: (typeof items)[number]) => number, largest: boolean): number =>
      items.reduce((best, item) => (largest ? Math.max(best, read(item)) : Math.min(best, read(item))), largest ? -Infinity : Infinity)
    const expectations: [LibraryColumn, 'ascending' | 'descending', string][] = [
      ['Name', 'ascending', byName[0]?.name ?? ''],
      ['Name', 'descending', byName.at(-1)?.name ?? ''],
      ['Folder', 'ascending', named[0]?.folder ?? ''],
      ['Folder', 'descending', named.at(-1)?.folder ?? ''],
      ['Kind', 'ascending', 'Document'],
      ['Kind', 'descending', 'Flipbook'],
      ['Pages', 'ascending', count(extreme((item) => item.pages, false))],
      ['Pages', 'descending', count(extreme((item) => item.pages, true))],
      ['Views', 'ascending', count(extreme((item) => item.views, false))],
      ['Views', 'descending', count(extreme((item) => item.views, true))],
      ['Leads', 'ascending', count(extreme((item) => item.leads, false))],
      ['Leads', 'descending', count(extreme((item) => item.leads, true))],
      ['Created', 'ascending', day.format(extreme((item) => item.createdMs, false))],
      ['Created', 'descending', day.format(extreme((item) => item.createdMs, true))]
    ]
    for (const [column, order, first] of expectations) {
      await library.sortByColumn(column, order)
      await expect(library.columnHeader(column)).toHaveAttribute('aria-sort', order)
      await expect(library.cell(await library.row(1), column), `${column} ${order}`).toHaveText(first)
    }
    // Only the sorted column says so.
    await expect(library.table.locator('[role="columnheader"][aria-sort]')).toHaveCount(1)

    // Scrolled to the very end, the last items render.
    await library.scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight))
    await expect(library.table.locator(`[role="row"][aria-rowindex="${total + 1}"]`)).toBeVisible()
  })
})

test.describe('acting on items', () => {
  test.use({ signedIn: true, tlsHostOptions: { dropDir }, tlsEmulatorOptions: { seed: 40 } })

  test('details for people: cover, link and numbers first, groups in words, no API field name, the number only under Technical details', async ({ app, host, emulator, page }) => {
    const library = new LibraryPage(page)
    await app.goTo('library')
    await expect(library.syncStatus).toContainText('Last synced', { timeout: 30_000 })
    const item = [...emulator.state.items.values()][3]
    if (!item) throw new Error('the seed has items')
    // Every credential set on the service: none of their values may reach the page.
    const secrets = { Password: 'pw-e2e-secret-1', SaleGatewayKey: 'sgk-e2e-secret-2', SaleGatewaySecret: 'sgs-e2e-secret-3', AIKey: 'ai-e2e-secret-4', TwillioAPIKey: 'tw-e2e-secret-5' }
    Object.assign(item.settings, secrets, { IsPasswordProtected: true, PwdTitle: 'Members only', IsShareWeChat: false, ColorPanel: '#FF6A00' })

    await library.search.fill(item.name)
    await library.entry(item.name).click()
    await expect(library.details.getByRole('heading', { level: 2 })).toHaveText(item.name)
    await expect(library.details.getByTestId('item-cover')).toBeVisible()
    await expect(library.details.getByRole('button', { name: 'Copy link' })).toBeVisible()
    await expect(library.details.locator('.details-stats dt')).toHaveText(['Views', 'Leads', 'Pages', 'Created'])
    await expect(library.details.locator('[data-group="password"] .group-state')).toHaveText('On')
    await expect(library.details.locator('[data-group="call-to-action"]')).toContainText('Off')

    // Groups closed, then every one of them open: words, never the API's spelling.
    const closed = await visibleText(page, 'item-details')
    await library.openAllGroups()
    const opened = await visibleText(page, 'item-details')
    for (const text of [closed, opened]) for (const name of API_NAMES) expect(text, name).not.toMatch(new RegExp(`\\b${name}\\b`))
    expect(closed).not.toContain('Item number')
    await expect(library.details.locator('[data-group="technical"]')).toContainText('Item number')
    await expect(library.details.locator('[data-group="technical"] [data-field="ID"]')).toHaveText(String(item.id))
    await expect(library.details.locator('[data-group="password"] [data-field="PwdTitle"]')).toHaveText('Members only')
    await expect(library.details.locator('[data-group="appearance"] [data-field="ColorPanel"] .swatch')).toBeVisible()
    await expect(library.details.locator('[data-all-field="Password"]')).toHaveText('Set')
    await expect(library.details.locator('[data-all-field="AIKey"]')).toHaveText('Set')
    await expect(library.details.locator('[data-all-field="IsShareWeChat"]')).toHaveText('Off')
    const html = await page.content()
    for (const secret of Object.values(secrets)) expect(html).not.toContain(secret)
    expect(host.transcript.map((entry) => JSON.stringify(entry.reply)).join('\n')).not.toContain('e2e-secret')
    await snapshotLaptop(page, 'library-details-open')
  })

  test('copy link, open by link (URL, custom domain, slug) and the keyboard', async ({ app, host, emulator, ca, page }) => {
    const library = new LibraryPage(page)
    await app.goTo('library')
    await expect(library.syncStatus).toContainText('Last synced', { timeout: 30_000 })
    const item = [...emulator.state.items.values()][3]
    if (!item) throw new Error('the seed has items')
    await library.search.fill(item.name)
    await library.entry(item.name).click()
    await library.details.getByRole('button', { name: 'Copy link' }).click()
    await expect.poll(() => host.copiedTexts.at(-1)).toBe(await library.details.getByTestId('details-link').textContent())
    // The embed code is the Share sheet's now: the details keep Copy link as the quick action.
    await expect(library.details.getByRole('button', { name: 'Copy embed code' })).toHaveCount(0)

    // Keyboard: Ctrl+F finds, arrows move, Enter opens, Ctrl+C copies the focused item's link.
    await library.search.fill('')
    await page.keyboard.press('Control+f')
    await expect(library.search).toBeFocused()
    await library.entries.first().focus()
    await page.keyboard.press('ArrowRight')
    const second = library.entries.nth(1)
    await expect(second).toBeFocused()
    await page.keyboard.press('Enter')
    const secondName = (await second.locator('.entry-name').textContent()) ?? ''
    await expect(library.details.getByRole('heading', { level: 2 })).toHaveText(secondName)
    await second.focus()
    await page.keyboard.press('Control+c')
    await expect.poll(() => host.copiedTexts.at(-1)).toBe(await library.details.getByTestId('details-link').textContent())

    // Open by link: the viewer URL, a custom-domain URL and the bare slug all find the item.
    const other = [...emulator.state.items.values()][7]
    if (!other) throw new Error('the seed has items')
    const viewerUrl = (await recordOf(emulator.baseUrl, other.id, ca))['FullURL'] as string
    for (const link of [viewerUrl, `https://flipbooks.northwind.example/${other.slug}`, other.slug]) {
      await library.details.getByRole('button', { name: 'Close details' }).click()
      await library.openByLink(link)
      // A link not in the synced library is asked of the service: on a loaded machine that took over 5 s once.
      await expect(library.details.getByRole('heading', { level: 2 })).toHaveText(other.name, { timeout: 15_000 })
    }
    await library.openByLink('no-such-slug-anywhere')
    await expect(page.getByRole('alert')).toBeVisible()
  })

  test('duplicate says what it costs and asks; download the PDF, then "Show in folder" shows the file saved', async ({ app, host, emulator, ca, page }) => {
    test.setTimeout(60_000)
    const library = new LibraryPage(page)
    await app.goTo('library')
    await expect(library.syncStatus).toContainText('Last synced', { timeout: 30_000 })
    const item = [...emulator.state.items.values()][0]
    if (!item) throw new Error('the seed has items')
    const before = emulator.state.items.size
    const left = emulator.state.quota(E2E_KEY, 'Flipbook').left
    await library.search.fill(item.name)
    await library.entry(item.name).click()

    await library.details.getByLabel('Copies').fill('25')
    await library.details.getByRole('button', { name: 'Duplicate' }).click()
    const ask = page.getByRole('dialog', { name: `Make 25 copies of “${item.name}”?` })
    await expect(ask).toContainText(`This uses 25 of your ${count(left)} remaining flipbooks.`)
    await snapshotLaptop(page, 'library-duplicate-question')
    await ask.getByRole('button', { name: 'Cancel' }).click()
    expect(emulator.state.requests.some((entry) => entry.path.startsWith('/api/duplicate/'))).toBe(false)
    expect(emulator.state.items.size).toBe(before)

    await library.details.getByRole('button', { name: 'Duplicate' }).click()
    await ask.getByRole('button', { name: 'Make 25 copies' }).click()
    await expect(library.details.getByTestId('duplicates').locator('li')).toHaveCount(25, { timeout: 20_000 })
    expect(emulator.state.items.size).toBe(before + 25)

    const target = join(saveDir, `${item.id}.pdf`)
    host.saveNext(target)
    await library.details.getByRole('button', { name: 'Download PDF' }).click()
    const saved = page.getByTestId('toast').filter({ hasText: 'Saved' })
    await expect(saved).toBeVisible({ timeout: 15_000 })
    const stored = await fetchOverTls(await pdfUrlOf(emulator.baseUrl, item.id, ca), ca, null)
    expect(Buffer.compare(await readFile(target), stored)).toBe(0)
    // The finished download offers "Show in folder": the file, selected in the file manager.
    // Pictures of the toast only (the library behind it is another area's: its axe scan is library-details-open's).
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme })
      await saved.screenshot({ path: screenshotPath(`library-download-saved-${colorScheme}.png`) })
    }
    await saved.getByRole('button', { name: /^Show in folder/ }).click()
    await expect.poll(() => host.shownInFolder).toEqual([target])
  })

  test('a PDF dropped on an item: the cover beside the new first page, asked; Undo sends nothing; confirmed, same ID and link', async ({ app, host, emulator, ca, page }) => {
    test.setTimeout(60_000)
    const library = new LibraryPage(page)
    await app.goTo('library')
    await expect(library.syncStatus).toContainText('Last synced', { timeout: 30_000 })
    const item = [...emulator.state.items.values()][0]
    if (!item) throw new Error('the seed has items')
    const link = (await recordOf(emulator.baseUrl, item.id, ca))['FullURL']
    const replacement = join(dropDir, 'new-version.pdf')
    const bytes = await makePdf(3, 'new version')
    await writeFile(replacement, bytes)
    await library.search.fill(item.name)
    await expect(library.entry(item.name).getByTestId('item-cover')).toBeVisible()
    const replaces = (): number => emulator.state.requests.filter((entry) => entry.path.startsWith('/api/replace-pdf')).length

    // Dropped: nothing is sent; the question shows the cover now and the new file's first page.
    await library.dropOn(library.entry(item.name), 'new-version.pdf')
    await expect(library.replaceDialog).toBeVisible()
    await expect(library.replaceDialog).toContainText(item.name)
    await expect(library.replaceDialog).toContainText('The link stays the same')
    const cover = library.replaceDialog.getByTestId('replace-now').locator('img')
    await expect(cover).toHaveAttribute('src', /^blob:/)
    await expect(library.replaceDialog.getByTestId('replace-new')).toHaveAttribute('data-state', 'ready', { timeout: 15_000 })
    await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(1)
    await snapshotLaptop(page, 'library-replace-question')
    expect(replaces()).toBe(0)

    // Confirmed, then undone within the Undo window: nothing was sent, and no job is left.
    await library.replaceDialog.getByRole('button', { name: 'Replace' }).click()
    const undoToast = page.getByTestId('toast').filter({ hasText: 'gets its new PDF' })
    await undoToast.getByRole('button', { name: /Undo/ }).click()
    await expect(page.getByTestId('toast').filter({ hasText: 'keeps its current PDF. Nothing was sent.' })).toBeVisible()
    await page.waitForTimeout(1_000)
    expect(replaces()).toBe(0)
    expect(host.core.uploads.list().jobs.filter((job) => job.targetItemId === item.id)).toEqual([])

    // Dropped again and confirmed: after the Undo window the same item gets the new PDF, same link.
    await library.dropOn(library.entry(item.name), 'new-version.pdf')
    await library.replaceDialog.getByRole('button', { name: 'Replace' }).click()
    await expect.poll(() => host.core.uploads.list().jobs.find((job) => job.targetItemId === item.id)?.state, { timeout: 30_000 }).toBe('done')
    expect(replaces()).toBe(1)
    expect((await recordOf(emulator.baseUrl, item.id, ca))['FullURL']).toBe(link)
    const served = await fetchOverTls(await pdfUrlOf(emulator.baseUrl, item.id, ca), ca, null)
    expect(Buffer.compare(served, Buffer.from(bytes))).toBe(0)
  })

  test('rows only the service\'s search found leave when a full sync completes', async ({ app, emulator, page }) => {
    const library = new LibraryPage(page)
    await app.goTo('library')
    await expect(library.syncStatus).toContainText('Last synced', { timeout: 30_000 })
    const template = [...emulator.state.items.values()][0]
    if (!template) throw new Error('the seed has items')
    // Made on the service after the sync: only the service's search can know it.
    const { id: _id, slug: _slug, ...draft } = template
    const ghost = emulator.state.addItem({ ...draft, name: 'Ghost Lookbook', title: 'Ghost Lookbook', folder: '', settings: {} }, 'base')
    await library.search.fill('Ghost Lookbook')
    await expect(library.entry('Ghost Lookbook')).toBeVisible({ timeout: 10_000 })
    await expect(library.summary).toHaveText('1 match of 41 items')

    // Gone from the service; the next complete sync takes the row away, and the counts agree.
    deleteOnServer(emulator, [ghost.id])
    await library.syncButton.click()
    await expect(library.entry('Ghost Lookbook')).toHaveCount(0, { timeout: 20_000 })
    await expect(library.summary).toHaveText('0 matches of 40 items')
    await expect(page.getByTestId('empty-library')).toContainText('Nothing matches “Ghost Lookbook”')
  })
})

plainTest.describe('offline', () => {
  plainTest.use({ signedIn: true, emulatorOptions: { seed: 60 } })

  plainTest('covers fetched by main over plain http stay in the data folder: a restart without the service shows them, "as of" its last sync', async ({
    app,
    emulator,
    host,
    keychain,
    page
  }) => {
    const library = new LibraryPage(page)
    await app.goTo('library')
    await expect(library.syncStatus).toContainText('Last synced', { timeout: 30_000 })
    await expect(library.summary).toHaveText('60 items')
    expect(emulator.baseUrl).toMatch(/^http:\/\//)
    // The page itself never asks the service's hosts: main fetches, the page shows blob: URLs.
    const pageRequests: string[] = []
    page.on('request', (request) => pageRequests.push(request.url()))
    const covers = page.getByTestId('item-cover')
    await expect.poll(() => covers.count(), { timeout: 15_000 }).toBeGreaterThan(5)
    await expect
      .poll(() => covers.evaluateAll((images) => images.every((image) => image instanceof HTMLImageElement && image.complete && image.naturalWidth > 0)))
      .toBe(true)
    expect(await covers.first().getAttribute('src')).toMatch(/^blob:/)
    expect(pageRequests.filter((url) => url.startsWith(emulator.baseUrl) || url.startsWith(emulator.documentUrl))).toEqual([])

    // The app quits; the service goes away; the app starts again on the same data folder.
    const userId = emulator.state.accountOf(E2E_KEY)?.userId ?? ''
    await host.close()
    await emulator.close()
    await keychain.set(userId, E2E_KEY)
    const again = await startTestHost({ userDataDir: host.userDataDir, core: { keychain } })
    try {
      await page.goto(again.url)
      await app.goTo('library')
      await expect(library.summary).toHaveText('60 items')
      await expect(library.syncStatus).toContainText('As of', { timeout: 20_000 })
      // Every tile in view has its cover from disk (how many are in view depends on the offline strip above them).
      await expect.poll(() => covers.count(), { timeout: 15_000 }).toBeGreaterThan(5)
      await expect.poll(() => page.getByTestId('item-cover-placeholder').count(), { timeout: 15_000 }).toBe(0)
      expect(await covers.count()).toBe(await page.getByTestId('library-entry').count())
      expect(await covers.first().getAttribute('src')).toMatch(/^blob:/)
      // One status model: no offline paragraph in the library (the app-wide strip says it).
      await expect(page.locator('.library-view')).not.toContainText(/offline|cannot be reached/i)
      await snapshotLaptop(page, 'library-offline')
    } finally {
      await again.close()
    }
  })
})

plainTest.describe('a new account', () => {
  plainTest.use({ signedIn: true, emulatorOptions: { seed: false } })

  plainTest('an empty library invites to publish the first PDF', async ({ app, page }) => {
    const library = new LibraryPage(page)
    await app.goTo('library')
    const empty = page.getByTestId('empty-library')
    await expect(empty).toContainText('No flipbooks', { timeout: 20_000 })
    await snapshotLaptop(page, 'library-empty')
    await empty.getByRole('button', { name: 'Publish your first PDF' }).click()
    await expect(app.heading('publish')).toBeAttached()
    expect(await library.entries.count()).toBe(0)
  })
})

test.describe('how it looks', () => {
  test.use({ signedIn: true, tlsEmulatorOptions: { seed: 60 } })

  for (const [width, height] of [[1280, 800], [1024, 700]] as const) {
    test(`grid, list and details at ${width}×${height}: light and dark pass axe; the grid starts in the top 30 %`, async ({ app, page }) => {
      test.setTimeout(120_000)
      await page.setViewportSize({ width, height })
      const library = new LibraryPage(page)
      await app.goTo('library')
      await expect(library.syncStatus).toContainText('Last synced', { timeout: 30_000 })
      const cover = library.entries.first().getByTestId('item-cover')
      await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(1)
      const top = await library.scroller.evaluate((element) => element.getBoundingClientRect().top)
      expect(top / height).toBeLessThan(0.3)
      await snapshotBoth(page, `library-grid-${width}x${height}`)
      await library.showAs('List')
      await expect(library.table).toBeVisible()
      await snapshotBoth(page, `library-list-${width}x${height}`)
      await library.entries.first().click()
      await expect(library.details).toBeVisible()
      await expect(library.details.getByTestId('item-cover')).toBeVisible()
      await snapshotBoth(page, `library-list-details-${width}x${height}`)
      await library.showAs('Grid')
      await snapshotBoth(page, `library-details-${width}x${height}`)
      expect(await seriousFindings(page)).toEqual([])
    })
  }
})

/** The item's record as the service answers get. */
async function recordOf(baseUrl: string, id: number, ca: TestCa): Promise<Record<string, unknown>> {
  return (JSON.parse((await fetchOverTls(`${baseUrl}/api/get/${id}`, ca)).toString()) as { Item: Record<string, unknown> }).Item
}

/** The public storage URL of an item's PDF, as the service answers get-pdf. */
async function pdfUrlOf(baseUrl: string, id: number, ca: TestCa): Promise<string> {
  return (JSON.parse((await fetchOverTls(`${baseUrl}/api/get-pdf/${id}`, ca)).toString()) as { URL: string }).URL
}
