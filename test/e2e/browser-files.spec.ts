import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { makePdf } from '../emulator/fixtures/make-pdf'
import type { RunningEmulator } from '../emulator'
import type { TestHost } from '../host/test-host'
import { E2E_KEY, expect, test } from './fixtures'
import { PublishPage } from './pages/publish-page'
import { dropBrowserFiles } from './support/browser-files'
import { openPickFilesPage, pickFilesPage } from './support/pick-files-page'

/*
 * Files as a browser gives them: no path, only bytes. The test host copies each one into
 * <userDataDir>/browser-drops and the page queues that copy, as `npm run demo -- --browser`
 * does. No dropDir anywhere in this file: nothing is found by name.
 */

const MiB = 1024 * 1024

/** The PDF the emulator stores for the item named `name`, or null when there is none (or several). */
async function storedPdf(emulator: RunningEmulator, name: string): Promise<Buffer | null> {
  const items = emulator.state.allItems().filter((item) => item.name === name)
  const item = items.length === 1 ? items[0] : undefined
  return item ? readFile(join(emulator.dataDir, 'files', `${item.fileId}.pdf`)) : null
}

/** Every path the page asked main to queue, from the host's transcript of bridge calls. */
function queuedPaths(host: TestHost): string[] {
  return host.transcript
    .filter((entry) => entry.channel === 'uploads:enqueuePaths')
    .flatMap((entry) => (entry.input as { paths: string[] }).paths)
}

const jobState = (host: TestHost, name: string) => () => host.core.uploads.list().jobs.find((job) => job.name === name)?.state

test.describe('dropped in the browser', () => {
  test.use({ signedIn: true, emulatorOptions: { seed: false } })

  test('real browser files (no path, no name match) are copied to the host and published; a text file is refused by main', async ({
    app,
    host,
    emulator,
    page
  }) => {
    const publish = new PublishPage(page)
    const spring = await makePdf(2, 'spring')
    const brochure = await makePdf(1, 'brochure')
    await expect(app.heading('publish')).toBeVisible()

    await dropBrowserFiles(page, [
      { name: 'Frühjahr – 春.pdf', bytes: spring },
      { name: 'brochure.pdf', bytes: brochure },
      { name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('meeting notes, not a PDF') }
    ])

    for (const name of ['Frühjahr – 春', 'brochure']) {
      await expect.poll(jobState(host, name), { timeout: 20_000 }).toBe('done')
      await expect(publish.row(name)).toHaveAttribute('data-state', 'done')
    }
    // Published byte for byte, once each.
    expect(await storedPdf(emulator, 'Frühjahr – 春')).toEqual(spring)
    expect(await storedPdf(emulator, 'brochure')).toEqual(brochure)
    // Main checked the text file by its bytes, as it checks any drop, and refused it.
    await expect(publish.skipped).toContainText('notes.txt')
    expect(emulator.state.allItems().map((item) => item.name).sort()).toEqual(['Frühjahr – 春', 'brochure'])
    // What main queued were the host's copies, names kept, in the order dropped.
    const paths = queuedPaths(host)
    expect(paths.map((path) => path.split('/').at(-1))).toEqual(['Frühjahr – 春.pdf', 'brochure.pdf', 'notes.txt'])
    for (const path of paths) expect(path.startsWith(`${host.filesDir}/`), path).toBe(true)
    expect(await readFile(paths[0] ?? '')).toEqual(spring)
  })
})

test.describe('dropped in the browser, over the host\'s size limit', () => {
  test.use({
    signedIn: true,
    emulatorOptions: { seed: false },
    hostOptions: { maxFileBytes: MiB },
    // Chromium reports the host's refusal of the big file, which is the point of this test.
    expectedConsoleErrors: [/status of 413 \(Payload Too Large\)/]
  })

  test('a file the host cannot take is refused in the page, in the words for a file without a path; the others publish', async ({
    app,
    host,
    emulator,
    page
  }) => {
    const publish = new PublishPage(page)
    await expect(app.heading('publish')).toBeVisible()
    await dropBrowserFiles(page, [{ name: 'poster.pdf', size: 2 * MiB }, { name: 'flyer.pdf', bytes: await makePdf(1, 'flyer') }])
    await expect(publish.skipped).toContainText('poster.pdf is not a file on this computer')
    await expect.poll(jobState(host, 'flyer'), { timeout: 20_000 }).toBe('done')
    expect(queuedPaths(host).map((path) => path.split('/').at(-1))).toEqual(['flyer.pdf'])
    expect(emulator.state.allItems().map((item) => item.name)).toEqual(['flyer'])
  })
})

