import { mkdtempSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { makePdf } from '../emulator/fixtures/make-pdf'
import { startPdfSource } from '../support/pdf-source'
import { expect, test } from './fixtures'
import { PublishPage } from './pages/publish-page'

const dropDir = mkdtempSync(join(tmpdir(), 'flipdrop-e2e-controls-'))
test.use({ signedIn: true, hostOptions: { dropDir }, emulatorOptions: { seed: false, allowSourceHosts: ['127.0.0.1'] } })

async function pdf(name: string, pages = 1): Promise<string> {
  const path = join(dropDir, name)
  await writeFile(path, await makePdf(pages, name))
  return path
}

const itemNames = (emulator: { state: { items: Map<number, { name: string }> } }): string[] =>
  [...emulator.state.items.values()].map((item) => item.name).sort()

test('"Add PDFs…" queues what the OS dialog returns; a cancelled dialog adds nothing', async ({ app, host, emulator, page }) => {
  const publish = new PublishPage(page)
  await expect(app.heading('publish')).toBeVisible()
  await publish.addPdfs.click()
  await expect(publish.empty).toBeVisible()
  host.chooseNext([await pdf('picked.pdf')])
  await publish.addPdfs.click()
  await expect(publish.row('picked')).toHaveAttribute('data-state', 'done', { timeout: 15_000 })
  expect(itemNames(emulator)).toEqual(['picked'])
})

test('files pasted on the view (Ctrl/Cmd+V) are added like a drop', async ({ app, emulator, page }) => {
  const publish = new PublishPage(page)
  await pdf('pasted.pdf', 2)
  await expect(app.heading('publish')).toBeVisible()
  await page.evaluate(() => {
    const data = new DataTransfer()
    data.items.add(new File(['%PDF-'], 'pasted.pdf', { type: 'application/pdf' }))
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  })
  await expect(publish.row('pasted')).toHaveAttribute('data-state', 'done', { timeout: 15_000 })
  expect(itemNames(emulator)).toEqual(['pasted'])
})

test.describe('"Add PDFs…" in the browser demo', () => {
  test.use({ hostOptions: { pickFilesInPage: true } })

  test('opens the browser’s own PDF chooser; the files chosen are copied to the host and published', async ({ app, emulator, page }) => {
    const publish = new PublishPage(page)
    await expect(app.heading('publish')).toBeVisible()
    const chooser = page.waitForEvent('filechooser')
    await publish.addPdfs.click()
    const chosen = await chooser
    expect(chosen.isMultiple()).toBe(true)
    await chosen.setFiles([{ name: 'Winter menu.pdf', mimeType: 'application/pdf', buffer: await makePdf(2, 'Winter menu') }])
    await expect(publish.row('Winter menu')).toHaveAttribute('data-state', 'done', { timeout: 15_000 })
    expect(itemNames(emulator)).toEqual(['Winter menu'])
  })
})

test('publish from a link: a bad link is explained at once; a pasted link opens the form filled and publishes', async ({ app, emulator, page }) => {
  const publish = new PublishPage(page)
  const source = await startPdfSource({ '/flyer.pdf': await makePdf(2, 'flyer') })
  try {
    await expect(app.heading('publish')).toBeVisible()
    await publish.fromLink.click()
    await expect(publish.fromLink).toHaveAttribute('aria-expanded', 'true')
    await expect(publish.linkField).toBeFocused()
    await publish.linkField.fill('ftp://example.com/a.pdf')
    await publish.linkSubmit.click()
    await expect(page.locator('#source-url-error')).toContainText('https://')
    await page.keyboard.press('Escape')
    await expect(publish.linkField).toBeHidden()
    await expect(publish.fromLink).toBeFocused()
    // Ctrl+V of a link anywhere on the view (not in a field) opens the form with the link in it.
    await publish.empty.click({ position: { x: 8, y: 8 } })
    await page.evaluate((url) => {
      const data = new DataTransfer()
      data.setData('text/plain', url)
      document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
    }, source.url('/flyer.pdf'))
    await expect(publish.linkField).toHaveValue(source.url('/flyer.pdf'))
    await expect(publish.linkField).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(publish.row('flyer')).toHaveAttribute('data-state', 'done', { timeout: 15_000 })
    await expect(publish.linkField).toBeHidden()
    expect(itemNames(emulator)).toEqual(['flyer'])
  } finally {
    await source.close()
  }
})

test('review before publishing: jobs wait paused, their name and title can change, then they publish', async ({ app, emulator, page }) => {
  const publish = new PublishPage(page)
  await pdf('draft-17.pdf', 2)
  await expect(app.heading('publish')).toBeVisible()
  await publish.review.check()
  await publish.drop([{ name: 'draft-17.pdf' }])
  const row = publish.row('draft-17')
  await expect(row).toHaveAttribute('data-paused', 'true')
  await expect(publish.state('draft-17')).toHaveText('Paused')
  // Its name and title are right in the row, saved on Enter (or on leaving a field).
  await expect(publish.reason('draft-17')).toHaveCount(0)
  // The queue's one row, found by place: leaving Name saves it, and the row is then named anew.
  const onlyRow = page.locator('li.job')
  const name = onlyRow.getByRole('textbox', { name: 'Name' })
  const title = onlyRow.getByRole('textbox', { name: 'Title' })
  await name.fill('')
  await name.press('Enter')
  await expect(row.getByText('A name is needed.')).toBeVisible()
  await name.fill('Winter collection')
  await title.fill('Winter collection 2026')
  await title.press('Enter')
  await expect(publish.row('Winter collection')).toBeVisible()
  expect(emulator.state.items.size).toBe(0)
  await page.getByRole('button', { name: 'Publish all (1)' }).click()
  await expect(publish.row('Winter collection')).toHaveAttribute('data-state', 'done', { timeout: 15_000 })
  expect([...emulator.state.items.values()]).toEqual([expect.objectContaining({ name: 'Winter collection', title: 'Winter collection 2026' })])
  // The choice is remembered.
  await page.reload()
  await expect(publish.review).toBeChecked()
})

test('each job can be paused, resumed, cancelled, retried and removed from its menu; pause all holds the queue', async ({ app, host, emulator, page }) => {
  const publish = new PublishPage(page)
  await pdf('catalogue.pdf')
  await pdf('spare.pdf')
  await expect(app.heading('publish')).toBeVisible()
  await publish.review.check()
  // "spare" stays held for review throughout: "Resume all" must not start a job paused on its own.
  await publish.drop([{ name: 'catalogue.pdf' }, { name: 'spare.pdf' }])
  const row = publish.row('catalogue')
  await publish.fromMenu('catalogue', 'Cancel upload')
  await expect(row).toHaveAttribute('data-state', 'cancelled')
  await expect(publish.state('catalogue')).toHaveText('Cancelled')
  await expect(publish.reason('catalogue')).toHaveText('Cancelled — nothing more is sent.')

  // Retried while the whole queue is paused: it waits for "Resume all".
  await page.getByRole('button', { name: 'Pause all' }).click()
  await expect(publish.batchHeadline).toContainText('Paused')
  await row.getByRole('button', { name: 'Retry catalogue' }).click()
  await expect(row).toHaveAttribute('data-state', 'queued')
  await publish.fromMenu('catalogue', 'Pause')
  await expect(row).toHaveAttribute('data-paused', 'true')
  await row.getByRole('button', { name: 'Publish catalogue' }).click()
  await expect(row).not.toHaveAttribute('data-paused', 'true')
  expect(emulator.state.items.size).toBe(0)
  expect(host.core.uploads.list().paused).toBe(true)
  await page.getByRole('button', { name: 'Resume all' }).click()
  await expect(row).toHaveAttribute('data-state', 'done', { timeout: 15_000 })
  expect(itemNames(emulator)).toEqual(['catalogue'])
  await expect(publish.row('spare')).toHaveAttribute('data-paused', 'true')
  await publish.fromMenu('catalogue', 'Remove from list')
  await expect(publish.rows).toHaveCount(1)
  expect(host.core.uploads.list().jobs.map((job) => job.name)).toEqual(['spare'])
})

test('jobs reorder by keyboard (Alt+Up/Down) and by drag; arrow keys move between them', async ({ app, host, page }) => {
  const publish = new PublishPage(page)
  for (const name of ['one', 'two', 'three']) await pdf(`${name}.pdf`)
  await expect(app.heading('publish')).toBeVisible()
  await publish.review.check()
  await publish.drop([{ name: 'one.pdf' }, { name: 'two.pdf' }, { name: 'three.pdf' }])
  await expect(publish.rows).toHaveCount(3)
  const order = (): string[] => host.core.uploads.list().jobs.map((job) => job.name)

  await publish.row('one').focus()
  await page.keyboard.press('Alt+ArrowDown')
  await expect.poll(order).toEqual(['two', 'one', 'three'])
  await expect(publish.row('one')).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(publish.row('three')).toBeFocused()
  await page.keyboard.press('Alt+ArrowUp')
  await expect.poll(order).toEqual(['two', 'three', 'one'])
  await page.keyboard.press('Home')
  await expect(publish.row('two')).toBeFocused()

  await publish.row('one').locator('.drag-handle').dragTo(publish.row('two'), { targetPosition: { x: 200, y: 5 } })
  await expect.poll(order).toEqual(['one', 'two', 'three'])
  await expect(publish.rows.locator('.job-name')).toHaveText(['one', 'two', 'three'])

  // "Move down" in a row's menu, for those who use neither keys nor drag.
  await publish.fromMenu('one', 'Move down')
  await expect.poll(order).toEqual(['two', 'one', 'three'])
})

test('Documents need a document host: without one the switch says what Documents are and where to turn them on, and everything goes out as a flipbook', async ({ app, host, page }) => {
  await expect(app.heading('publish')).toBeVisible()
  const documents = page.getByRole('radio', { name: 'Document' })
  await expect(documents).toBeEnabled()
  await documents.check()
  await expect(documents).toBeChecked()
  await host.core.settings.update({ documentUrl: '' })
  await expect(documents).toBeDisabled()
  await expect(page.getByRole('radio', { name: 'Flipbook' })).toBeChecked()
  await expect(page.getByText('Documents publish a PDF as a plain document rather than a page-turning flipbook.')).toBeVisible()
  await page.getByRole('button', { name: 'Turn them on in Settings' }).click()
  await expect(app.heading('settings')).toBeVisible()
})
