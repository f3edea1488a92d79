import { mkdtempSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { makePdf } from '../emulator/fixtures/make-pdf'
import { expect, test } from './fixtures'
import { LibraryPage } from './pages/library-page'
import { PublishPage } from './pages/publish-page'
import { EVERY_SIZE, snapshotLaptop } from './support/snapshot-laptop'

const dropDir = mkdtempSync(join(tmpdir(), 'flipdrop-e2e-links-'))
// Files settle after 150 ms here (1 s in the app), so a save is acted on quickly.
test.use({ signedIn: true, hostOptions: { dropDir, core: { links: { stabilityMs: 150, pollIntervalMs: 50 } } }, emulatorOptions: { seed: 3 } })

test('"Update when the file changes" on a published job: saving the file again updates the item with the same link, folded into its row', async ({
  app,
  emulator,
  host,
  page
}) => {
  const publish = new PublishPage(page)
  const path = join(dropDir, 'price-list.pdf')
  await writeFile(path, await makePdf(1, 'price list v1'))
  await expect(app.heading('publish')).toBeVisible()
  await publish.drop([{ name: 'price-list.pdf' }])
  const row = publish.row('price-list')
  await expect(row).toHaveAttribute('data-state', 'done', { timeout: 15_000 })
  const item = [...emulator.state.items.values()].find((entry) => entry.name === 'price-list')
  expect(item).toBeDefined()
  const slug = item?.slug

  // "Update when the file changes" is an entry of the row's menu, not a switch on every row.
  await publish.more('price-list').click()
  await expect(publish.keepUpdated).toHaveAttribute('aria-checked', 'false')
  await publish.keepUpdated.click()
  await expect(row.getByRole('img', { name: 'Updates when its file changes' })).toBeVisible()

  // A re-export: the same file, new content. Its update folds into the item's row: one row, no second switch.
  await writeFile(path, await makePdf(3, 'price list v2'))
  await expect(page.getByTestId('toast').filter({ hasText: 'Updated price-list' })).toHaveText('Updated price-list (same link).', { timeout: 15_000 })
  const after = emulator.state.items.get(item?.id ?? 0)
  expect(after?.slug).toBe(slug)
  expect(after?.pages).toBe(3)
  expect([...emulator.state.items.values()].filter((entry) => entry.name === 'price-list')).toHaveLength(1)
  await expect(publish.rows).toHaveCount(1)
  await expect(row.getByTestId('job-updates')).toHaveText(/^Updated 1× · last \d{1,2}:\d{2}( [AP]M)?$/)
  await expect(publish.state('price-list')).toHaveText('Updated')
  await expect(row.getByTestId('job-meta')).toHaveText(/3 pages$/)
  expect(await publish.rowHeight('price-list')).toBeLessThanOrEqual(56)

  // Saved again: still one row, counting two updates; the menu still says it follows the file.
  await writeFile(path, await makePdf(5, 'price list v3'))
  await expect(row.getByTestId('job-updates')).toHaveText(/^Updated 2× · last /, { timeout: 15_000 })
  await expect(publish.rows).toHaveCount(1)
  await expect(row.getByTestId('job-meta')).toHaveText(/5 pages$/)
  await publish.more('price-list').click()
  await expect(publish.keepUpdated).toHaveAttribute('aria-checked', 'true')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 15_000 })
  await snapshotLaptop(page, 'publish-linked-folded', EVERY_SIZE)
  // Removing the row takes the item's whole story with it: the first publish and both updates.
  await publish.fromMenu('price-list', 'Remove from list')
  await expect(publish.rows).toHaveCount(0)
  expect(host.core.uploads.list().jobs).toEqual([])

  await app.goTo('watched')
  const links = page.getByRole('list', { name: 'Linked files' })
  await expect(links).toContainText('price-list')
  await expect(links).toContainText(path)
  // A toast fading out is half transparent: axe would judge its contrast mid-fade.
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 15_000 })
  await snapshotLaptop(page, 'watched-linked-files')
})

