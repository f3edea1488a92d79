import { mkdtempSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { makePdf } from '../emulator/fixtures/make-pdf'
import { expect, test } from './fixtures'
import { PublishPage } from './pages/publish-page'
import { snapshotLaptop } from './support/snapshot-laptop'

/** Issue 18 part 7: a batch has a beginning and an end. */
const dropDir = mkdtempSync(join(tmpdir(), 'flipdrop-e2e-batch-'))
test.use({ signedIn: true, hostOptions: { dropDir }, emulatorOptions: { seed: false } })

const NAMES = ['Spring catalogue', 'Price list', 'Menu', 'Lookbook', 'Newsletter']

test('one bar and time left for the whole batch, active rows first; at the end "5 flipbooks published", Copy all links and Export CSV', async ({
  app,
  host,
  emulator,
  page
}) => {
  test.setTimeout(90_000)
  const publish = new PublishPage(page)
  for (const [index, name] of NAMES.entries()) await writeFile(join(dropDir, `${name}.pdf`), await makePdf(index + 1, name))
  await expect(app.heading('publish')).toBeVisible()
  // The service takes its time over each create, and longer over the last two: the batch is seen running.
  emulator.faults.add({ route: '/api/create-by-file', kind: 'latency', ms: 1500, count: 3 })
  emulator.faults.add({ route: '/api/create-by-file', kind: 'latency', ms: 15_000, count: 2 })
  await publish.drop(NAMES.map((name) => ({ name: `${name}.pdf` })))

  await expect(publish.batchHeadline).toHaveText(/^Publishing [1-5] of 5/)
  const bar = publish.batch.getByRole('progressbar', { name: 'Progress of this batch' })
  await expect(bar).toBeVisible()
  // What is being sent comes first, whatever its place in the queue.
  await expect(publish.rows.first()).toHaveAttribute('data-state', /^(uploading|verifying)$/)
  await expect(publish.rows.first().getByTestId('job-state')).toHaveText(/^Publishing/)
  // Once one has finished, the time left counts the service's own time per item too.
  await expect(publish.batchHeadline).toHaveText(/^Publishing [2-5] of 5 · \d+ s left$/, { timeout: 15_000 })
  await expect(publish.rows.nth(2)).toHaveAttribute('data-state', 'done', { timeout: 15_000 })
  await snapshotLaptop(page, 'publish-batch-running')

  await expect(publish.batchHeadline).toHaveText('5 flipbooks published', { timeout: 30_000 })
  await expect(bar).toBeHidden()
  const links = await Promise.all(NAMES.map((name) => publish.row(name).getByTestId('job-link').getAttribute('href')))
  await snapshotLaptop(page, 'publish-batch-done')

  // Copy all links: one per line, through main's clipboard, in the order shown.
  await publish.batch.getByRole('button', { name: 'Copy all links' }).click()
  await expect.poll(() => host.copiedTexts.at(-1)).toBe(links.join('\n'))
  // Said on the button pressed (and to screen readers), not in a toast across the window.
  await expect(publish.batch.getByRole('button', { name: 'Copied 5 links' })).toBeVisible()
  await expect(publish.announcer).toHaveText('Copied 5 links, one per line.')

  // Export CSV: main's save dialog (answered by the test host), one row per flipbook.
  const target = join(dropDir, 'batch.csv')
  host.saveNext(target)
  await publish.batch.getByRole('button', { name: 'Export CSV…' }).click()
  await expect(publish.toast.filter({ hasText: 'Saved 5 links to “batch.csv”.' })).toBeVisible()
  const lines = (await readFile(target, 'utf8')).replace(/^\uFEFF/, '').trim().split('\r\n')
  expect(lines[0]).toBe('Name,Title,Kind,Link,Pages,File')
  expect(lines.slice(1)).toEqual(NAMES.map((name, index) => `${name},${name},Flipbook,${links[index]},${index + 1},${name}.pdf`))

  // A cancelled dialog saves nothing and says nothing.
  host.saveNext(null)
  await publish.batch.getByRole('button', { name: 'Export CSV…' }).click()
  await expect(publish.toast.filter({ hasText: 'Saved' })).toHaveCount(1)

  // The next drop joins the rows shown: the summary counts every row it stands above.
  await writeFile(join(dropDir, 'Flyer.pdf'), await makePdf(1, 'Flyer'))
  await publish.drop([{ name: 'Flyer.pdf' }])
  await expect(publish.batchHeadline).toHaveText('6 flipbooks published', { timeout: 15_000 })
  await expect(publish.rows).toHaveCount(6)
})

test('at 1024×700 the working area takes most of the window and the active upload stays in view', async ({ app, emulator, page }) => {
  const publish = new PublishPage(page)
  await page.setViewportSize({ width: 1024, height: 700 })
  const names = Array.from({ length: 14 }, (_, index) => `Issue ${String(index + 1).padStart(2, '0')}`)
  for (const name of names) await writeFile(join(dropDir, `${name}.pdf`), await makePdf(1, name))
  await expect(app.heading('publish')).toBeVisible()
  emulator.faults.add({ route: '/api/create-by-file', kind: 'latency', ms: 600, count: names.length })
  await publish.drop(names.map((name) => ({ name: `${name}.pdf` })))
  // Half-way through, the job being sent is at the top of the list, in view.
  await expect(publish.rows.filter({ has: page.locator('.job-name', { hasText: 'Issue 01' }) })).toHaveAttribute('data-state', 'done', { timeout: 20_000 })
  const active = publish.rows.first()
  await expect(active).toHaveAttribute('data-state', /^(uploading|verifying)$/)
  await expect(active).toBeInViewport()
  const box = await page.getByTestId('queue-scroller').boundingBox()
  expect(box).not.toBeNull()
  if (box) {
    expect(box.y, 'the list starts in the top 30 % of the window').toBeLessThan(700 * 0.3)
    expect(box.height / 700, 'the list takes at least 70 % of the window').toBeGreaterThanOrEqual(0.7)
  }
})
