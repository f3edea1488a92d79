import { expect, test } from './fixtures'
import { AccountPage } from './pages/account-page'
import { EVERY_SIZE, snapshotLaptop } from './support/snapshot-laptop'
import { tlsTest } from './support/tls-test'

test.use({ signedIn: true })

/** The names of a skin list's cards, as read on screen: the caption under a thumbnail, or the name on a tinted card. */
function cardNames(list: ReturnType<AccountPage['referenceList']>) {
  return list.getByRole('listitem').evaluateAll((items) => items.map((item) => (item.textContent ?? '').trim()))
}

tlsTest('skins show the service’s thumbnails, each with its name under it', async ({ app, page }) => {
  await app.goTo('account')
  const account = new AccountPage(page)
  const skins = account.referenceList('Flipbook skins')
  await expect(skins.getByRole('listitem').first()).toBeVisible({ timeout: 15_000 })
  await skins.scrollIntoViewIfNeeded()
  const thumbs = skins.locator('img.skin-face')
  await expect(thumbs).toHaveCount(await skins.getByRole('listitem').count())
  await expect.poll(() => thumbs.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).naturalWidth > 0))).toBe(true)
  await expect(skins.locator('.skin-tinted')).toHaveCount(0)
  expect(await cardNames(skins)).toContain('Classic')
  await snapshotLaptop(page, 'skins-thumbnails', EVERY_SIZE)
})

test('a skin whose thumbnail cannot be shown is a tinted card with its name; no engineer words anywhere in the lists', async ({ app, page }) => {
  // Over plain http (this emulator) the app's CSP shows no image from the service: every card is tinted.
  await app.goTo('account')
  const account = new AccountPage(page)
  const skins = account.referenceList('Flipbook skins')
  await expect(skins.getByRole('listitem').first()).toBeVisible({ timeout: 15_000 })
  const count = await skins.getByRole('listitem').count()
  await expect(skins.locator('.skin-tinted')).toHaveCount(count)
  await expect(skins.locator('img')).toHaveCount(0)
  const names = await cardNames(skins)
  expect(names).toContain('Classic')
  // The name is said once: on the card, not again under it.
  expect(names.every((name) => name.length > 0 && !/(.+)\1$/.test(name))).toBe(true)
  // A tinted card is readable: its name in a colour of its own on a tint, not the page's grey box.
  const classic = skins.locator('.skin-tinted', { hasText: 'Classic' })
  expect(await classic.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(await page.locator('main').evaluate((element) => getComputedStyle(element).backgroundColor))
  const lists = account.section('Templates, skins and music')
  await expect(lists).not.toContainText(/https|not an? /i)
  await expect(lists).toContainText('No preview')
  await skins.scrollIntoViewIfNeeded()
  await snapshotLaptop(page, 'skins-tinted', EVERY_SIZE)
})
