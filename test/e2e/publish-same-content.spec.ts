import { mkdtempSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { UNDO_WINDOW_MS } from '../../src-shared/domain/queue'
import { makePdf } from '../emulator/fixtures/make-pdf'
import type { RunningEmulator } from '../emulator'
import { deleteOnServer } from '../support/delete-on-server'
import { expect, test } from './fixtures'
import { PublishPage } from './pages/publish-page'
import { LAPTOP_SIZES, snapshotLaptop } from './support/snapshot-laptop'

/*
 * Issue 18 parts 1, 2 and 7 on the publish side: nothing live changes by accident (Replace
 * asks with both covers, then waits out an Undo window before anything is sent), several
 * questions are one table, and a replace whose item is gone offers "Publish as new".
 */
const dropDir = mkdtempSync(join(tmpdir(), 'flipdrop-e2e-same-'))
test.use({ signedIn: true, hostOptions: { dropDir }, emulatorOptions: { seed: false } })

const replaces = (emulator: RunningEmulator): number => emulator.state.requests.filter((entry) => entry.path.startsWith('/api/replace-pdf')).length
const creates = (emulator: RunningEmulator): number => emulator.state.requests.filter((entry) => entry.path.startsWith('/api/create-by-')).length

async function publishOnce(publish: PublishPage, names: string[]): Promise<void> {
  for (const name of names) await writeFile(join(dropDir, `${name}.pdf`), await makePdf(2, name))
  await publish.drop(names.map((name) => ({ name: `${name}.pdf` })))
  for (const name of names) await expect(publish.row(name)).toHaveAttribute('data-state', 'done', { timeout: 15_000 })
  await publish.page.getByRole('button', { name: 'Clear finished' }).click()
  await expect(publish.empty).toBeVisible()
}

/*
 * The pictures of the undo window (a screenshot and an axe scan in light and dark) take longer
 * than its 10 s on a busy machine; they get a window of a minute, so the picture is always of the
 * window still open. The real 10 s is checked by the test after, without pictures.
 */
test.describe('with a window long enough for pictures', () => {
  test.use({ hostOptions: { dropDir, core: { queue: { undoWindowMs: 60_000 } } } })

  test('Replace on already-published content asks first, and Undo within the window sends nothing', async ({ app, emulator, page }) => {
    test.setTimeout(120_000)
    const publish = new PublishPage(page)
    await expect(app.heading('publish')).toBeVisible()
    await publishOnce(publish, ['alpha'])

    await publish.drop([{ name: 'alpha.pdf' }])
    const question = publish.sameContent('alpha.pdf')
    await expect(question).toContainText('alpha.pdf is already published as “alpha”.')
    await expect(question).toContainText('Replacing keeps its link')
    await question.getByRole('button', { name: 'Replace “alpha”…' }).click()

    // The confirmation: the item named, its link kept, the new first page beside the cover.
    const dialog = publish.replaceDialog
    await expect(dialog).toHaveAccessibleName('Replace “alpha”?')
    await expect(dialog).toContainText('The link stays the same.')
    await expect(dialog.getByTestId('replace-new')).toHaveAttribute('data-state', 'ready', { timeout: 15_000 })
    await expect(publish.row('alpha')).toHaveAttribute('data-paused', 'true')
    await snapshotLaptop(page, 'publish-replace-confirm')
    expect(replaces(emulator)).toBe(0)

    // Confirmed, then undone within the window, once per laptop size.
    for (const size of LAPTOP_SIZES) {
      if ((await publish.rows.count()) === 0) {
        await publish.drop([{ name: 'alpha.pdf' }])
        await publish.sameContent('alpha.pdf').getByRole('button', { name: 'Replace “alpha”…' }).click()
      }
      await publish.replaceDialog.getByRole('button', { name: 'Replace', exact: true }).click()
      await expect(publish.replaceDialog).toBeHidden()
      const toast = publish.toast.filter({ hasText: 'Replacing “alpha” in a moment.' })
      await expect(toast.getByRole('button', { name: /^Undo/ })).toBeVisible()
      await expect(publish.state('alpha')).toHaveText('Waiting')
      await expect(publish.reason('alpha')).toHaveText(/^Starts in \d+ s — you can still undo it\.$/)
      await snapshotLaptop(page, 'publish-replace-undo-window', [size])
      await toast.getByRole('button', { name: /^Undo/ }).click()
      await expect(publish.toast.filter({ hasText: 'Replacement undone — nothing was sent.' }).first()).toBeVisible()
      await expect(publish.rows).toHaveCount(0)
    }
    expect(replaces(emulator)).toBe(0)
  })
})

test('with the real 10 s window: Undo sends nothing even after it; confirmed, the replace is sent once, only when the window has passed', async ({
  app,
  emulator,
  page
}) => {
  test.setTimeout(90_000)
  const publish = new PublishPage(page)
  await expect(app.heading('publish')).toBeVisible()
  await publishOnce(publish, ['alpha'])
  const alpha = [...emulator.state.items.values()].find((item) => item.name === 'alpha')
  const before = { fileId: alpha?.fileId, slug: alpha?.slug }

  // Confirmed, then undone at once.
  await publish.drop([{ name: 'alpha.pdf' }])
  await publish.sameContent('alpha.pdf').getByRole('button', { name: 'Replace “alpha”…' }).click()
  await publish.replaceDialog.getByRole('button', { name: 'Replace', exact: true }).click()
  const toast = publish.toast.filter({ hasText: 'Replacing “alpha” in a moment.' })
  await toast.getByRole('button', { name: /^Undo/ }).click()
  await expect(publish.toast.filter({ hasText: 'Replacement undone — nothing was sent.' }).first()).toBeVisible()
  await expect(publish.rows).toHaveCount(0)
  // Past the window: still nothing was sent.
  await page.waitForTimeout(UNDO_WINDOW_MS + 1000)
  expect(replaces(emulator)).toBe(0)
  expect(emulator.state.items.get(alpha?.id ?? 0)?.fileId).toBe(before.fileId)

  // Again, and this time it goes: nothing before the window has passed, then exactly one replace.
  await publish.drop([{ name: 'alpha.pdf' }])
  await publish.sameContent('alpha.pdf').getByRole('button', { name: 'Replace “alpha”…' }).click()
  await publish.replaceDialog.getByRole('button', { name: 'Replace', exact: true }).click()
  const confirmedAt = Date.now()
  await expect(publish.row('alpha').getByRole('button', { name: 'Undo the replacement of alpha' })).toBeVisible()
  await page.waitForTimeout(UNDO_WINDOW_MS / 2)
  expect(replaces(emulator)).toBe(0)
  await expect(publish.row('alpha')).toHaveAttribute('data-state', 'done', { timeout: UNDO_WINDOW_MS + 15_000 })
  expect(Date.now() - confirmedAt).toBeGreaterThanOrEqual(UNDO_WINDOW_MS - 500)
  await expect(publish.state('alpha')).toHaveText('Updated')
  expect(replaces(emulator)).toBe(1)
  const after = emulator.state.items.get(alpha?.id ?? 0)
  expect(after?.slug).toBe(before.slug)
  expect(after?.fileId).not.toBe(before.fileId)
  // No item IDs anywhere in the view.
  await expect(page.locator('.publish')).not.toContainText(String(alpha?.id))
})

test('several questions are one table: the choice for all at the top, one answer each, the replaces confirmed together', async ({
  app,
  emulator,
  page
}) => {
  test.setTimeout(90_000)
  const publish = new PublishPage(page)
  await expect(app.heading('publish')).toBeVisible()
  await publishOnce(publish, ['north', 'south', 'east'])
  const createsBefore = creates(emulator)

  await publish.drop([{ name: 'north.pdf' }, { name: 'south.pdf' }, { name: 'east.pdf' }])
  const table = publish.questions
  await expect(table.getByRole('heading')).toHaveText('Already published · 3 files')
  await expect(table.getByRole('columnheader')).toHaveText(['File', 'Published as', 'What to do'])
  await expect(table.getByTestId('same-content')).toHaveCount(3)
  await expect(publish.sameContent('north.pdf').getByRole('link', { name: 'north' })).toBeVisible()
  await snapshotLaptop(page, 'publish-same-content-table')

  // Nothing is assumed: Continue with no choice says what is missing and sends nothing.
  await table.getByRole('button', { name: 'Continue' }).click()
  await expect(table).toContainText('3 files without a choice yet')
  await table.getByRole('combobox', { name: 'For all files' }).selectOption({ label: 'Replace (same link)' })
  for (const file of ['north.pdf', 'south.pdf', 'east.pdf']) {
    await expect(table.getByRole('combobox', { name: `What to do with ${file}` })).toHaveValue('replace')
  }
  await table.getByRole('combobox', { name: 'What to do with east.pdf' }).selectOption({ label: 'Publish as new' })
  await table.getByRole('button', { name: 'Continue' }).click()

  const dialog = publish.replaceDialog
  await expect(dialog).toHaveAccessibleName('Replace 2 items?')
  await expect(dialog.getByRole('list', { name: 'What changes' }).getByRole('listitem')).toHaveCount(2)
  await expect(table).toBeHidden()
  await dialog.getByRole('button', { name: 'Replace 2' }).click()
  await expect(publish.row('east')).toHaveAttribute('data-state', 'done', { timeout: 15_000 })
  expect(replaces(emulator)).toBe(0)
  for (const name of ['north', 'south']) await expect(publish.row(name)).toHaveAttribute('data-state', 'done', { timeout: UNDO_WINDOW_MS + 15_000 })
  expect(replaces(emulator)).toBe(2)
  expect(creates(emulator) - createsBefore).toBe(1)
  expect([...emulator.state.items.values()].filter((item) => item.name === 'east')).toHaveLength(2)
  await expect(publish.batchHeadline).toHaveText('1 flipbook published · 2 items updated (same links)')
})

test('"Skip all" from the table sends nothing and says what was skipped', async ({ app, emulator, page }) => {
  const publish = new PublishPage(page)
  await expect(app.heading('publish')).toBeVisible()
  await publishOnce(publish, ['left', 'right'])
  await publish.drop([{ name: 'left.pdf' }, { name: 'right.pdf' }])
  await publish.questions.getByRole('combobox', { name: 'For all files' }).selectOption({ label: 'Skip' })
  await publish.questions.getByRole('button', { name: 'Continue' }).click()
  await expect(publish.questions).toBeHidden()
  await expect(publish.skipped).toContainText('Skipped left.pdf')
  await expect(publish.skipped).toContainText('Skipped right.pdf')
  expect([...emulator.state.items.values()]).toHaveLength(2)
})

test('a replace whose item was deleted on the service fails with why, and offers "Publish as new"', async ({ app, host, emulator, page }) => {
  const publish = new PublishPage(page)
  await expect(app.heading('publish')).toBeVisible()
  await publishOnce(publish, ['poster'])
  const poster = [...emulator.state.items.values()].find((item) => item.name === 'poster')
  const path = join(dropDir, 'poster v2.pdf')
  await writeFile(path, await makePdf(4, 'poster v2'))
  // Queued as the library queues a confirmed replace; the item goes away on the service before it is sent.
  const { added } = await host.core.uploads.replace({ itemId: poster?.id ?? 0, docType: 'Flipbook', path, confirmFirst: true })
  deleteOnServer(emulator, [poster?.id ?? 0])
  await host.core.uploads.resume({ jobId: added[0]?.id ?? '' })
  await expect(publish.row('poster')).toHaveAttribute('data-state', 'failed', { timeout: 15_000 })
  await expect(publish.state('poster')).toHaveText('Failed')
  await expect(publish.reason('poster')).not.toBeEmpty()
  await expect(publish.row('poster').getByRole('button', { name: 'Retry poster' })).toHaveCount(0)
  await snapshotLaptop(page, 'publish-item-gone')

  await publish.row('poster').getByRole('button', { name: 'Publish poster as a new item' }).click()
  await expect(publish.row('poster')).toHaveAttribute('data-state', 'done', { timeout: 15_000 })
  await expect(publish.state('poster')).toHaveText('Published')
  const now = [...emulator.state.items.values()].filter((item) => item.name === 'poster')
  expect(now).toHaveLength(1)
  expect(now[0]?.id).not.toBe(poster?.id)
  expect(now[0]?.pages).toBe(4)
})
