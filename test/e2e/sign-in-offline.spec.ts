import type { Locator } from '@playwright/test'
import { E2E_KEY, expect, test } from './fixtures'
import { SignInPage } from './pages/sign-in-page'
import { EVERY_SIZE, snapshotLaptop } from './support/snapshot-laptop'

/** A colour of the app's palette as the page computes it (light or dark). */
function paletteColour(locator: Locator, variable: string): Promise<string> {
  return locator.evaluate((element, name) => {
    const probe = document.createElement('span')
    probe.style.backgroundColor = `var(${name})`
    element.append(probe)
    const colour = getComputedStyle(probe).backgroundColor
    probe.remove()
    return colour
  }, variable)
}

test('signing in while the service cannot be reached: a connection banner above the button, the key field left neutral', async ({ app, page }) => {
  test.setTimeout(90_000)
  const signIn = new SignInPage(app.page)
  const before = await signIn.keyInput.evaluate((element) => getComputedStyle(element).borderColor)
  // A closed port on this computer: no connection, as when offline.
  await signIn.signIn(E2E_KEY, { baseUrl: 'http://127.0.0.1:9' })

  const banner = page.getByTestId('sign-in-error')
  await expect(banner).toContainText('No connection to the service')
  await expect(banner).toContainText('can’t reach the service')
  // Above the button, under the key.
  const [bannerBox, buttonBox, keyBox] = await Promise.all([banner.boundingBox(), page.getByRole('button', { name: 'Sign in' }).boundingBox(), signIn.keyInput.boundingBox()])
  if (!bannerBox || !buttonBox || !keyBox) throw new Error('no banner, button or key field')
  expect(bannerBox.y + bannerBox.height).toBeLessThanOrEqual(buttonBox.y)
  expect(bannerBox.y).toBeGreaterThan(keyBox.y + keyBox.height)
  // The connection's tone (the offline strip's), not the red of a refused key.
  const background = await banner.evaluate((element) => getComputedStyle(element).backgroundColor)
  expect(background).toBe(await paletteColour(banner, '--warn-soft'))
  expect(background).not.toBe(await paletteColour(banner, '--danger-soft'))
  // The key field stays as it was: not marked invalid, no error under it, its border unchanged, what was typed kept.
  await expect(signIn.keyInput).not.toHaveAttribute('aria-invalid', 'true')
  await expect(signIn.keyError).toHaveCount(0)
  expect(await signIn.keyInput.evaluate((element) => getComputedStyle(element).borderColor)).toBe(before)
  await expect(signIn.keyInput).toHaveValue(E2E_KEY)

  await snapshotLaptop(page, 'sign-in-offline', EVERY_SIZE)
})
