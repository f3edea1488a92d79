import { mkdtempSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { makePdf } from '../emulator/fixtures/make-pdf'
import { startTestHost } from '../host/test-host'
import { E2E_KEY, expect } from './fixtures'
import { LibraryPage } from './pages/library-page'
import { snapshotBoth } from './support/snapshot-both'
import { fetchOverTls, tlsTest as test } from './support/tls-test'
import type { TestCa } from '../support/test-ca'

const dropDir = mkdtempSync(join(tmpdir(), 'flipdrop-e2e-library-'))
const saveDir = mkdtempSync(join(tmpdir(), 'flipdrop-e2e-saved-'))

test.describe('a library of 10,000 items', () => {
  test.use({ signedIn: true, tlsHostOptions: { dropDir }, tlsEmulatorOptions: { seed: 10_000 }, viewport: { width: 1280, height: 900 } })

  test('syncs to the end, then searches, filters by folder and sorts by every key both ways', async ({ app, emulator, page }) => {
    test.setTimeout(120_000)
    const library = new LibraryPage(page)
    await app.goTo('library')
    const total = emulator.state.items.size
    await expect(library.summary).toHaveText(`${total.toLocaleString('en-US')} items`, { timeout: 90_000 })
    await expect(library.syncStatus).toContainText('Last synced', { timeout: 60_000 })
    // Virtualized: a few dozen entries exist in the page, not 10,000.
    expect(await library.entries.count()).toBeLessThan(120)

    // Search: the local answer at once, then the service's count.
    const target = [...emulator.state.items.values()][4321]
    expect(target).toBeDefined()
    await library.search.fill(target?.name ?? '')
    await expect(library.entry(target?.name ?? '')).toBeVisible()
    await expect(library.summary).toContainText('the service found', { timeout: 20_000 })
    await library.search.fill('')

    // Folder filter: counts from the items; the shown count matches.
    const folders = new Map<string, number>()
    for (const item of emulator.state.items.values()) folders.set(item.folder, (folders.get(item.folder) ?? 0) + 1)
    const [folder, count] = [...folders].filter(([name]) => name !== '').sort((a, b) => b[1] - a[1])[0] ?? ['', 0]
    await page.getByLabel('Folder').selectOption({ label: `${folder} (${count.toLocaleString('en-US')})` })
    await expect(library.summary).toHaveText(`${count.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} items`)
    await page.getByLabel('Folder').selectOption({ index: 0 })

    // Every sort key, both ways: the first entry is the emulator's extreme for that key.
    const items = [...emulator.state.items.values()]
    const extremes: [string, (item: (typeof items)[number]) => number | string][] = [
      ['Views', (item) => item.views],
      ['Leads', (item) => item.leads]
    ]
    for (const [label, read] of extremes) {
      for (const order of ['Ascending', 'Descending'] as const) {
        await library.sortBy(label, order)
        const values = items.map(read) as number[]
        const expected = order === 'Ascending' ? Math.min(...values) : Math.max(...values)
        const first = library.entries.first().locator('dd').nth(label === 'Views' ? 0 : 1)
        await expect(first).toHaveText(expected.toLocaleString('en-US'))
      }
    }
    for (const label of ['Name', 'Kind', 'Created']) {
      for (const order of ['Ascending', 'Descending'] as const) {
        await library.sortBy(label, order)
        await expect(library.entries.first()).toBeVisible()
        const firstTwo = await library.entryNames.allTextContents()
        expect(firstTwo.length).toBeGreaterThan(1)
      }
    }
    await library.sortBy('Name', 'Ascending')
    const names = (await library.entryNames.allTextContents()).slice(0, 8)
    const sorted = [...names].sort(new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' }).compare)
    expect(names).toEqual(sorted)

    // Scrolled to the very end, the last items render.
    await library.scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight))
    await expect(library.entries.last()).toHaveAttribute('aria-posinset', String(total))
  })
})

