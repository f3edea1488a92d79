import { mkdtempSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ShareRef } from '../../src-shared/domain/share'
import { makePdf } from '../emulator/fixtures/make-pdf'
import { expect, test } from './fixtures'
import { PublishPage } from './pages/publish-page'
import { lastShared, shareSheet } from './support/share-requests'
import { EVERY_SIZE, snapshotLaptop } from './support/snapshot-laptop'

/*
 * Issue 30, where sharing starts: a published row's menu, the end of a batch. Each opens the
 * Share sheet for its items, in the order shown; what the sheet asked main for says which.
 */
const dropDir = mkdtempSync(join(tmpdir(), 'flipdrop-e2e-share-entry-'))
test.use({ signedIn: true, hostOptions: { dropDir }, emulatorOptions: { seed: false } })

async function pdf(name: string): Promise<void> {
  await writeFile(join(dropDir, `${name}.pdf`), await makePdf(1, name))
}

test('a published row’s ⋯ menu shares that item, by mouse and by keyboard; its old embed entry is gone', async ({ app, host, emulator, page }) => {
  const publish = new PublishPage(page)
  for (const name of ['spring', 'summer']) await pdf(name)
  await expect(app.heading('publish')).toBeVisible()
  await publish.drop([{ name: 'spring.pdf' }, { name: 'summer.pdf' }])
  await expect(publish.row('summer')).toHaveAttribute('data-state', 'done', { timeout: 15_000 })
  await expect(publish.row('spring')).toHaveAttribute('data-state', 'done', { timeout: 15_000 })
  const idOf = (name: string): number => [...emulator.state.items.values()].find((item) => item.name === name)?.id ?? -1

  await publish.more('summer').click()
  await expect(publish.menu.getByRole('menuitem', { name: 'Copy embed code' })).toHaveCount(0)
  await expect(publish.menu.getByRole('menuitem').first()).toHaveText('Share…')
  await snapshotLaptop(page, 'share-entry-row-menu', EVERY_SIZE)
  await publish.menu.getByRole('menuitem', { name: 'Share…' }).click()
  await expect(shareSheet(page)).toBeVisible()
  await expect.poll(() => lastShared(host)).toEqual([{ id: idOf('summer'), docType: 'Flipbook' }] satisfies ShareRef[])
  await page.keyboard.press('Escape')
  await expect(shareSheet(page)).toBeHidden()

  // Keyboard: the ⋯ button opens on Enter, Share… is the first entry, Enter takes it.
  await publish.more('spring').focus()
  await page.keyboard.press('Enter')
  await expect(publish.menu.getByRole('menuitem', { name: 'Share…' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(shareSheet(page)).toBeVisible()
  await expect.poll(() => lastShared(host)).toEqual([{ id: idOf('spring'), docType: 'Flipbook' }] satisfies ShareRef[])
  await page.keyboard.press('Escape')
  // Focus goes back where the sheet was opened from.
  await expect(publish.more('spring')).toBeFocused()
})

test('the end of a batch shares every item published, in the order shown', async ({ app, host, emulator, page }) => {
  const publish = new PublishPage(page)
  const names = ['north', 'south', 'east']
  for (const name of names) await pdf(name)
  await expect(app.heading('publish')).toBeVisible()
  await publish.drop(names.map((name) => ({ name: `${name}.pdf` })))
  await expect(publish.batchHeadline).toHaveText('3 flipbooks published', { timeout: 30_000 })
  const share = publish.batch.getByRole('button', { name: 'Share all…' })
  await expect(share).toBeVisible()
  await snapshotLaptop(page, 'share-entry-batch-end', EVERY_SIZE)

  const shown = await publish.rows.locator('.job-name').allTextContents()
  const byName = new Map([...emulator.state.items.values()].map((item) => [item.name, item.id]))
  await share.click()
  await expect(shareSheet(page)).toBeVisible()
  await expect.poll(() => lastShared(host)).toEqual(shown.map((name) => ({ id: byName.get(name), docType: 'Flipbook' })))
  expect(shown).toHaveLength(3)
})
