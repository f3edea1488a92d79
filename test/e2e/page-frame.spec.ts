import { VIEWS } from '../../src-shared/domain/views'
import { VIEW_TITLES } from '../support/view-titles'
import { expect, test } from './fixtures'
import { AccountPage } from './pages/account-page'
import { EVERY_SIZE, snapshotLaptop } from './support/snapshot-laptop'

test.use({ signedIn: true })

test('every view has the same frame: its title, visible, in the same place; lists use the width, forms a readable column', async ({ app, page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const places = new Map<string, { x: number; y: number }>()
  const widths = new Map<string, number>()
  for (const view of VIEWS) {
    await app.goTo(view)
    const title = app.heading(view)
    await expect(title).toBeVisible()
    await expect(title).toHaveText(VIEW_TITLES[view])
    const box = await title.boundingBox()
    const frame = await page.locator('main .page').boundingBox()
    if (!box || !frame) throw new Error(`no title or frame on ${view}`)
    places.set(view, { x: Math.round(box.x), y: Math.round(box.y) })
    widths.set(view, Math.round(frame.width))
  }
  // The title stands where it stood on the view before: nothing jumps when switching views.
  expect(new Set([...places.values()].map((place) => `${place.x},${place.y}`)).size).toBe(1)
  // Lists take the whole width of the window beside the sidebar; forms keep a column of at most 760 px.
  const full = widths.get('publish') ?? 0
  expect(widths.get('library')).toBe(full)
  expect(widths.get('watched')).toBe(full)
  expect(full).toBeGreaterThan(900)
  expect(widths.get('account')).toBeLessThanOrEqual(760)
  expect(widths.get('settings')).toBeLessThanOrEqual(760)
  // At the window's minimum size too, where the actions beside a title wrap under it.
  await page.setViewportSize({ width: 720, height: 520 })
  const small = new Set<string>()
  for (const view of VIEWS) {
    await app.goTo(view)
    const box = await app.heading(view).boundingBox()
    small.add(`${Math.round(box?.x ?? -1)},${Math.round(box?.y ?? -1)}`)
  }
  expect(small.size).toBe(1)
  // No native <details> triangle is left on these views.
  for (const view of ['account', 'settings', 'watched'] as const) {
    await app.goTo(view)
    await expect(page.locator('main details')).toHaveCount(0)
  }
})

test('a disclosure is one button: Enter and Space open and close it, aria-expanded says which, the chevron turns', async ({ app, page }) => {
  const account = new AccountPage(page)
  await app.goTo('account')
  const section = account.section('Your account')
  const toggle = section.getByRole('button', { name: 'Technical details' })
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  const panel = page.locator(`#${await toggle.getAttribute('aria-controls')}`)
  await expect(panel).toBeHidden()

  await toggle.focus()
  await page.keyboard.press('Enter')
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(panel).toBeVisible()
  await expect(panel).toContainText('Account number')
  const chevron = toggle.locator('.disclosure-chevron')
  await expect.poll(() => chevron.evaluate((element) => getComputedStyle(element).transform)).not.toBe('none')
  await expect(toggle).toBeFocused()

  await page.keyboard.press('Space')
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(panel).toBeHidden()
  await expect(toggle).toBeFocused()
})

test('with reduced motion the disclosure opens without animating', async ({ app, page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await app.goTo('account')
  const toggle = page.getByRole('button', { name: 'Technical details' })
  const chevron = toggle.locator('.disclosure-chevron')
  expect(await chevron.evaluate((element) => getComputedStyle(element).transitionDuration)).toBe('0s')
  await toggle.click()
  // Turned at once: no transition is left running.
  expect(await chevron.evaluate((element) => getComputedStyle(element).transform)).not.toBe('none')
  expect(await page.locator('.disclosure-panel').first().evaluate((element) => element.getAnimations().length)).toBe(0)
})

test('Account and Settings in their frame, at every size, light and dark', async ({ app, page }) => {
  test.setTimeout(120_000)
  await app.goTo('account')
  await expect(page.getByTestId('references')).toBeVisible({ timeout: 15_000 })
  await page.getByRole('button', { name: 'Technical details' }).click()
  await snapshotLaptop(page, 'frame-account', EVERY_SIZE)
  await app.goTo('settings')
  await expect(page.getByRole('region', { name: 'Updates' })).toBeVisible()
  await snapshotLaptop(page, 'frame-settings', EVERY_SIZE)
})
