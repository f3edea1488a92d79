import { mkdtempSync } from 'node:fs'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { makePdf } from '../emulator/fixtures/make-pdf'
import { E2E_KEY, expect, test } from './fixtures'
import { LibraryPage } from './pages/library-page'
import { PublishPage } from './pages/publish-page'
import { SignInPage } from './pages/sign-in-page'
import { snapshotLaptop } from './support/snapshot-laptop'

/*
 * Several accounts side by side, in the real window against the real core: two keys of the
 * emulator are two accounts (Dana Whitfield of Northwind Press, Ravi Menon of Kite Studio).
 */

const SECOND_KEY = 'fd-e2e-second-account-5c1a'
const dropDir = mkdtempSync(join(tmpdir(), 'flipdrop-e2e-accounts-'))

test.describe.configure({ timeout: 180_000 })
test.use({
  hostOptions: { dropDir },
  // A window wide enough for the 10,000-item sync to finish in seconds; both accounts stay well inside it.
  emulatorOptions: { keys: [E2E_KEY, SECOND_KEY], seed: false, maxItems: 20_000, rateLimit: { limit: 200, windowSeconds: 10 } }
})

async function pdf(name: string): Promise<string> {
  const path = join(dropDir, name)
  await writeFile(path, await makePdf(1, name))
  return path
}

/** Clicks an account in the open account menu and measures, in the page, the time until the library shows its count. */
async function switchAndTime(page: Page, accountName: RegExp, summary: string): Promise<number> {
  const choice = page.getByRole('menuitemradio', { name: accountName })
  await choice.waitFor()
  const handle = await choice.elementHandle()
  return page.evaluate(
    ({ element, expected }) =>
      new Promise<number>((resolve, reject) => {
        const target = document.querySelector('[data-testid="library-summary"]')
        if (!target || !element) return reject(new Error('no library summary or account choice'))
        const started = performance.now()
        const observer = new MutationObserver(() => {
          if (target.textContent?.trim() !== expected) return
          observer.disconnect()
          resolve(performance.now() - started)
        })
        observer.observe(target, { childList: true, subtree: true, characterData: true })
        ;(element as HTMLElement).click()
        setTimeout(() => reject(new Error(`the library did not show ${expected}`)), 5_000)
      }),
    { element: handle, expected: summary }
  )
}

