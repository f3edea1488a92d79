import { mkdtempSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import type { JobState } from '../../src-shared/domain/queue'
import { makePdf } from '../emulator/fixtures/make-pdf'
import type { TestHost } from '../host/test-host'
import { expect, test } from './fixtures'
import { PublishPage } from './pages/publish-page'
import { EVERY_SIZE, snapshotLaptop } from './support/snapshot-laptop'

/*
 * The queue in German and in Arabic: one upload published, three held for review, a file
 * skipped (and why, as the core said it). Counted words take each language's plural form (Arabic's "few" for three), names
 * stay as the user gave them, and nothing is clipped at any window size.
 */

const dropDir = mkdtempSync(join(tmpdir(), 'flipdrop-e2e-languages-'))
test.use({ signedIn: true, hostOptions: { dropDir } })

async function pdf(name: string): Promise<string> {
  const path = join(dropDir, name)
  await writeFile(path, await makePdf(2, name))
  return path
}

async function jobReaches(host: TestHost, name: string, state: JobState): Promise<void> {
  await expect.poll(() => host.core.uploads.list().jobs.find((job) => job.name === name)?.state, { timeout: 20_000 }).toBe(state)
}

/** A published upload and three held for review. */
async function fillQueue(host: TestHost): Promise<void> {
  const uploads = host.core.uploads
  await uploads.enqueuePaths({ paths: [await pdf('Spring catalogue.pdf')], docType: 'Flipbook', onSameContent: 'ask' })
  await jobReaches(host, 'Spring catalogue', 'done')
  const held = await Promise.all(['Menu – Café Rouge.pdf', 'Autumn lookbook.pdf', 'Price list.pdf'].map(pdf))
  await uploads.enqueuePaths({ paths: held, docType: 'Flipbook', onSameContent: 'ask', hold: true })
}

/**
 * Speaks `language` from the next paint on, as Settings → Language saves it: in the settings
 * (which the window follows once they load) and remembered for the first paint.
 */
async function speak(host: TestHost, page: Page, language: 'de' | 'ar'): Promise<void> {
  await host.core.settings.update({ language })
  await page.evaluate((code) => localStorage.setItem('flipdrop.language', code), language)
  await page.reload()
}

for (const { language, dir, published, held, publishAll, skipped, notPdf, paused } of [
  {
    language: 'de',
    dir: 'ltr',
    published: 'Veröffentlicht',
    held: /^3 Uploads warten auf dich$/,
    publishAll: 'Alle veröffentlichen (3)',
    skipped: '1 Datei übersprungen',
    notPdf: 'notes.txt ist kein PDF.',
    paused: 'Pausiert'
  },
  {
    language: 'ar',
    dir: 'rtl',
    published: 'منشور',
    held: /^[3٣] عمليات رفع بانتظارك$/,
    publishAll: /^نشر الكل \([3٣]\)$/,
    skipped: 'تم تخطي ملف واحد',
    notPdf: 'notes.txt ليس ملف PDF.',
    paused: 'متوقف مؤقتًا'
  }
] as const) {
  test(`the queue in ${language}: translated states, a plural count, names as given, nothing clipped`, async ({ app, host, page }) => {
    test.setTimeout(120_000)
    await expect(app.heading('publish')).toBeVisible()
    const publish = new PublishPage(page)
    await fillQueue(host)
    await speak(host, page, language)

    await expect(page.locator('html')).toHaveAttribute('dir', dir)
    await expect(publish.state('Spring catalogue')).toHaveText(published)
    await expect(publish.state('Autumn lookbook')).toHaveText(paused)
    await expect(publish.batchHeadline).toHaveText(held)
    await expect(publish.batch.getByRole('button', { name: publishAll })).toBeVisible()
    // A drop's notice lives in the window: dropped after the reload, once the language speaks.
    await writeFile(join(dropDir, 'notes.txt'), 'not a PDF')
    await publish.drop([{ name: 'notes.txt', type: 'text/plain' }, { name: 'Spring catalogue.pdf' }])
    await expect(publish.sameContent('Spring catalogue.pdf')).toBeVisible()
    // The drop's notice counted in the language; the file's own name as it is.
    await expect(publish.skipped).toContainText(skipped)
    await expect(publish.skipped).toContainText('notes.txt')
    // Why, as the core said it (src-shared/i18n/core/coreQueue), in the language.
    await expect(publish.skipped).toContainText(notPdf)
    await expect(publish.skipped).not.toContainText('is not a PDF')
    // A name from the user is never translated.
    await expect(publish.row('Menu – Café Rouge')).toBeVisible()
    await snapshotLaptop(page, `publish-${language}`, EVERY_SIZE)
  })
}
