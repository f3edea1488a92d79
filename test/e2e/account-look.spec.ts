import { mkdtempSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator } from '@playwright/test'
import { makePdf } from '../emulator/fixtures/make-pdf'
import { E2E_KEY, expect, test } from './fixtures'
import { EVERY_SIZE, snapshotLaptop } from './support/snapshot-laptop'

/*
 * Whose account, at a glance, with two accounts signed in (Dana Whitfield of Northwind Press,
 * Ravi Menon of Kite Studio): each avatar its own colour and brand initials, a chip on Publish
 * and Library naming the current account, switching announced, Ctrl+Shift+1…9 to switch.
 */

const SECOND_KEY = 'fd-e2e-second-look-9e27'

test.describe.configure({ timeout: 240_000 })
test.use({ emulatorOptions: { keys: [E2E_KEY, SECOND_KEY], seed: false } })

/** The account colour class (account-hue-N) an element wears. */
function hueClassOf(element: Locator): Promise<string | undefined> {
  return element.evaluate((node) => [...node.classList].find((name) => name.startsWith('account-hue-')))
}

/** The background colour an avatar is painted with. */
function paintOf(avatar: Locator): Promise<string> {
  return avatar.evaluate((element) => getComputedStyle(element).backgroundColor)
}

test('two accounts: each avatar its own colour and brand initials, a chip on Publish and Library, switching announced and by Ctrl+Shift+digit', async ({
  app,
  emulator,
  host,
  page
}) => {
  await emulator.seed(12, E2E_KEY)
  await emulator.seed(12, SECOND_KEY)
  const dana = emulator.state.accountOf(E2E_KEY)
  const ravi = emulator.state.accountOf(SECOND_KEY)
  // Dana first: with one account, Publish already says whose queue it is.
  await host.core.auth.signIn({ apiKey: E2E_KEY, sessionOnly: false })
  await expect(page.getByTestId('account-chip-label')).toHaveText(`Publishing to ${dana?.brand ?? ''}, ${dana?.name ?? ''}`)
  // Then Ravi added: Ravi is current, both stay signed in.
  await host.core.auth.signIn({ apiKey: SECOND_KEY, sessionOnly: false })
  await expect(app.accountMenu).toContainText('Ravi Menon')

  // The avatars: brand initials, two colours, the trigger in the current account's.
  await app.openAccountMenu()
  const choices = page.getByRole('menuitemradio')
  await expect(choices).toHaveCount(2)
  const danaAvatar = choices.nth(0).getByTestId('account-initials')
  const raviAvatar = choices.nth(1).getByTestId('account-initials')
  await expect(danaAvatar).toHaveText('NP')
  await expect(raviAvatar).toHaveText('KS')
  expect(await paintOf(danaAvatar)).not.toBe(await paintOf(raviAvatar))
  expect(await paintOf(app.accountMenu.getByTestId('account-initials'))).toBe(await paintOf(raviAvatar))
  // The keys are shown beside each account, in the menu's order.
  await expect(choices.nth(0).getByTestId('account-shortcut')).toHaveText('Ctrl+Shift+1')
  await expect(choices.nth(1).getByTestId('account-shortcut')).toHaveText('Ctrl+Shift+2')
  await expect(choices.nth(1)).toHaveAttribute('aria-keyshortcuts', 'Control+Shift+2')
  await snapshotLaptop(page, 'account-menu-two-accounts', EVERY_SIZE)
  await page.keyboard.press('Escape')


  // Each avatar wears its account's colour of the queue filter (two held uploads, one per account, bring the filter).
  const dir = mkdtempSync(join(tmpdir(), 'flipdrop-e2e-look-'))
  for (const [name, key] of [['northwind flyer', E2E_KEY], ['kite flyer', SECOND_KEY]] as const) {
    const path = join(dir, `${name}.pdf`)
    await writeFile(path, await makePdf(1, name))
    await host.core.uploads.enqueuePaths({ paths: [path], docType: 'Flipbook', onSameContent: 'ask', hold: true, accountId: emulator.state.accountOf(key)?.userId })
  }
  await app.goTo('publish')
  const filter = page.getByTestId('account-filter')
  await expect(filter).toBeVisible()
  await app.openAccountMenu()
  const danaHue = await hueClassOf(danaAvatar)
  const raviHue = await hueClassOf(raviAvatar)
  await page.keyboard.press('Escape')
  expect(await hueClassOf(filter.locator('label', { hasText: 'Northwind Press' }).locator('.account-dot'))).toBe(danaHue)
  expect(await hueClassOf(filter.locator('label', { hasText: 'Kite Studio' }).locator('.account-dot'))).toBe(raviHue)

  // Publish and Library say whose they are.
  const chip = page.getByTestId('account-chip')
  await expect(chip.getByTestId('account-chip-label')).toHaveText(`Publishing to ${ravi?.brand ?? ''}, ${ravi?.name ?? ''}`)
  await expect(chip).toContainText('Kite Studio')
  await snapshotLaptop(page, 'publish-two-accounts-chip', EVERY_SIZE)
  await app.goTo('library')
  await expect(chip.getByTestId('account-chip-label')).toHaveText(`Library of ${ravi?.brand ?? ''}, ${ravi?.name ?? ''}`)
  await expect(page.getByTestId('library-summary')).toHaveText('12 items', { timeout: 30_000 })
  await snapshotLaptop(page, 'library-two-accounts-chip', EVERY_SIZE)
  await page.setViewportSize({ width: 720, height: 520 })
  const fits = await chip.evaluate((element) => element.getBoundingClientRect().right <= (element.parentElement?.getBoundingClientRect().right ?? 0) && element.scrollWidth <= element.clientWidth)
  expect(fits, 'the chip fits its column at 720×520').toBe(true)
  await page.setViewportSize({ width: 1280, height: 800 })

  // Ctrl+Shift+1 switches to the first account of the menu, even from a text field; it is announced and toasted.
  await page.getByRole('searchbox').first().focus()
  await page.keyboard.press('Control+Shift+Digit1')
  await expect(chip.getByTestId('account-chip-label')).toHaveText(`Library of ${dana?.brand ?? ''}, ${dana?.name ?? ''}`)
  await expect(page.getByTestId('announcer')).toHaveText('Now publishing to Northwind Press')
  await expect(page.getByTestId('toast').filter({ hasText: 'Now publishing to Northwind Press' })).toBeVisible()
  expect(host.core.auth.currentAccountId()).toBe(dana?.userId)

  // Never while a modal dialog is open: its question comes first.
  await app.openAccountMenu()
  await page.getByRole('menuitem', { name: 'About FlipDrop' }).click()
  const about = page.getByRole('dialog', { name: 'About FlipDrop' })
  await expect(about).toBeVisible()
  await page.keyboard.press('Control+Shift+Digit2')
  await page.waitForTimeout(300)
  expect(host.core.auth.currentAccountId()).toBe(dana?.userId)
  await about.getByRole('button', { name: 'Close' }).click()
  await page.keyboard.press('Control+Shift+Digit2')
  await expect(chip.getByTestId('account-chip-label')).toHaveText(`Library of ${ravi?.brand ?? ''}, ${ravi?.name ?? ''}`)
  await expect(page.getByTestId('announcer')).toHaveText('Now publishing to Kite Studio')

  // The Account view's picture wears the same colour as the account's everywhere else.
  await app.goTo('account')
  const big = page.locator('main').getByTestId('account-initials')
  await expect(big).toBeVisible()
  expect(await hueClassOf(big)).toBe(await hueClassOf(app.accountMenu.getByTestId('account-initials')))
})