test('Watched folders: a linked file’s switch stops and restarts its updates; the same link throughout', async ({ app, emulator, host, page }) => {
  test.setTimeout(60_000)
  const path = join(dropDir, 'rate-card.pdf')
  await writeFile(path, await makePdf(1, 'rate card v1'))
  await expect(app.heading('publish')).toBeAttached()
  // Published and linked through main: the publish row's own switch is the test above.
  const { added } = await host.core.uploads.enqueuePaths({ paths: [path], docType: 'Flipbook', onSameContent: 'ask' })
  const jobId = added[0]?.id ?? ''
  await expect.poll(() => host.core.uploads.list().jobs.find((job) => job.id === jobId)?.state, { timeout: 15_000 }).toBe('done')
  await host.core.links.linkJob({ jobId })
  const item = [...emulator.state.items.values()].find((entry) => entry.name === 'rate-card')
  if (!item) throw new Error('not published')
  const slug = item.slug

  await app.goTo('watched')
  const row = page.getByRole('list', { name: 'Linked files' }).getByRole('listitem').filter({ hasText: 'rate-card' })
  await expect(row).toContainText(path)
  const update = row.getByRole('switch', { name: 'rate-card Update when the file changes' })
  await expect(update).toHaveAttribute('aria-checked', 'true')

  // Switched off: saving the file again publishes nothing.
  await update.click()
  await expect(update).toHaveAttribute('aria-checked', 'false')
  await expect(row).toContainText('Not updating')
  await expect.poll(async () => (await host.core.links.list()).links.find((link) => link.itemId === item.id)?.state).toBe('paused')
  await writeFile(path, await makePdf(3, 'rate card v2'))
  await page.waitForTimeout(1500)
  expect(emulator.state.items.get(item.id)?.pages).toBe(1)

  // Switched on again: the change waiting in the file is published, same link, one item.
  await update.click()
  await expect(update).toHaveAttribute('aria-checked', 'true')
  await expect.poll(() => emulator.state.items.get(item.id)?.pages, { timeout: 15_000 }).toBe(3)
  expect(emulator.state.items.get(item.id)?.slug).toBe(slug)
  expect([...emulator.state.items.values()].filter((entry) => entry.name === 'rate-card')).toHaveLength(1)
  await expect(row).toContainText('Last published')

  // A toast fading out is half transparent: axe would judge its contrast mid-fade.
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 15_000 })
  await row.scrollIntoViewIfNeeded()
  await snapshotLaptop(page, 'watched-linked-file-switch')
})

test('a hot folder offers what is already there, publishes it when asked, and links it', async ({ app, host, emulator, page }) => {
  const folder = join(dropDir, 'exports')
  await mkdir(folder, { recursive: true })
  await writeFile(join(folder, 'old-flyer.pdf'), await makePdf(1, 'old flyer'))
  await app.goTo('watched')
  host.chooseFolderNext(folder)
  await page.getByRole('button', { name: 'Add a hot folder…' }).click()
  const folders = page.getByRole('list', { name: 'Hot folders' })
  await expect(folders).toContainText(folder)
  await expect(folders).toContainText('This PDF was already in the folder')
  expect([...emulator.state.items.values()].some((entry) => entry.name === 'old-flyer')).toBe(false)

  await folders.getByRole('button', { name: 'Publish old-flyer.pdf' }).click()
  await expect(page.getByRole('list', { name: 'Linked files' })).toContainText('old-flyer', { timeout: 20_000 })
  expect([...emulator.state.items.values()].filter((entry) => entry.name === 'old-flyer')).toHaveLength(1)
})

test('"Link a local file…" on a library item links the PDF picked in the OS dialog', async ({ app, host, emulator, page }) => {
  const library = new LibraryPage(page)
  const path = join(dropDir, 'brochure-source.pdf')
  await writeFile(path, await makePdf(2, 'brochure source'))
  await app.goTo('library')
  await expect(library.syncStatus).toContainText('Last synced', { timeout: 30_000 })
  const item = [...emulator.state.items.values()][0]
  if (!item) throw new Error('the seed has items')
  await library.search.fill(item.name)
  await library.entry(item.name).click()
  host.chooseNext([path])
  await library.details.getByRole('button', { name: 'Link a local file…' }).click()
  await expect(library.details.getByTestId('item-linked')).toBeVisible()
  await app.goTo('watched')
  await expect(page.getByRole('list', { name: 'Linked files' })).toContainText(path)
})
