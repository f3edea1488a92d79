import { E2E_KEY, expect, test } from './fixtures'
import { snapshotLaptop } from './support/snapshot-laptop'

/*
 * The core's sign-in sentences in the window's language: a key the service refuses, and one it
 * stops accepting mid-session, are said in German (the command keeps saying them in English).
 */

test.describe.configure({ timeout: 90_000 })

test('in German, a refused key is said in German under the field, pictured', async ({ app, host }) => {
  await host.core.settings.update({ language: 'de' })
  await expect(app.page.locator('html')).toHaveAttribute('lang', 'de')
  await app.page.locator('#api-key').fill('fd-wrong-key-0000000')
  await app.page.locator('form.sign-in-form button[type="submit"]').click()
  const error = app.page.locator('#api-key-error')
  await expect(error).toHaveText('Dieser API-Schlüssel wurde nicht akzeptiert. Prüfe, ob du den ganzen Schlüssel kopiert hast.', { timeout: 45_000 })
  await snapshotLaptop(app.page, 'sign-in-refused-de')
})

test('in German, a key revoked mid-session asks again in German', async ({ app, emulator, host }) => {
  await host.core.auth.signIn({ apiKey: E2E_KEY, sessionOnly: true, baseUrl: emulator.baseUrl })
  await expect(app.accountMenu).toBeVisible()
  await host.core.settings.update({ language: 'de' })
  await expect(app.page.locator('html')).toHaveAttribute('lang', 'de')
  emulator.state.accounts.delete(E2E_KEY)
  await app.page.evaluate(() => window.flipdrop.account.profile())
  await expect(app.page.getByRole('alert').first()).toHaveText(
    'Der Dienst akzeptiert deinen API-Schlüssel nicht mehr. Füge einen neuen Schlüssel ein, um weiterzumachen; nichts Wartendes ging verloren.'
  )
  // The core itself keeps the English, as the command prints it.
  expect(host.core.auth.status().problem?.message).toBe('The service no longer accepts your API key. Paste a new key to continue; nothing waiting was lost.')
})
