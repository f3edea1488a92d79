import type { Locator } from '@playwright/test'
import { expect, test } from './fixtures'
import { LibraryPage } from './pages/library-page'
import { EVERY_SIZE, snapshotLaptop } from './support/snapshot-laptop'

/*
 * Issue 29, "lists start at the top": another order, kind, search or folder starts a 10,000-item
 * library at the top (coming back to a folder finds it where it was left); the selected card
 * stays in view when the details panel opens and the grid reflows; Escape closes the details
 * wherever focus is, unless a dialog answers it first.
 */
test.use({ signedIn: true, emulatorOptions: { seed: 10_000 }, viewport: { width: 1280, height: 800 } })

const DEEP = 38_821

async function scrollTopOf(library: LibraryPage): Promise<number> {
  return library.scroller.evaluate((element) => element.scrollTop)
}

async function scrollTo(library: LibraryPage, top: number): Promise<void> {
  await library.scroller.evaluate((element, to) => element.scrollTo(0, to), top)
  await expect.poll(() => scrollTopOf(library)).toBeGreaterThan(top - 900)
}

/** Whether an entry is wholly inside the scroller's visible box. */
async function whollyShown(library: LibraryPage, entry: Locator): Promise<boolean> {
  const [box, frame] = [await entry.boundingBox(), await library.scroller.boundingBox()]
  if (!box || !frame) return false
  return box.y >= frame.y - 1 && box.y + box.height <= frame.y + frame.height + 1 && box.x >= frame.x - 1 && box.x + box.width <= frame.x + frame.width + 1
}

test('another order, kind, search or folder starts at the top; a folder comes back where it was left', async ({ app, emulator, page }) => {
  test.setTimeout(150_000)
  const library = new LibraryPage(page)
  await app.goTo('library')
  await expect(library.summary).toHaveText('10,000 items', { timeout: 90_000 })
  const items = [...emulator.state.items.values()]

  // "Most viewed" from 38,821 px down: the most viewed item is the first one seen.
  await scrollTo(library, DEEP)
  await library.sortBy('Most viewed')
  expect(await scrollTopOf(library)).toBe(0)
  const most = Math.max(...items.map((item) => item.views))
  await expect(library.entries.first().locator('.tile-views')).toContainText(most.toLocaleString('en-US'))

  await scrollTo(library, DEEP)
  await page.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'Documents' })
  await expect(library.summary).not.toHaveText('10,000 items')
  expect(await scrollTopOf(library)).toBe(0)
  await page.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'All kinds' })

  await scrollTo(library, DEEP)
  await library.search.fill('Report')
  await expect(library.summary).toContainText('of 10,000 items')
  expect(await scrollTopOf(library)).toBe(0)
  await library.search.fill('')

  // Folders: each starts at the top the first time, and where it was left when it comes back.
  const folders = page.getByRole('list', { name: 'Library folders' })
  const [first, second] = [...new Set(items.map((item) => item.folder).filter((name) => name !== ''))]
  if (!first || !second) throw new Error('the seed has folders')
  await scrollTo(library, DEEP)
  await folders.getByRole('button', { name: first }).click()
  await expect(library.summary).toContainText(`in ${first}`)
  expect(await scrollTopOf(library)).toBe(0)
  await scrollTo(library, 5_000)
  const left = await scrollTopOf(library)
  await folders.getByRole('button', { name: second }).click()
  await expect(library.summary).toContainText(`in ${second}`)
  expect(await scrollTopOf(library)).toBe(0)
  await folders.getByRole('button', { name: first }).click()
  await expect.poll(() => scrollTopOf(library)).toBe(left)
})

test('the selected card stays in view as the details panel opens, and Escape closes the details wherever focus is', async ({ app, page }) => {
  test.setTimeout(150_000)
  const library = new LibraryPage(page)
  await app.goTo('library')
  await expect(library.summary).toHaveText('10,000 items', { timeout: 90_000 })
  await scrollTo(library, DEEP)

  // The last card wholly in view, at the right end of its row: the panel takes its column away.
  const shown: Locator[] = []
  for (const entry of await library.entries.all()) if (await whollyShown(library, entry)) shown.push(entry)
  const card = shown.at(-1)
  if (!card) throw new Error('cards are shown')
  const name = (await card.locator('.entry-name').textContent()) ?? ''
  await card.click()
  await expect(library.details).toBeVisible()
  const selected = library.entry(name)
  await expect.poll(() => whollyShown(library, selected)).toBe(true)
  await snapshotLaptop(page, 'library-details-in-view', EVERY_SIZE)

  // Escape from a button inside the panel closes it, and focus goes back to the card.
  await library.details.getByRole('button', { name: 'Copy link' }).focus()
  await page.keyboard.press('Escape')
  await expect(library.details).toBeHidden()
  await expect(selected).toBeFocused()
  await expect.poll(() => whollyShown(library, selected)).toBe(true)

  // From the (empty) search field too.
  await selected.press('Enter')
  await expect(library.details).toBeVisible()
  await library.search.focus()
  await page.keyboard.press('Escape')
  await expect(library.details).toBeHidden()

  // A menu over the panel takes the first Escape; the next one closes the details.
  await selected.press('Enter')
  await expect(library.details).toBeVisible()
  await page.getByTestId('account-menu').click()
  const menu = page.getByRole('menu')
  await expect(menu).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(library.details).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(library.details).toBeHidden()
})

