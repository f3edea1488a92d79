import { mkdtempSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { makePdf } from '../emulator/fixtures/make-pdf'
import { expect, test } from './fixtures'
import { PublishPage } from './pages/publish-page'

const dropDir = mkdtempSync(join(tmpdir(), 'flipdrop-e2e-same-'))
test.use({ signedIn: true, hostOptions: { dropDir }, emulatorOptions: { seed: false } })

test('the same content again asks per file: replace keeps the item and its link, new makes another, skip sends nothing', async ({
  app,
  emulator,
  page
}) => {
  const publish = new PublishPage(page)
  for (const name of ['alpha', 'beta', 'gamma']) await writeFile(join(dropDir, `${name}.pdf`), await makePdf(2, name))
  const files = [{ name: 'alpha.pdf' }, { name: 'beta.pdf' }, { name: 'gamma.pdf' }]
  await expect(app.heading('publish')).toBeVisible()
  await publish.drop(files)
  for (const name of ['alpha', 'beta', 'gamma']) await expect(publish.row(name)).toHaveAttribute('data-state', 'done', { timeout: 15_000 })
  // Copied, since the emulator changes its records in place.
  const first = new Map([...emulator.state.items.values()].map((item) => [item.name, { id: item.id, slug: item.slug, fileId: item.fileId }]))
  await page.getByRole('button', { name: 'Clear finished' }).click()
  await expect(page.getByTestId('empty-queue')).toBeVisible()

  await publish.drop(files)
  for (const file of files) await expect(publish.sameContent(file.name)).toBeVisible()
  await expect(publish.sameContent('alpha.pdf')).toContainText('is already published as “alpha”')
  const creates = (): number => emulator.state.requests.filter((entry) => entry.path === '/api/create-by-file').length
  const createsBefore = creates()

  await publish.sameContent('alpha.pdf').getByRole('button', { name: 'Replace “alpha”' }).click()
  await publish.sameContent('beta.pdf').getByRole('button', { name: 'Publish a new one' }).click()
  await publish.sameContent('gamma.pdf').getByRole('button', { name: 'Skip' }).click()
  await expect(page.getByTestId('same-content')).toHaveCount(0)
  await expect(publish.skipped).toContainText('Skipped gamma.pdf: the same content is already published as “gamma”')

  await expect(publish.rows).toHaveCount(2)
  await expect(publish.row('alpha')).toHaveAttribute('data-state', 'done', { timeout: 15_000 })
  await expect(publish.row('alpha')).toContainText('Replaces item')
  await expect(publish.row('beta')).toHaveAttribute('data-state', 'done', { timeout: 15_000 })
  const items = [...emulator.state.items.values()]
  // Replace: same item, same link, its PDF sent again (PUT replace-pdf), no create.
  const alpha = items.filter((item) => item.name === 'alpha')
  expect(alpha).toEqual([expect.objectContaining({ id: first.get('alpha')?.id, slug: first.get('alpha')?.slug })])
  expect(alpha[0]?.fileId).not.toBe(first.get('alpha')?.fileId)
  expect(emulator.state.requests.filter((entry) => entry.path === `/api/replace-pdf/${first.get('alpha')?.id}`)).toHaveLength(1)
  // New: a second item. Skip: nothing.
  expect(items.filter((item) => item.name === 'beta')).toHaveLength(2)
  expect(items.filter((item) => item.name === 'gamma')).toHaveLength(1)
  expect(creates() - createsBefore).toBe(1)
})

test('"for all" answers every question at once', async ({ app, emulator, page }) => {
  const publish = new PublishPage(page)
  for (const name of ['north', 'south']) await writeFile(join(dropDir, `${name}.pdf`), await makePdf(1, name))
  const files = [{ name: 'north.pdf' }, { name: 'south.pdf' }]
  await expect(app.heading('publish')).toBeVisible()
  await publish.drop(files)
  for (const name of ['north', 'south']) await expect(publish.row(name)).toHaveAttribute('data-state', 'done', { timeout: 15_000 })
  await publish.drop(files)
  await expect(page.getByTestId('same-content')).toHaveCount(2)
  await page.getByRole('button', { name: 'Skip all' }).click()
  await expect(page.getByTestId('same-content')).toHaveCount(0)
  await expect(publish.skipped).toContainText('Skipped north.pdf')
  await expect(publish.skipped).toContainText('Skipped south.pdf')
  expect([...emulator.state.items.values()]).toHaveLength(2)
})