test.describe('acting on items', () => {
  test.use({ signedIn: true, tlsHostOptions: { dropDir }, tlsEmulatorOptions: { seed: 40 } })

  test('details, copy link, open by link (URL, custom domain, slug), keyboard, and no credential value', async ({ app, host, emulator, ca, page }) => {
    const library = new LibraryPage(page)
    await app.goTo('library')
    await expect(library.syncStatus).toContainText('Last synced', { timeout: 30_000 })
    const item = [...emulator.state.items.values()][3]
    if (!item) throw new Error('the seed has items')
    // Every credential set on the service: none of their values may reach the page.
    const secrets = { Password: 'pw-e2e-secret-1', SaleGatewayKey: 'sgk-e2e-secret-2', SaleGatewaySecret: 'sgs-e2e-secret-3', AIKey: 'ai-e2e-secret-4', TwillioAPIKey: 'tw-e2e-secret-5' }
    Object.assign(item.settings, secrets)

    await library.search.fill(item.name)
    await library.entry(item.name).click()
    await expect(library.details).toContainText(item.name)
    await expect(library.details.locator('[data-field="Password"]')).toHaveText('set')
    await expect(library.details.locator('[data-field="AIKey"]')).toHaveText('set')
    const html = await page.content()
    for (const secret of Object.values(secrets)) expect(html).not.toContain(secret)
    expect(host.transcript.map((entry) => JSON.stringify(entry.reply)).join('\n')).not.toContain('e2e-secret')

    await library.details.getByRole('button', { name: 'Copy link' }).click()
    await expect.poll(() => host.copiedTexts.at(-1)).toBe(await library.details.getByTestId('details-link').textContent())
    await library.details.getByRole('button', { name: 'Copy embed code' }).click()
    await expect.poll(() => host.copiedTexts.at(-1)).toMatch(/^<iframe src="http/)

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
    const slug = other.slug
    for (const link of [viewerUrl, `https://flipbooks.northwind.example/${slug}`, slug]) {
      await library.details.getByRole('button', { name: 'Close details' }).click()
      await library.openByLink(link)
      await expect(library.details.getByRole('heading', { level: 2 })).toHaveText(other.name)
    }
    await library.openByLink('no-such-slug-anywhere')
    await expect(page.getByRole('alert')).toBeVisible()
  })

  test('duplicate 25, download the PDF, and replace it by dropping a PDF on the item: same ID and link', async ({ app, host, emulator, ca, page }) => {
    test.setTimeout(60_000)
    const library = new LibraryPage(page)
    await app.goTo('library')
    await expect(library.syncStatus).toContainText('Last synced', { timeout: 30_000 })
    const item = [...emulator.state.items.values()][0]
    if (!item) throw new Error('the seed has items')
    const before = emulator.state.items.size
    await library.search.fill(item.name)
    await library.entry(item.name).click()

    await library.details.getByLabel('Copies').fill('25')
    await library.details.getByRole('button', { name: 'Duplicate' }).click()
    await expect(library.details.getByTestId('duplicates').locator('li')).toHaveCount(25, { timeout: 20_000 })
    expect(emulator.state.items.size).toBe(before + 25)

    const target = join(saveDir, `${item.id}.pdf`)
    host.saveNext(target)
    await library.details.getByRole('button', { name: 'Download PDF' }).click()
    await expect(page.getByTestId('toast').filter({ hasText: 'Saved' })).toBeVisible({ timeout: 15_000 })
    const stored = await fetchOverTls(await pdfUrlOf(emulator.baseUrl, item.id, ca), ca, null)
    expect(Buffer.compare(await readFile(target), stored)).toBe(0)

    // Replace by dropping a PDF on the item in the list: same ID, same link, new bytes.
    // Its 25 copies share its name; sorted by name, the original comes first.
    await library.sortBy('Name', 'Ascending')
    const link = (await recordOf(emulator.baseUrl, item.id, ca))['FullURL']
    const replacement = join(dropDir, 'new-version.pdf')
    const bytes = await makePdf(3, 'new version')
    await writeFile(replacement, bytes)
    await library.dropOn(library.entry(item.name).first(), 'new-version.pdf')
    // The toast before it may still be fading out: look for this one.
    await expect(page.getByTestId('toast').filter({ hasText: 'same link' })).toBeVisible()
    await expect.poll(() => host.core.uploads.list().jobs.find((job) => job.targetItemId === item.id)?.state, { timeout: 20_000 }).toBe('done')
    expect((await recordOf(emulator.baseUrl, item.id, ca))['FullURL']).toBe(link)
    const served = await fetchOverTls(await pdfUrlOf(emulator.baseUrl, item.id, ca), ca, null)
    expect(Buffer.compare(served, Buffer.from(bytes))).toBe(0)
  })
})

test.describe('offline', () => {
  // With the service down, thumbnails cannot load: the cards show their placeholders instead.
  // Chromium's console line names no URL, so the test below checks by URL that every refused
  // request is a thumbnail of the stopped service.
  test.use({ signedIn: true, tlsEmulatorOptions: { seed: 60 }, expectedConsoleErrors: [/^Failed to load resource: net::ERR_CONNECTION_REFUSED$/] })

  test('after a sync, a restart without the service shows the library at once, marked with its last sync', async ({
    app,
    emulator,
    host,
    keychain,
    ca,
    page
  }) => {
    const library = new LibraryPage(page)
    await app.goTo('library')
    await expect(library.syncStatus).toContainText('Last synced', { timeout: 30_000 })
    await expect(library.summary).toHaveText('60 items')
    // The cards in view load their thumbnails from the service's storage as soon as the rows
    // arrive. Stopping the service while one is still loading cuts it mid-answer, and Chromium
    // reports that as net::ERR_SOCKET_NOT_CONNECTED (or a reset, by timing): the test's timing,
    // not the app's. So the service stops only once every thumbnail shown has loaded.
    const thumbnails = page.getByTestId('item-thumbnail')
    await expect(thumbnails.first()).toBeVisible()
    await expect
      .poll(() => thumbnails.evaluateAll((images) => images.every((image) => image instanceof HTMLImageElement && image.complete && image.naturalWidth > 0)))
      .toBe(true)
    const failed: string[] = []
    page.on('requestfailed', (request) => failed.push(`${request.failure()?.errorText ?? '?'} ${request.url()}`))
    await emulator.close()
    // The app quits and starts again on the same data folder, signed in from the keychain.
    await host.close()
    await keychain.set('default', E2E_KEY)
    const again = await startTestHost({ userDataDir: host.userDataDir, core: { keychain, trustedCertificates: [ca.caCert] } })
    try {
      await page.goto(again.url)
      await app.goTo('library')
      await expect(library.summary).toHaveText('60 items')
      await expect(library.syncStatus).toContainText('Last synced')
      await expect(page.getByTestId('sync-interrupted')).toBeVisible({ timeout: 20_000 })
      // Every card fell back to its placeholder; what failed is exactly those thumbnails, refused by the stopped service.
      await expect(page.getByTestId('item-thumbnail-placeholder').first()).toBeVisible()
      await expect(thumbnails).toHaveCount(0)
      const stopped = [emulator.baseUrl, emulator.documentUrl].map((origin) => `${origin}/__files/thumbs/`)
      expect(failed.length).toBeGreaterThan(0)
      for (const failure of failed) {
        const [error, url = ''] = failure.split(' ')
        expect(error, url).toBe('net::ERR_CONNECTION_REFUSED')
        expect(stopped.some((prefix) => url.startsWith(prefix)), url).toBe(true)
      }
    } finally {
      await again.close()
    }
  })
})

test.describe('how it looks', () => {
  test.use({ signedIn: true, tlsEmulatorOptions: { seed: 60 } })

  test('grid, list and details pass axe in light and dark', async ({ app, page }) => {
    test.setTimeout(120_000)
    const library = new LibraryPage(page)
    await app.goTo('library')
    await expect(library.syncStatus).toContainText('Last synced', { timeout: 30_000 })
    // Thumbnails come from the service's https storage, lazily, for the cards in view only.
    const thumbnail = library.entries.first().getByTestId('item-thumbnail')
    await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(1)
    expect(await page.getByTestId('item-thumbnail').count()).toBeLessThan(61)
    await snapshotBoth(page, 'library-grid')
    await page.getByText('List', { exact: true }).click()
    await snapshotBoth(page, 'library-list')
    await library.entries.first().click()
    await expect(library.details).toBeVisible()
    await snapshotBoth(page, 'library-details')
  })
})

/** The item's record as the service answers get. */
async function recordOf(baseUrl: string, id: number, ca: TestCa): Promise<Record<string, unknown>> {
  return (JSON.parse((await fetchOverTls(`${baseUrl}/api/get/${id}`, ca)).toString()) as { Item: Record<string, unknown> }).Item
}

/** The public storage URL of an item's PDF, as the service answers get-pdf. */
async function pdfUrlOf(baseUrl: string, id: number, ca: TestCa): Promise<string> {
  return (JSON.parse((await fetchOverTls(`${baseUrl}/api/get-pdf/${id}`, ca)).toString()) as { URL: string }).URL
}