test('Duplicate is off with the reason when the plan has no room for one more item of its kind', async ({ app, emulator, page }) => {
  test.setTimeout(150_000)
  const library = new LibraryPage(page)
  await app.goTo('library')
  await expect(library.summary).toHaveText('10,000 items', { timeout: 90_000 })
  // 10,000 items on a plan of 100 flipbooks and 100 documents: no room for either kind.
  const quota = page.getByRole('group', { name: 'Your plan' })
  await expect(quota).toContainText('none left')
  for (const [kind, noun] of [['Flipbook', 'flipbooks'], ['Document', 'documents']] as const) {
    // A numbered copy: its name alone finds it among 10,000.
    const item = [...emulator.state.items.values()].find((entry) => entry.docType === kind && / \(\d+\)$/.test(entry.name))
    if (!item) throw new Error(`the seed has a ${kind}`)
    await library.search.fill(item.name)
    await library.entry(item.name).click()
    const duplicate = library.details.getByRole('button', { name: 'Duplicate' })
    await expect(duplicate).toBeDisabled()
    await expect(duplicate).toHaveAccessibleDescription(`Your plan is full: no ${noun} left.`)
    await expect(library.details.getByLabel('Copies')).toBeDisabled()
    await library.details.getByTestId('duplicate-full').scrollIntoViewIfNeeded()
    if (kind === 'Flipbook') await snapshotLaptop(page, 'library-duplicate-plan-full', EVERY_SIZE)
    await page.keyboard.press('Escape')
    await expect(library.details).toBeHidden()
  }
  expect(emulator.state.requests.some((entry) => entry.path.startsWith('/api/duplicate/'))).toBe(false)
})

test.describe('with two accounts', () => {
  /*
   * Keys of their own: a key's rate limiter is one per process (limiter-registry.ts), and the
   * tests before this one in the same worker spent E2E_KEY's window on 10,000-item syncs of other
   * emulators, so signing in with it waited out that window (30 s, after the three tests above).
   */
  const FIRST_KEY = 'fd-e2e-library-place-first-8d2e'
  const SECOND_KEY = 'fd-e2e-second-account-5c1a'
  test.use({
    signedIn: false,
    emulatorOptions: { keys: [FIRST_KEY, SECOND_KEY], seed: false, maxItems: 20_000, rateLimit: { limit: 200, windowSeconds: 10 } }
  })

  test('switching account starts the other library at the top', async ({ app, emulator, host, page }) => {
    test.setTimeout(180_000)
    await host.core.auth.signIn({ apiKey: FIRST_KEY, sessionOnly: true })
    await expect(app.accountMenu).toBeVisible()
    await emulator.seed(10_000, FIRST_KEY)
    await emulator.seed(2_000, SECOND_KEY)
    const library = new LibraryPage(page)
    await app.goTo('library')
    // Seeded after the fixture signed in: a sync fetches them.
    await library.syncButton.click()
    await expect(library.summary).toHaveText('10,000 items', { timeout: 90_000 })
    await app.addAccount(SECOND_KEY)
    await expect(library.summary).toHaveText('2,000 items', { timeout: 60_000 })

    const back = [
      [emulator.state.accountOf(FIRST_KEY)?.name ?? 'Dana', '10,000 items'],
      [emulator.state.accountOf(SECOND_KEY)?.name ?? 'Ravi', '2,000 items']
    ] as const
    for (const [account, count] of back) {
      await scrollTo(library, 20_000)
      await app.openAccountMenu()
      await page.getByRole('menuitemradio', { name: new RegExp(account) }).click()
      await expect(library.summary).toHaveText(count)
      expect(await scrollTopOf(library)).toBe(0)
    }
  })
})
