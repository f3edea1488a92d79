import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { DEFAULT_BASE_URL } from '../../src-shared/domain/settings'
import { E2E_KEY, expect, test } from './fixtures'
import { SignInPage } from './pages/sign-in-page'
import { snapshotLaptop } from './support/snapshot-laptop'

// Signing in stores the key in a real gnome-keyring, which a busy machine slows to 20 s at times.
test.describe.configure({ timeout: 60_000 })

test('a good key signs in, shows the account, and is stored in the keychain', async ({ app, emulator, host, keychain }) => {
  const signIn = new SignInPage(app.page)
  await expect(signIn.heading).toBeVisible()
  await expect(signIn.keyInput).toHaveAttribute('type', 'password')
  await signIn.showKey.click()
  await expect(signIn.keyInput).toHaveAttribute('type', 'text')
  await signIn.signIn(E2E_KEY, { baseUrl: emulator.baseUrl })
  const account = emulator.state.accountOf(E2E_KEY)
  await app.openAccountMenu()
  const badge = app.account
  await expect(badge).toContainText(account?.name ?? '')
  await expect(badge).toContainText(account?.email ?? '')
  await expect(badge).toContainText(account?.brand ?? '')
  await app.goTo('settings')
  await expect(app.page.getByTestId('key-status')).toHaveText('Stored in your system keychain.')
  expect(await keychain.get(emulator.state.accountOf(E2E_KEY)?.userId ?? '')).toBe(E2E_KEY)
  expect(host.core.auth.status().storage).toBe('keychain')
})

test('the first run is centred and branded; the help link opens the service’s site through main', async ({ app, host }) => {
  const signIn = new SignInPage(app.page)
  await expect(signIn.heading).toBeVisible()
  // Signed out, the page is the sign-in's own: no sidebar.
  await expect(app.ready).toHaveCount(0)
  await expect(app.page.getByText('Drop in your PDFs and they become flipbooks', { exact: false })).toBeVisible()
  // The addresses are tucked away until asked for.
  await expect(signIn.serviceAddress).toBeHidden()
  const card = await app.page.locator('.first-run-card').boundingBox()
  const window = app.page.viewportSize()
  if (!card || !window) throw new Error('no sign-in card')
  expect(Math.abs(card.x + card.width / 2 - window.width / 2)).toBeLessThan(2)
  expect(Math.abs(card.y + card.height / 2 - window.height / 2)).toBeLessThan(40)

  await signIn.helpLink.click()
  await expect.poll(() => host.openedUrls).toEqual([new URL(DEFAULT_BASE_URL).href])
  // The app stayed where it was: the link went to the browser, not into the window.
  await expect(signIn.heading).toBeVisible()
  await snapshotLaptop(app.page, 'sign-in')
})

test('a bad key is refused right under the field, and nothing is stored', async ({ app, host, keychain }) => {
  const signIn = new SignInPage(app.page)
  await signIn.signIn('fd-wrong-key-0000000')
  await expect(signIn.keyError).toContainText('This API key was not accepted')
  await expect(signIn.keyError).toHaveAttribute('role', 'alert')
  await expect(signIn.keyInput).toHaveAttribute('aria-describedby', /api-key-error/)
  // Under the field, not far away: the error starts just below the input's box.
  const input = await signIn.keyInput.boundingBox()
  const error = await signIn.keyError.boundingBox()
  if (!input || !error) throw new Error('no key field or error')
  expect(error.y).toBeGreaterThanOrEqual(input.y + input.height)
  expect(error.y - (input.y + input.height)).toBeLessThan(16)
  await snapshotLaptop(app.page, 'sign-in-refused')
  await expect(signIn.heading).toBeVisible()
  expect(await keychain.list()).toEqual([])
  // Nothing about the account was written: only the settings, the data-folder lock and its socket (an empty queue writes nothing).
  expect((await readdir(host.userDataDir)).sort()).toEqual(['flipdrop.lock', 'flipdrop.sock', 'settings.json'])
})

test('an unreachable service says so and keeps what was typed', async ({ app, keychain }) => {
  const signIn = new SignInPage(app.page)
  await signIn.signIn(E2E_KEY, { baseUrl: 'http://127.0.0.1:9' })
  // The connection is blamed, not the key.
  await expect(signIn.alert).toContainText('can’t reach the service')
  await expect(signIn.keyError).toHaveCount(0)
  await expect(signIn.keyInput).toHaveValue(E2E_KEY)
  await expect(signIn.serviceAddress).toHaveValue('http://127.0.0.1:9')
  expect(await keychain.list()).toEqual([])
})

test('the form checks the key and the addresses before asking main', async ({ app, host }) => {
  const signIn = new SignInPage(app.page)
  await signIn.signIn('short', { baseUrl: 'http://example.com' })
  await expect(app.page.getByText('That is too short to be an API key.')).toBeVisible()
  await expect(app.page.getByText('http:// is allowed only for this computer')).toBeVisible()
  expect(host.transcript.filter((entry) => entry.channel === 'auth:signIn')).toEqual([])
})

