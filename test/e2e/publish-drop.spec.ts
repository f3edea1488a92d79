import { mkdtempSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { makePdf, writeLargePdf } from '../emulator/fixtures/make-pdf'
import { expect, test } from './fixtures'
import { PublishPage } from './pages/publish-page'

/** Files "dropped" in these tests: the test host resolves a dropped name to this folder. */
const dropDir = mkdtempSync(join(tmpdir(), 'flipdrop-e2e-drop-'))
test.use({ signedIn: true, hostOptions: { dropDir } })

async function pdf(name: string, pages = 1): Promise<string> {
  const path = join(dropDir, name)
  await writeFile(path, await makePdf(pages, name))
  return path
}

test('dropping 3 PDFs and a text file publishes the PDFs with progress, lists the text file as skipped, and copies a link', async ({
  app,
  host,
  emulator,
  page
}) => {
  const publish = new PublishPage(page)
  await writeLargePdf(join(dropDir, 'summer.pdf'), 24 * 1024 * 1024)
  await pdf('spring.pdf', 2)
  await pdf('autumn.pdf')
  await writeFile(join(dropDir, 'notes.txt'), 'meeting notes, not a PDF')
  await expect(app.heading('publish')).toBeVisible()
  await expect(publish.empty).toBeVisible()

  const files = [{ name: 'summer.pdf' }, { name: 'spring.pdf' }, { name: 'autumn.pdf' }, { name: 'notes.txt', type: 'text/plain' }]
  await publish.dragOver(files)
  await expect(publish.overlay).toContainText('Publish 3 PDFs as flipbooks')
  await expect(publish.overlay).toContainText('1 file is not a PDF and will be skipped.')

  // The service holds each create for a moment before reading it: the big one visibly moves.
  emulator.faults.add({ route: '/api/create-by-file', kind: 'latency', ms: 1500, count: 3 })
  const progress = await publish.recordProgress()
  await publish.drop(files)
  await expect(publish.overlay).toBeHidden()
  await expect(publish.skipped).toContainText('notes.txt')
  await expect(publish.skipped).toContainText('not a PDF')
  await expect(publish.rows).toHaveCount(3)
  for (const name of ['summer', 'spring', 'autumn']) {
    await expect(publish.row(name)).toHaveAttribute('data-state', 'done', { timeout: 20_000 })
  }
  const values = await progress()
  expect(values.some((value) => value > 0 && value < 100), `progress seen: ${values.join(', ')}`).toBe(true)
  const items = [...emulator.state.items.values()]
  for (const name of ['summer', 'spring', 'autumn']) expect(items.filter((item) => item.name === name)).toHaveLength(1)
  expect(items.some((item) => item.name === 'notes')).toBe(false)

  // A finished job shows its link, ready to copy (through main's clipboard).
  const spring = items.find((item) => item.name === 'spring')
  const link = publish.row('spring').getByTestId('job-link')
  await expect(link).toHaveText(/^127\.0\.0\.1:\d+\/view\//)
  await expect(publish.state('spring')).toHaveText('Published')
  await publish.row('spring').getByRole('button', { name: 'Copy link of spring' }).click()
  await expect.poll(() => host.copiedTexts.at(-1)).toBe(await link.getAttribute('href'))
  await expect(publish.row('spring').getByRole('button', { name: 'Copy link of spring' })).toHaveText('Copied')
  await expect(publish.announcer).toHaveText('Link copied.')
  expect(spring).toBeDefined()
  await expect(publish.batchHeadline).toHaveText('3 flipbooks published')
})

test.describe('a plan with a 1 MB upload limit', () => {
  test.use({ emulatorOptions: { maxFileMb: 1 } })

  test('a file over the limit gets its message and is never sent', async ({ app, emulator, page }) => {
    const publish = new PublishPage(page)
    await writeLargePdf(join(dropDir, 'poster.pdf'), 2 * 1024 * 1024)
    await expect(app.heading('publish')).toBeVisible()
    // The limit is learned from the plan before anything is dropped.
    await expect(publish.quota).toContainText('Flipbooks')
    await expect(publish.quota).toContainText('left')
    await publish.drop([{ name: 'poster.pdf' }])
    await expect(publish.overPlan).toContainText('poster.pdf is 2 MB; your plan allows 1 MB.')
    await expect(publish.empty).toBeVisible()
    expect(emulator.state.requests.filter((entry) => entry.path.startsWith('/api/create'))).toEqual([])
  })
})