test('two accounts side by side: each its own library, instant switch, drops to the current one, both publish at once, one signs out', async ({
  app,
  emulator,
  host,
  page
}) => {
  await emulator.seed(10_000, E2E_KEY)
  await emulator.seed(50, SECOND_KEY)
  const dana = emulator.state.accountOf(E2E_KEY)
  const ravi = emulator.state.accountOf(SECOND_KEY)
  const signIn = new SignInPage(page)
  const library = new LibraryPage(page)
  const publish = new PublishPage(page)

  // The first account, as on first start; then the second, added from the account menu.
  await signIn.signIn(E2E_KEY, { baseUrl: emulator.baseUrl })
  await expect(app.accountMenu).toBeVisible()
  await app.goTo('library')
  await expect(library.summary).toHaveText('10,000 items', { timeout: 60_000 })
  await app.addAccount(SECOND_KEY)
  await expect(app.accountMenu).toContainText(ravi?.name ?? 'Ravi')
  await expect(library.summary).toHaveText('50 items', { timeout: 30_000 })
  expect(host.core.auth.status().accounts.filter((entry) => entry.signedIn)).toHaveLength(2)

  // Switching shows the other account's library from disk at once, then refreshes it.
  await app.openAccountMenu()
  await expect(page.getByRole('menuitemradio')).toHaveCount(2)
  await snapshotLaptop(page, 'account-switcher')
  const toDana = await switchAndTime(page, new RegExp(dana?.name ?? 'Dana'), '10,000 items')
  await app.openAccountMenu()
  const toRavi = await switchAndTime(page, new RegExp(ravi?.name ?? 'Ravi'), '50 items')
  console.log(`account switch to first rows: ${toDana.toFixed(1)} ms (10,000 items), ${toRavi.toFixed(1)} ms (50 items)`)
  // The target is 100 ms (35 ms and 9 ms measured here); a loaded CI machine gets some room.
  expect(toDana).toBeLessThan(250)
  expect(toRavi).toBeLessThan(250)
  await expect(library.entries.first()).toBeVisible()

  // A drop goes to the current account, and the overlay says which.
  const before = emulator.state.requests.length
  await app.goTo('publish')
  await pdf('kite flyer.pdf')
  await publish.dragOver([{ name: 'kite flyer.pdf' }])
  await expect(publish.overlay).toContainText(`Publish 1 PDF to ${ravi?.brand ?? 'Kite Studio'}`)
  await publish.drop([{ name: 'kite flyer.pdf' }])
  await expect(publish.state('kite flyer')).toHaveText('Published', { timeout: 30_000 })
  expect(emulator.state.itemsOf(SECOND_KEY).filter((item) => item.name === 'kite flyer')).toHaveLength(1)
  expect(emulator.state.itemsOf(E2E_KEY).some((item) => item.name === 'kite flyer')).toBe(false)

  // Both accounts' uploads run at once, each under its own key and rate limit.
  emulator.faults.add({ route: '/api/create-by-file', kind: 'latency', ms: 2_500, count: 6 })
  const raviFiles = ['kite a.pdf', 'kite b.pdf', 'kite c.pdf']
  const danaFiles = ['northwind a.pdf', 'northwind b.pdf', 'northwind c.pdf']
  for (const name of [...raviFiles, ...danaFiles]) await pdf(name)
  await publish.drop(raviFiles.map((name) => ({ name })))
  await app.openAccountMenu()
  await page.getByRole('menuitemradio', { name: new RegExp(dana?.name ?? 'Dana') }).click()
  await expect(app.accountMenu).toContainText(dana?.name ?? 'Dana')
  await publish.drop(danaFiles.map((name) => ({ name })))
  await expect
    .poll(() => {
      const busy = host.core.uploads.list().jobs.filter((job) => job.state === 'uploading' || job.state === 'verifying')
      return new Set(busy.map((job) => job.accountId)).size
    }, { timeout: 15_000 })
    .toBe(2)
  await expect(page.getByTestId('account-filter')).toBeVisible()
  await snapshotLaptop(page, 'publish-two-accounts')
  for (const name of [...raviFiles, ...danaFiles]) await expect(publish.state(name.replace('.pdf', ''))).toHaveText('Published', { timeout: 30_000 })
  expect(emulator.state.itemsOf(SECOND_KEY).filter((item) => item.name.startsWith('kite '))).toHaveLength(4)
  expect(emulator.state.itemsOf(E2E_KEY).filter((item) => item.name.startsWith('northwind '))).toHaveLength(3)
  expect(emulator.state.requests.slice(before).filter((entry) => entry.status === 429)).toEqual([])

  // Signing out of one account keeps the other publishing; the signed-out one's uploads wait for it.
  await app.openAccountMenu()
  await page.getByRole('menuitemradio', { name: new RegExp(ravi?.name ?? 'Ravi') }).click()
  await expect(app.accountMenu).toContainText(ravi?.name ?? 'Ravi')
  const { added } = await host.core.uploads.enqueuePaths({ paths: [await pdf('kite later.pdf')], docType: 'Flipbook', onSameContent: 'ask', hold: true })
  await app.openAccountMenu()
  await page.getByRole('menuitem', { name: /^Sign out of/ }).click()
  const ask = page.getByRole('dialog', { name: /^Sign out of .* while uploads wait\?$/ })
  await ask.getByRole('button', { name: 'Sign out' }).click()
  await expect(app.accountMenu).toContainText(dana?.name ?? 'Dana')
  await host.core.uploads.resume({ jobId: added[0]?.id })
  await expect(publish.reason('kite later')).toContainText(`Waiting for ${ravi?.name ?? 'Ravi'}`)
  await pdf('northwind later.pdf')
  await publish.drop([{ name: 'northwind later.pdf' }])
  await expect(publish.state('northwind later')).toHaveText('Published', { timeout: 30_000 })
  expect(emulator.state.itemsOf(E2E_KEY).filter((item) => item.name === 'northwind later')).toHaveLength(1)
  expect(emulator.state.itemsOf(SECOND_KEY).some((item) => item.name === 'kite later')).toBe(false)
  expect(host.core.uploads.list().jobs.find((job) => job.id === added[0]?.id)?.state).toBe('waiting')

  // Neither key ever left main: not in the data folder, the log, any answer to the window, or the page.
  const entries = await readdir(host.userDataDir, { recursive: true, withFileTypes: true })
  const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name))
  const replies = host.transcript.map((entry) => JSON.stringify(entry.reply)).join('\n')
  const pageText = await page.evaluate(() => document.documentElement.outerHTML + JSON.stringify({ ...localStorage }))
  for (const key of [E2E_KEY, SECOND_KEY]) {
    // A cover being written may be gone (renamed into place) by the time it is read.
    for (const file of files) expect(await readFile(file, 'utf8').catch(() => ''), file).not.toContain(key)
    expect(host.logLines.join('\n')).not.toContain(key)
    expect(replies).not.toContain(key)
    expect(pageText).not.toContain(key)
  }
})