/** What the fixture's `pick`-th pick resolved to, once it has. */
async function outcome(page: Page, pick: number): Promise<{ dialog?: string; paths?: string[]; skipped?: unknown[]; added?: number }> {
  const output = page.getByTestId('picked')
  await expect(output).toHaveAttribute('data-picks', String(pick), { timeout: 20_000 })
  return JSON.parse((await output.textContent()) ?? '{}') as { dialog?: string; paths?: string[]; skipped?: unknown[]; added?: number }
}

test.describe('"Add PDFs…" in the browser demo (usePickFiles on a test-only page)', () => {
  test.use({ emulatorOptions: { seed: false }, hostOptions: { pickFilesInPage: true, fixturePages: pickFilesPage() } })

  test('opens the page\'s PDF chooser, copies what is chosen and publishes it; one file for a replace; a cancel adds nothing', async ({
    host,
    emulator,
    page
  }) => {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await host.core.auth.signIn({ apiKey: E2E_KEY, sessionOnly: true })
    await openPickFilesPage(page, host)
    const one = await makePdf(1, 'Été 2025')
    const two = await makePdf(3, 'catalogue')

    let chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: 'Add PDFs…' }).click()
    let chosen = await chooser
    expect(chosen.isMultiple()).toBe(true)
    expect(await chosen.element().getAttribute('accept')).toBe('application/pdf,.pdf')
    await chosen.element().setInputFiles([
      { name: 'Été 2025.pdf', mimeType: 'application/pdf', buffer: one },
      { name: 'catalogue.pdf', mimeType: 'application/pdf', buffer: two }
    ])
    const added = await outcome(page, 1)
    expect(added).toEqual({ paths: expect.any(Array), skipped: [], added: 2 })
    expect(added.paths?.map((path) => path.split('/').at(-1))).toEqual(['Été 2025.pdf', 'catalogue.pdf'])
    for (const path of added.paths ?? []) expect(path.startsWith(`${host.filesDir}/`), path).toBe(true)
    await expect.poll(jobState(host, 'Été 2025'), { timeout: 20_000 }).toBe('done')
    await expect.poll(jobState(host, 'catalogue'), { timeout: 20_000 }).toBe('done')
    expect(await storedPdf(emulator, 'Été 2025')).toEqual(one)
    expect(await storedPdf(emulator, 'catalogue')).toEqual(two)

    // "Replace from file…" asks for one file and gets its path.
    chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: 'Replace from file…' }).click()
    chosen = await chooser
    expect(chosen.isMultiple()).toBe(false)
    await chosen.element().setInputFiles([{ name: 'new version.pdf', mimeType: 'application/pdf', buffer: one }])
    const replacement = await outcome(page, 2)
    expect(replacement.paths?.map((path) => path.split('/').at(-1))).toEqual(['new version.pdf'])
    expect(await readFile(replacement.paths?.[0] ?? '')).toEqual(one)

    // Nothing chosen: nothing copied, nothing queued. One input serves every pick.
    chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: 'Add PDFs…' }).click()
    await (await chooser).element().setInputFiles([])
    expect(await outcome(page, 3)).toEqual({ paths: [], skipped: [], added: 0 })
    await expect(page.locator('input[type="file"]')).toHaveCount(1)
    expect(emulator.state.allItems()).toHaveLength(2)
    expect(errors).toEqual([])
  })
})

test.describe('"Add PDFs…" where main has the dialog (the app, and the test host by default)', () => {
  test.use({ hostOptions: { fixturePages: pickFilesPage() } })

  test('usePickFiles resolves to null at once and opens no chooser, so the caller asks main', async ({ host, page }) => {
    await openPickFilesPage(page, host)
    let chooserOpened = false
    page.on('filechooser', () => {
      chooserOpened = true
    })
    await page.getByRole('button', { name: 'Add PDFs…' }).click()
    expect(await outcome(page, 1)).toEqual({ dialog: 'main' })
    expect(chooserOpened).toBe(false)
    await expect(page.locator('input[type="file"]')).toHaveCount(0)
  })
})
