import { mkdtempSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { makePdf, writeLargePdf } from '../emulator/fixtures/make-pdf'
import { deleteOnServer } from '../support/delete-on-server'
import { expect, test } from './fixtures'
import { PublishPage } from './pages/publish-page'
import { EVERY_SIZE, snapshotLaptop } from './support/snapshot-laptop'

/*
 * Plan full keeps the files: what would go over the plan waits in the queue ("Waiting for
 * room"), the plan-full banner acts on those waiting files, and what the plan refused is listed
 * apart from files skipped for what they are.
 */

/** Files "dropped" in these tests: the test host resolves a dropped name to this folder. */
const dropDir = mkdtempSync(join(tmpdir(), 'flipdrop-e2e-room-'))
test.use({ signedIn: true, hostOptions: { dropDir } })

async function pdf(name: string, pages = 1): Promise<void> {
  await writeFile(join(dropDir, name), await makePdf(pages, name))
}

test.describe('a plan with room for 2 more flipbooks and 5 documents', () => {
  test.use({ emulatorOptions: { seed: false, maxItems: { flipbooks: 2, documents: 5 } } })

  test('the files over the plan wait as rows, and "Publish these 3 as Documents" publishes exactly those', async ({ app, emulator, page }) => {
    // Six pictures, each scanned by axe, on a machine shared with other runs.
    test.slow()
    const publish = new PublishPage(page)
    const names = ['one', 'two', 'three', 'four', 'five']
    for (const name of names) await pdf(`${name}.pdf`)
    await expect(app.heading('publish')).toBeVisible()
    await expect(publish.quota.locator('[data-kind="Flipbook"]')).toContainText('2 left')
    const files = names.map((name) => ({ name: `${name}.pdf` }))
    await publish.dragOver(files)
    await expect(publish.overlay).toContainText('Your plan has room for 2 more flipbooks: 3 will wait for room.')
    await publish.drop(files)
    await expect(publish.row('one')).toHaveAttribute('data-state', 'done', { timeout: 15_000 })
    await expect(publish.row('two')).toHaveAttribute('data-state', 'done', { timeout: 15_000 })
    // Kept in the queue, not skipped: their rows say they wait for room, and nothing was sent for them.
    await expect(publish.rows).toHaveCount(5)
    for (const name of ['three', 'four', 'five']) {
      await expect(publish.state(name)).toHaveText('Waiting for room')
      await expect(publish.reason(name)).toHaveText('Goes on by itself once your plan has room.')
    }
    await expect(publish.skipped).toHaveCount(0)
    await expect(publish.overPlan).toHaveCount(0)
    await expect(publish.planFull.getByRole('heading')).toHaveText('3 files waiting for room in your plan')
    await expect(publish.planFull.getByRole('button', { name: /Upgrade your plan/ })).toBeVisible()
    const asDocuments = publish.planFull.getByRole('button', { name: 'Publish these 3 as Documents · 5 left' })
    await expect(asDocuments).toBeVisible()
    expect([...emulator.state.items.values()].map((item) => item.name).sort()).toEqual(['one', 'two'])
    await snapshotLaptop(page, 'publish-waiting-for-room', EVERY_SIZE)

    await asDocuments.click()
    for (const name of ['three', 'four', 'five']) await expect(publish.row(name)).toHaveAttribute('data-state', 'done', { timeout: 15_000 })
    await expect(publish.row('three')).toContainText('Document')
    await expect(publish.planFull.getByRole('heading')).toHaveText('Your plan has no flipbooks left')
    const items = [...emulator.state.items.values()].map((item) => `${item.name}:${item.docType}`).sort()
    expect(items).toEqual(['five:Document', 'four:Document', 'one:Flipbook', 'three:Document', 'two:Flipbook'])
  })
})

test.describe('a plan with room for 1 more flipbook', () => {
  test.use({ emulatorOptions: { seed: false, maxItems: { flipbooks: 1, documents: 5 } } })

  test('back at the window after an item was deleted on the website, the waiting file goes on by itself', async ({ app, emulator, page }) => {
    const publish = new PublishPage(page)
    for (const name of ['first.pdf', 'second.pdf']) await pdf(name)
    await expect(app.heading('publish')).toBeVisible()
    await expect(publish.quota.locator('[data-kind="Flipbook"]')).toContainText('1 left')
    await publish.drop([{ name: 'first.pdf' }, { name: 'second.pdf' }])
    await expect(publish.row('first')).toHaveAttribute('data-state', 'done', { timeout: 15_000 })
    await expect(publish.state('second')).toHaveText('Waiting for room')

    // Deleted on the service's website; coming back to the window reads the plan again.
    deleteOnServer(emulator, [...emulator.state.items.values()].filter((item) => item.name === 'first').map((item) => item.id))
    await page.evaluate(() => window.dispatchEvent(new Event('focus')))
    await expect(publish.row('second')).toHaveAttribute('data-state', 'done', { timeout: 15_000 })
    await expect(publish.planFull.getByRole('heading')).toHaveText('Your plan has no flipbooks left')
    expect([...emulator.state.items.values()].map((item) => item.name)).toEqual(['second'])
  })
})

test.describe('a plan with a 1 MB upload limit', () => {
  test.use({ emulatorOptions: { maxFileMb: 1 } })

  test("the plan's refusals and the other skips are two groups, each with its own heading", async ({ app, page }) => {
    // Six pictures, each scanned by axe, on a machine shared with other runs.
    test.slow()
    const publish = new PublishPage(page)
    await pdf('flyer.pdf')
    await writeLargePdf(join(dropDir, 'poster.pdf'), 2 * 1024 * 1024)
    await writeFile(join(dropDir, 'notes.txt'), 'meeting notes, not a PDF')
    await expect(app.heading('publish')).toBeVisible()
    await expect(publish.quota).toContainText('left')
    await publish.drop([{ name: 'flyer.pdf' }])
    await expect(publish.row('flyer')).toHaveAttribute('data-state', 'done', { timeout: 15_000 })

    // Again: already published (skipped by choice), too large for the plan, and not a PDF.
    await publish.drop([{ name: 'flyer.pdf' }, { name: 'poster.pdf' }, { name: 'notes.txt', type: 'text/plain' }])
    await publish.sameContent('flyer.pdf').getByRole('button', { name: 'Skip' }).click()
    await expect(publish.overPlan.getByRole('heading')).toHaveText('Over your plan’s limits · 1 file')
    await expect(publish.overPlan).toContainText('poster.pdf is 2 MB; your plan allows 1 MB.')
    await expect(publish.overPlan).not.toContainText('flyer.pdf')
    await expect(publish.skipped.getByRole('heading')).toHaveText('Skipped 2 files')
    await expect(publish.skipped).toContainText('flyer.pdf: the same content is already published')
    await expect(publish.skipped).toContainText('notes.txt')
    await expect(publish.skipped).not.toContainText('poster.pdf')
    await snapshotLaptop(page, 'publish-plan-refusals-apart', EVERY_SIZE)

    // Each group is dismissed on its own.
    await publish.overPlan.getByRole('button', { name: /^Dismiss/ }).click()
    await expect(publish.overPlan).toHaveCount(0)
    await expect(publish.skipped).toBeVisible()
  })
})
