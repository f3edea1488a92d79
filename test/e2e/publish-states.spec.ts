import { mkdtempSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { JobState } from '../../src-shared/domain/queue'
import { makePdf, writeLargePdf } from '../emulator/fixtures/make-pdf'
import { startPdfSource } from '../support/pdf-source'
import { expect, test } from './fixtures'
import type { TestHost } from '../host/test-host'
import { PublishPage } from './pages/publish-page'
import { EVERY_SIZE, snapshotLaptop } from './support/snapshot-laptop'

const dropDir = mkdtempSync(join(tmpdir(), 'flipdrop-e2e-states-'))
test.use({
  signedIn: true,
  // A retry waits a minute (not the app's 1–3 s): "Newsletter" must still be waiting for its
  // next try when the rows are checked, however long a loaded machine takes to get there.
  hostOptions: { dropDir, core: { queue: { firstRetryMs: 60_000 } } },
  emulatorOptions: { allowSourceHosts: ['127.0.0.1'] },
  // Tall enough that the screenshot shows every row of the queue.
  viewport: { width: 1280, height: 1500 }
})

async function pdf(name: string, pages = 1): Promise<string> {
  const path = join(dropDir, name)
  await writeFile(path, await makePdf(pages, name))
  return path
}

/** Waits until the job of this name is in the state (main's view, not the page's). */
async function jobReaches(host: TestHost, name: string, state: JobState, paused = false): Promise<void> {
  await expect
    .poll(() => host.core.uploads.list().jobs.find((job) => job.name === name && job.paused === paused)?.state, { timeout: 20_000 })
    .toBe(state)
}


test('the publish view with a job in every state: screenshots and axe in light and dark', async ({ app, host, emulator, page }) => {
  test.setTimeout(90_000)
  await expect(app.heading('publish')).toBeVisible()
  const publish = new PublishPage(page)
  const source = await startPdfSource({})
  const uploads = host.core.uploads
  try {
    await uploads.enqueuePaths({ paths: [await pdf('Spring catalogue.pdf', 3)], docType: 'Flipbook', onSameContent: 'ask' })
    await jobReaches(host, 'Spring catalogue', 'done')
    await uploads.enqueueUrl({ url: source.url('/missing.pdf'), docType: 'Flipbook', name: 'Price list from the web' })
    await jobReaches(host, 'Price list from the web', 'failed')
    const draft = await uploads.enqueuePaths({ paths: [await pdf('Old draft.pdf')], docType: 'Flipbook', onSameContent: 'ask', hold: true })
    await uploads.cancel({ jobId: draft.added[0]?.id ?? '' })
    await jobReaches(host, 'Old draft', 'cancelled', true)
    // A link whose creates keep failing with 503: it waits for its next try.
    emulator.faults.add({ route: '/api/create-by-url', kind: 'status', status: 503, count: 100 })
    await uploads.enqueueUrl({ url: source.url('/later.pdf'), docType: 'Flipbook', name: 'Newsletter' })
    await jobReaches(host, 'Newsletter', 'waiting')
    // Sent, and its check held by the service: verifying.
    emulator.faults.add({ route: '/api/get', kind: 'latency', ms: 120_000, count: 1 })
    await uploads.enqueuePaths({ paths: [await pdf('Brochure.pdf', 2)], docType: 'Flipbook', onSameContent: 'ask' })
    await jobReaches(host, 'Brochure', 'verifying')
    // A big one the service holds before reading: uploading, part way.
    emulator.faults.add({ route: '/api/create-by-file', kind: 'latency', ms: 120_000, count: 1 })
    await writeLargePdf(join(dropDir, 'Annual report.pdf'), 30 * 1024 * 1024)
    await uploads.enqueuePaths({ paths: [join(dropDir, 'Annual report.pdf')], docType: 'Flipbook', onSameContent: 'ask' })
    await jobReaches(host, 'Annual report', 'uploading')
    await uploads.enqueuePaths({ paths: [await pdf('Menu.pdf')], docType: 'Flipbook', onSameContent: 'ask' })
    await uploads.enqueuePaths({ paths: [await pdf('Autumn lookbook.pdf', 4)], docType: 'Flipbook', onSameContent: 'ask', hold: true })

    // What a drop brings back: a skipped file and a "same content" question.
    await writeFile(join(dropDir, 'notes.txt'), 'not a PDF')
    await publish.drop([{ name: 'notes.txt', type: 'text/plain' }, { name: 'Spring catalogue.pdf' }])
    await expect(publish.sameContent('Spring catalogue.pdf')).toBeVisible()
    await expect(publish.skipped).toContainText('notes.txt')

    for (const [name, state] of [
      ['Spring catalogue', 'done'],
      ['Price list from the web', 'failed'],
      ['Old draft', 'cancelled'],
      ['Newsletter', 'waiting'],
      ['Brochure', 'verifying'],
      ['Annual report', 'uploading'],
      ['Menu', 'queued'],
      ['Autumn lookbook', 'queued']
    ] as const) {
      await expect(publish.row(name), name).toHaveAttribute('data-state', state)
    }
    await expect(publish.row('Autumn lookbook')).toHaveAttribute('data-paused', 'true')
    await expect(publish.row('Annual report').getByRole('progressbar')).toHaveAttribute('aria-valuenow', /^[1-9]\d?$/)
    // One state word each; the reason on the line below where there is one.
    await expect(publish.state('Spring catalogue')).toHaveText('Published')
    await expect(publish.state('Price list from the web')).toHaveText('Failed')
    await expect(publish.reason('Price list from the web')).not.toBeEmpty()
    await expect(publish.state('Old draft')).toHaveText('Cancelled')
    await expect(publish.state('Newsletter')).toHaveText('Waiting')
    await expect(publish.state('Brochure')).toHaveText('Publishing')
    await expect(publish.state('Annual report')).toHaveText(/^Publishing \d+ %$/)
    await expect(publish.state('Menu')).toHaveText('Waiting')
    await expect(publish.state('Autumn lookbook')).toHaveText('Paused')
    // Active rows first.
    await expect(publish.rows.locator('.job-name').first()).toHaveText(/^(Brochure|Annual report)$/)
    await expect(publish.batchHeadline).toHaveText(/^Publishing \d of \d/)
    await snapshotLaptop(page, 'publish-every-state', EVERY_SIZE)

    // "Publish from link…", open over the list.
    await publish.fromLink.click()
    await expect(publish.linkField).toBeFocused()
    await snapshotLaptop(page, 'publish-link-form')
    await page.keyboard.press('Escape')

    // The drop overlay, over the same view.
    await publish.dragOver([{ name: 'a.pdf' }, { name: 'b.pdf' }, { name: 'c.txt', type: 'text/plain' }])
    await expect(publish.overlay).toBeVisible()
    await snapshotLaptop(page, 'publish-drop-overlay')
  } finally {
    await source.close()
  }
})

test('the empty publish view, light and dark', async ({ page, app }) => {
  await expect(app.heading('publish')).toBeVisible()
  await expect(page.getByTestId('empty-queue')).toBeVisible()
  await snapshotLaptop(page, 'publish-empty')
})

test.describe('the first run', () => {
  test.use({ emulatorOptions: { seed: false } })

  test('an empty library and queue: "Publish your first PDF", light and dark', async ({ page, app }) => {
    const publish = new PublishPage(page)
    await expect(app.heading('publish')).toBeVisible()
    await expect(publish.empty.getByRole('heading', { name: 'Publish your first PDF' })).toBeVisible()
    await snapshotLaptop(page, 'publish-first-run')
  })
})
