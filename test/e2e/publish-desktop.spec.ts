import { mkdtempSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { contract } from '../../src-shared/contract'
import { makePdf } from '../emulator/fixtures/make-pdf'
import { E2E_KEY, expect, test } from './fixtures'
import { PublishPage } from './pages/publish-page'
import { SignInPage } from './pages/sign-in-page'
import { snapshotLaptop } from './support/snapshot-laptop'

/** What reaches the publish view from outside it: the OS, notifications, the service's state. */
const dropDir = mkdtempSync(join(tmpdir(), 'flipdrop-e2e-desktop-'))
test.use({ signedIn: true, hostOptions: { dropDir }, emulatorOptions: { seed: false } })

async function pdf(name: string): Promise<string> {
  const path = join(dropDir, name)
  await writeFile(path, await makePdf(1, name))
  return path
}

test('PDFs opened with FlipDrop from the OS go to the queue and publish; what is not a PDF says why', async ({ app, host, emulator, page }) => {
  const publish = new PublishPage(page)
  const brochure = await pdf('brochure.pdf')
  const notes = join(dropDir, 'opened-notes.txt')
  await writeFile(notes, 'not a PDF at all')
  await app.goTo('settings')

  // What the shell does with open-file, the command line and a second launch.
  await host.core.uploads.enqueueOpened([brochure, notes])
  await expect(app.heading('publish')).toBeVisible()
  await expect(publish.row('brochure')).toHaveAttribute('data-state', 'done', { timeout: 15_000 })
  await expect(publish.skipped).toContainText('opened-notes.txt')
  await expect(publish.skipped).toContainText('not a PDF')
  expect([...emulator.state.items.values()].map((item) => item.name)).toEqual(['brochure'])
})

test('a clicked notification shows its job: the publish view opens with that job focused', async ({ app, host, page }) => {
  const publish = new PublishPage(page)
  for (const name of ['north', 'south', 'east']) await pdf(`${name}.pdf`)
  await expect(app.heading('publish')).toBeVisible()
  await publish.review.check()
  await publish.drop([{ name: 'north.pdf' }, { name: 'south.pdf' }, { name: 'east.pdf' }])
  await expect(publish.rows).toHaveCount(3)
  await app.goTo('account')

  const south = host.core.uploads.list().jobs.find((job) => job.name === 'south')
  expect(south).toBeDefined()
  host.emit(contract.app.showJob, { jobId: south?.id ?? '' })
  await expect(app.heading('publish')).toBeVisible()
  await expect(publish.row('south')).toBeFocused()
})

test('signing out keeps the queue: the sign-in view says what waits, and it is all there after signing in', async ({ app, emulator, page }) => {
  const publish = new PublishPage(page)
  for (const name of ['left', 'right']) await pdf(`${name}.pdf`)
  await expect(app.heading('publish')).toBeVisible()
  await publish.review.check()
  await publish.drop([{ name: 'left.pdf' }, { name: 'right.pdf' }])
  await expect(publish.rows).toHaveCount(2)

  await app.signOut()
  const signIn = new SignInPage(page)
  await expect(signIn.heading).toBeVisible()
  await expect(page.getByTestId('queue-waits')).toContainText('2 uploads wait in the queue')
  await snapshotLaptop(page, 'sign-in-with-queue')

  await signIn.signIn(E2E_KEY, { baseUrl: emulator.baseUrl })
  await expect(app.heading('publish')).toBeVisible()
  await expect(publish.rows.locator('.job-name')).toHaveText(['left', 'right'])
  expect(emulator.state.items.size).toBe(0)
})

test.describe('a service that asks to slow down', () => {
  const windowSeconds = 3600
  // Its own key: FlipDrop keeps one rate limiter per key for the whole process, and this
  // test spends the key's allowance for the hour; later tests in this worker use E2E_KEY.
  const rateLimitedKey = `e2e-rate-limited-${process.pid}-${Date.now()}`
  test.use({ signedIn: false, emulatorOptions: { seed: false, keys: [rateLimitedKey], rateLimit: { limit: 40, windowSeconds } } })

  test('the rate-limit notice gives the wait; the job waits instead of failing', async ({ app, host, emulator, page }) => {
    const publish = new PublishPage(page)
    await pdf('poster.pdf')
    await host.core.auth.signIn({ apiKey: rateLimitedKey, sessionOnly: true })
    await expect(app.heading('publish')).toBeVisible()
    await expect(publish.quota).toContainText('left')
    // Windows are aligned to the clock: never spend the allowance just before one resets.
    const windowMs = windowSeconds * 1000
    const toReset = windowMs - (Date.now() % windowMs)
    if (toReset < 20_000) await page.waitForTimeout(toReset + 1000)

    let status = 0
    for (let tries = 0; tries < 100 && status !== 429; tries++) {
      status = (await fetch(`${emulator.baseUrl}/api/whoami`, { headers: { 'X-API-KEY': rateLimitedKey } })).status
    }
    expect(status).toBe(429)

    await publish.drop([{ name: 'poster.pdf' }])
    await expect(publish.banner).toContainText('The service asked FlipDrop to slow down')
    await expect(publish.banner).toContainText('Everything continues at')
    await expect(publish.row('poster')).toHaveAttribute('data-state', 'waiting')
    await snapshotLaptop(page, 'publish-rate-limited')
    expect(emulator.state.items.size).toBe(0)
  })
})