test('sign out deletes the key and the cached account', async ({ app, emulator, host, keychain }) => {
  const signIn = new SignInPage(app.page)
  await signIn.signIn(E2E_KEY, { baseUrl: emulator.baseUrl })
  await expect(app.accountMenu).toBeVisible()
  await app.signOut()
  await expect(signIn.heading).toBeVisible()
  expect(await keychain.list()).toEqual([])
  expect(await readdir(host.userDataDir)).not.toContain('account.json')
})

test('a key revoked mid-session stops requests and asks for a new key', async ({ app, emulator, host, keychain }) => {
  const signIn = new SignInPage(app.page)
  await signIn.signIn(E2E_KEY, { baseUrl: emulator.baseUrl })
  await expect(app.accountMenu).toBeVisible()
  await app.goTo('account')
  await expect(app.heading('account')).toBeAttached()
  const userId = emulator.state.accountOf(E2E_KEY)?.userId ?? ''
  // The service forgets the key: every request now gets the HTML 401 page. Whichever meets it
  // first (a background sync, or the account read asked for here), the window asks for a new key.
  emulator.state.accounts.delete(E2E_KEY)
  await app.page.evaluate(() => window.flipdrop.account.profile())
  await expect(signIn.heading).toBeVisible()
  await expect(signIn.alert.first()).toContainText('no longer accepts your API key')
  const before = emulator.state.requests.length
  await expect(app.page.evaluate(() => window.flipdrop.auth.refresh())).resolves.toMatchObject({ ok: false, error: { code: 'signed-out' } })
  expect(emulator.state.requests.length).toBe(before)
  // Nothing was lost: the key is still stored, to be replaced by the new one.
  expect(await keychain.get(userId)).toBe(E2E_KEY)
  expect(host.core.auth.status()).toMatchObject({ signedIn: false, problem: { code: 'unauthorized' } })
})

test('the key never leaves main: not in files, logs, any IPC result, Pinia state or inputs', async ({ app, emulator, host }) => {
  const signIn = new SignInPage(app.page)
  await signIn.signIn(E2E_KEY, { baseUrl: emulator.baseUrl })
  await expect(app.accountMenu).toBeVisible()
  await app.goTo('account')
  await app.goTo('settings')
  await app.page.getByLabel('Document service address').fill('https://documents.example.com')
  await app.page.getByLabel('Document service address').press('Enter')
  await expect(app.page.getByRole('region', { name: 'Service addresses' }).getByRole('status')).toHaveText('Saved.')
  const signedInPage = await readPageState(app.page)
  emulator.state.accounts.delete(E2E_KEY)
  await app.page.evaluate(() => window.flipdrop.auth.refresh())
  await expect(signIn.heading).toBeVisible()

  // Every regular file, in every subfolder; the handoff socket is not a file to read. A save
  // may still be under way (a reference list asked before the key was refused): its temporary
  // file is gone by the time it is read, renamed to the file it replaces, so the folder is
  // read again until every file listed was read.
  let read = 0
  for (let round = 0, vanished = true; vanished; round++) {
    expect(round, 'the data folder kept changing').toBeLessThan(5)
    const entries = await readdir(host.userDataDir, { recursive: true, withFileTypes: true })
    const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name))
    vanished = false
    read = 0
    for (const file of files) {
      const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? null : Promise.reject(error)))
      if (text === null) vanished = true
      else read++
      expect(text ?? '', file).not.toContain(E2E_KEY)
    }
  }
  expect(read).toBeGreaterThan(0)
  expect(host.logLines.length).toBeGreaterThan(0)
  expect(host.logLines.join('\n')).not.toContain(E2E_KEY)
  const replies = host.transcript.map((entry) => JSON.stringify(entry.reply))
  expect(replies.length).toBeGreaterThan(5)
  expect(replies.filter((reply) => reply.includes(E2E_KEY))).toEqual([])
  for (const state of [signedInPage, await readPageState(app.page)]) {
    // The stores are really read: they hold the account and the settings just saved.
    expect(state.pinia).toContain('"auth"')
    expect(state.pinia).toContain('documents.example.com')
    expect(state.inputs.length).toBeGreaterThan(0)
    expect(state.pinia).not.toContain(E2E_KEY)
    expect(state.inputs.filter((value) => value.includes(E2E_KEY))).toEqual([])
    expect(state.storage).not.toContain(E2E_KEY)
    expect(state.html).not.toContain(E2E_KEY)
  }
})

/** Everything the page holds: every Pinia store's state, every input's typed value, web storage and the DOM. */
async function readPageState(page: Page): Promise<{ pinia: string; inputs: string[]; storage: string; html: string }> {
  return page.evaluate(() => {
    type VueRoot = Element & { __vue_app__?: { config: { globalProperties: { $pinia?: { state: { value: unknown } } } } } }
    const root = document.querySelector('#app') as VueRoot | null
    const pinia = root?.__vue_app__?.config.globalProperties.$pinia
    return {
      pinia: pinia ? JSON.stringify(pinia.state.value) : '',
      inputs: [...document.querySelectorAll('input, textarea')].map((field) => (field as HTMLInputElement).value),
      storage: JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
      html: document.documentElement.outerHTML
    }
  })
}
