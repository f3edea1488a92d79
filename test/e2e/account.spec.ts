import { copyFile, cp, mkdtemp, readdir, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestCa } from '../support/test-ca'
import { startTestHost } from '../host/test-host'
import { E2E_KEY, expect } from './fixtures'
import { AccountPage } from './pages/account-page'
import { snapshotLaptop } from './support/snapshot-laptop'
import { fetchOverTls, tlsTest as test } from './support/tls-test'

/*
 * The emulator runs over TLS (tls-test.ts): skin thumbnails, the profile image and music
 * previews come from https URLs, as from the real service, under the app's CSP as shipped.
 */

const LOCALE = 'en-GB'
const ZONE = 'America/New_York'
test.use({ signedIn: true, locale: LOCALE, timezoneId: ZONE })

/** A date as the page should show it: the user's locale and zone; a plain day keeps its day. */
const shownDate = (iso: string): string =>
  new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', ...(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? { timeZone: 'UTC' } : { timeZone: ZONE }) }).format(new Date(iso))

/** The server's `DD Mon YYYY` day of an instant (the emulator's zone), as an ISO day. */
const serverDay = (ms: number, offsetMinutes: number): string => new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 10)

/** A list as the emulator serves it, read over https without FlipDrop's client. */
async function served(baseUrl: string, ca: TestCa, path: string): Promise<unknown[]> {
  return (JSON.parse((await fetchOverTls(`${baseUrl}${path}`, ca)).toString('utf8')) as { Items: unknown[] }).Items
}

/** The service's lists: their headings in the view, and where the emulator serves them. */
const LISTS: [string, string][] = [
  ['Flipbook templates', '/api/list-templates?DocType=0'],
  ['Document templates', '/api/list-templates?DocType=1'],
  ['Flipbook skins', '/api/list-skins?Type=false'],
  ['Document skins', '/api/list-skins?Type=true'],
  ['Currencies for selling', '/api/list-currencies'],
  ['Background music', '/api/list-background-music']
]

/** 30 s of silent 8 kHz mono WAV: long enough not to end during the test. */
function silentWav(seconds = 30): Buffer {
  const samples = 8000 * seconds
  const wav = Buffer.alloc(44 + samples, 0x80)
  wav.write('RIFF', 0)
  wav.writeUInt32LE(36 + samples, 4)
  wav.write('WAVEfmt ', 8)
  wav.writeUInt32LE(16, 16)
  wav.writeUInt16LE(1, 20)
  wav.writeUInt16LE(1, 22)
  wav.writeUInt32LE(8000, 24)
  wav.writeUInt32LE(8000, 28)
  wav.writeUInt16LE(1, 32)
  wav.writeUInt16LE(8, 34)
  wav.write('data', 36)
  wav.writeUInt32LE(samples, 40)
  return wav
}

test('the account, plan and payments are shown as the service holds them, in words for people', async ({ app, page, emulator }) => {
  const held = emulator.state.accountOf(E2E_KEY)
  if (!held) throw new Error('no emulator account')
  await app.goTo('account')
  const account = new AccountPage(page)

  await expect(account.name).toHaveText(held.name)
  await account.section('Your account').getByText('Technical details').click()
  await expect.poll(() => account.allFacts('Your account')).toEqual({
    'E-mail': held.email,
    Brand: held.brand,
    Phone: held.phone === '' ? 'None' : held.phone,
    'Account number': held.userId,
    'Vendor number': held.vendorId,
    'Service host': new URL(emulator.baseUrl).host
  })

  const offset = emulator.options.utcOffsetMinutes
  const flipbooks = emulator.state.quota(E2E_KEY, 'Flipbook')
  const documents = emulator.state.quota(E2E_KEY, 'Document')
  const plan = account.section('Plan')
  await expect(plan.getByTestId('plan-name')).toHaveText(held.plan)
  await expect(plan.getByTestId('plan-status')).toHaveText(held.status)
  await expect(plan).toContainText(`Next invoice ${shownDate(serverDay(held.nextInvoiceMs, offset))}`)
  await expect(plan).toContainText(`Active since ${shownDate(serverDay(held.activeFromMs, offset))}`)
  await plan.getByText('Billing contact').click()
  await expect.poll(() => account.allFacts('Plan')).toEqual({
    'Largest PDF': `${emulator.options.maxFileMb} MB`,
    'Items on this plan': flipbooks.max.toLocaleString('en-GB'),
    'Custom domains': '5',
    'Advanced sharing': 'Yes',
    'Verify readers’ e-mail on lead forms': 'Yes',
    'Lifetime plan': 'No',
    Price: held.fees,
    Tax: held.tax,
    'Subscription number': held.subscriptionId,
    Brand: held.brand,
    Name: held.name,
    'E-mail': held.email,
    Mobile: held.phone === '' ? 'None' : held.phone
  })
  for (const [label, quota] of [['Flipbooks', flipbooks], ['Documents', documents]] as const) {
    const meter = plan.getByRole('meter', { name: label })
    await expect(meter).toHaveAttribute('aria-valuetext', `${quota.count} of ${quota.max} used, ${quota.left} left`)
    await expect(meter).toHaveAttribute('aria-valuemax', String(quota.max))
  }
  await expect(plan.getByTestId('documents-line')).toContainText('Documents are PDFs shown in the service’s document viewer')

  // Newest first; every column of every payment; the invoice button only where there is a URL.
  const expected = [...held.payments]
    .sort((a, b) => b.paidMs - a.paidMs)
    .map((p) => [p.orderId, shownDate(new Date(p.paidMs).toISOString()), p.plan, p.amount, p.itemCount.toLocaleString('en-GB'), p.invoiceUrl ? 'Invoice' : 'No invoice'])
  await expect.poll(() => account.billingCells()).toEqual(expected)
  await expect(account.columnHeader('Date')).toHaveAttribute('aria-sort', 'descending')
  // The words of the old view are gone.
  await expect(page.getByText(/Who am I|App host|Reference lists|web page instead of data/)).toHaveCount(0)
  await expect(account.updatedLine).toContainText('Updated')
  await page.getByRole('main').evaluate((main) => main.scrollTo(0, 0))
  await snapshotLaptop(page, 'account')
  for (const section of ['Your account', 'Plan', 'Billing history', 'Templates, skins and music'] as const) await account.screenshotSection(section)
})

test('a profile edit changes the name in the sidebar at once and says what the service kept', async ({ app, page, emulator }) => {
  const held = emulator.state.accountOf(E2E_KEY)
  if (!held) throw new Error('no emulator account')
  const phoneBefore = held.phone
  await app.goTo('account')
  const account = new AccountPage(page)
  const you = account.section('Your account')
  await expect(app.accountMenu).toContainText(held.name)

  await account.editProfile.click()
  // The form holds what the profile holds now.
  await expect(you.getByLabel('Name', { exact: true })).toHaveValue(held.name)
  await expect(you.getByLabel('Name', { exact: true })).toBeFocused()
  // The shared schema checks in the form: nothing is sent for a bad phone.
  await you.getByLabel('Phone').fill('call me maybe')
  await account.saveProfile.click()
  await expect(you.getByText('That does not look like a phone number.', { exact: false })).toBeVisible()
  expect(emulator.state.requests.filter((r) => r.path === '/api/set-profile')).toHaveLength(0)

  await you.getByLabel('Phone').fill(phoneBefore)
  await you.getByLabel('Name', { exact: true }).fill('Dana Q. Whitfield')
  await account.saveProfile.click()
  const report = you.getByTestId('profile-report')
  await expect(report.getByTestId('profile-changed')).toHaveText('Saved: name.')
  await expect(report.getByTestId('profile-unchanged')).toHaveCount(0)
  expect(held.name).toBe('Dana Q. Whitfield')
  expect(held.phone).toBe(phoneBefore)
  await expect(account.name).toHaveText('Dana Q. Whitfield')
  // The sidebar's account menu reads the account again at once: no reload, no focus change.
  await expect(app.accountMenu).toContainText('Dana Q. Whitfield')

  // A second save sets only the picture: it shows as an image with alt text, from the service's https URL.
  const image = `${emulator.baseUrl}/__files/images/profile/${held.userId}.png`
  await account.editProfile.click()
  await you.getByLabel('Profile picture').fill(image)
  await account.saveProfile.click()
  await expect(report.getByTestId('profile-changed')).toHaveText('Saved: profile picture.')
  expect(held.profileImage).toBe(image)
  const photo = you.getByRole('img', { name: 'Profile picture of Dana Q. Whitfield' })
  await expect(photo).toHaveAttribute('src', image)
  await expect.poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
  await account.screenshotSection('Your account', 'account-profile-saved')
})

test('every list of the service is shown with its count and thumbnails', async ({ app, page, emulator, ca }) => {
  await app.goTo('account')
  const account = new AccountPage(page)
  for (const [title, path] of LISTS) {
    const count = (await served(emulator.baseUrl, ca, path)).length
    await expect(account.referenceList(title).getByRole('listitem')).toHaveCount(count)
    expect(await account.referenceCount(title)).toBe(count)
  }
  // Skin thumbnails load from the service's https URLs (lazily: once scrolled into view).
  const thumbs = account.referenceList('Flipbook skins').locator('img')
  await expect(thumbs).toHaveCount((await served(emulator.baseUrl, ca, '/api/list-skins?Type=false')).length)
  await account.referenceList('Flipbook skins').scrollIntoViewIfNeeded()
  expect(await thumbs.first().getAttribute('src')).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/__files\/skins\//)
  await expect.poll(() => thumbs.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).naturalWidth > 0))).toBe(true)
  await expect(account.updatedLine).toContainText('Updated')
})

test('offline it shows the account, plan, billing and lists once "as of", with the forms that need the service off', async ({ app, page, emulator, ca, keychain, host }) => {
  // Two app starts, and offline reads that spend their retries.
  test.setTimeout(60_000)
  const held = emulator.state.accountOf(E2E_KEY)
  if (!held) throw new Error('no emulator account')
  await app.goTo('account')
  const online = new AccountPage(page)
  await expect(online.billingRows).toHaveCount(held.payments.length)
  await expect(online.section('Plan').getByTestId('plan-name')).toHaveText(held.plan)
  await expect(online.updatedLine).toContainText('Updated')
  await expect(online.asOf).toHaveCount(0)
  // Main keeps what it read, on disk, in this account's own folder.
  const userId = emulator.state.accountOf(E2E_KEY)?.userId ?? ''
  const ownFolder = join('accounts', userId)
  await expect.poll(async () => readdir(join(host.userDataDir, ownFolder)).catch(() => [])).toContain('account-details.json')
  const counts: Record<string, number> = {}
  for (const [title, path] of LISTS) counts[title] = (await served(emulator.baseUrl, ca, path)).length

  // Offline: the service is gone, the OS says there is no network, and FlipDrop starts again on a copy of its data folder.
  await emulator.close()
  const dir = await mkdtemp(join(tmpdir(), 'flipdrop-e2e-offline-'))
  for (const file of ['settings.json', 'accounts.json']) await copyFile(join(host.userDataDir, file), join(dir, file))
  await cp(join(host.userDataDir, ownFolder), join(dir, ownFolder), { recursive: true })
  const kept = JSON.parse(await readFile(join(dir, ownFolder, 'account-details.json'), 'utf8')) as { plan: { at: string }; profile: { at: string }; payments: { at: string } }
  const offlineHost = await startTestHost({ userDataDir: dir, core: { keychain, environment: { apiKey: E2E_KEY }, trustedCertificates: [ca.caCert] } })
  offlineHost.core.uploads.networkChanged(false)
  // A page of its own: its thumbnails fail to load offline, which Chromium logs as errors.
  const offlinePage = await page.context().newPage()
  try {
    await offlinePage.setViewportSize({ width: 1280, height: 800 })
    await offlinePage.goto(offlineHost.url)
    await offlinePage.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Account' }).click()
    const offline = new AccountPage(offlinePage)
    await expect(offlinePage.getByTestId('status-strip')).toContainText('No network')

    // What was last received, once, with its time: the oldest part shown.
    const oldest = [kept.plan.at, kept.profile.at, kept.payments.at, JSON.parse(await readFile(join(dir, ownFolder, 'references.json'), 'utf8')).updatedAt as string].sort()[0] ?? ''
    const shownTime = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short', timeZone: ZONE }).format(new Date(oldest))
    await expect(offline.asOf).toHaveCount(1)
    await expect(offline.asOf).toHaveText(`Shown as last received, as of ${shownTime}.`)
    await expect(offline.name).toHaveText(held.name)
    await expect(offline.section('Plan').getByTestId('plan-name')).toHaveText(held.plan)
    await expect(offline.section('Plan').getByRole('meter', { name: 'Flipbooks' })).toBeVisible()
    await expect(offline.billingRows).toHaveCount(held.payments.length)
    for (const [title] of LISTS) expect(await offline.referenceCount(title)).toBe(counts[title])

    // The forms that need the service are off, with one short reason for the view; nothing is repeated.
    await expect(offline.editProfile).toBeDisabled()
    await expect(offline.section('Templates, skins and music').getByRole('button', { name: 'Check for changes' })).toBeDisabled()
    await expect(offlinePage.getByText('Changes need a connection to the service.')).toHaveCount(1)
    // The live reads fail while the view is open: still no error in the view, no "unknown".
    await expect.poll(() => offlineHost.transcript.filter((entry) => entry.channel === 'account:plan' && !entry.reply.ok).length, { timeout: 30_000 }).toBeGreaterThan(0)
    await expect(offlinePage.getByRole('main').getByRole('alert')).toHaveCount(0)
    await expect(offlinePage.getByRole('main').getByText('unknown', { exact: false })).toHaveCount(0)
    await expect(offlinePage.getByRole('main').getByText('could not be reached', { exact: false })).toHaveCount(0)
    await snapshotLaptop(offlinePage, 'account-offline')
  } finally {
    await offlinePage.close()
    await offlineHost.close()
  }
})

test('billing history sorts by any column and opens an invoice through the safe opener', async ({ app, page, emulator, host }) => {
  const held = emulator.state.accountOf(E2E_KEY)
  if (!held) throw new Error('no emulator account')
  await app.goTo('account')
  const account = new AccountPage(page)
  await expect(account.billingRows).toHaveCount(held.payments.length)

  await account.sortBy('Date').click()
  await expect(account.columnHeader('Date')).toHaveAttribute('aria-sort', 'ascending')
  const oldest = [...held.payments].sort((a, b) => a.paidMs - b.paidMs)[0]
  await expect(account.billingRows.first().locator('td').first()).toHaveText(oldest?.orderId ?? '')
  await account.sortBy('Order').click()
  await expect(account.columnHeader('Order')).toHaveAttribute('aria-sort', 'ascending')
  await expect(account.columnHeader('Date')).not.toHaveAttribute('aria-sort', /.+/)

  const withInvoice = held.payments.find((p) => p.invoiceUrl !== '')
  if (!withInvoice) throw new Error('the emulator has no invoice')
  await account.section('Billing history').getByRole('button', { name: `Open invoice for order ${withInvoice.orderId}` }).click()
  await expect.poll(() => host.openedUrls).toEqual([withInvoice.invoiceUrl])
  // A payment without an invoice URL has no button.
  const without = held.payments.find((p) => p.invoiceUrl === '')
  if (without) await expect(account.section('Billing history').getByRole('button', { name: `Open invoice for order ${without.orderId}` })).toHaveCount(0)
})

test('a music preview plays the https file and stops; a file that does not play gives its button back', async ({ app, page }) => {
  await app.goTo('account')
  const music = new AccountPage(page).referenceList('Background music')
  // The emulator's tracks are 10-byte stand-ins no browser can decode: one is served as real (silent) audio.
  await page.route('**/__files/music/calm-piano.mp3', (route) => route.fulfill({ status: 200, contentType: 'audio/wav', body: silentWav() }))
  const player = music.getByTestId('music-player')

  await music.getByRole('button', { name: 'Play preview of Calm Piano' }).click()
  const stop = music.getByRole('button', { name: 'Stop preview of Calm Piano' })
  await expect(stop).toBeVisible()
  const src = await player.evaluate((audio) => (audio as HTMLAudioElement).src)
  expect(src).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/__files\/music\/calm-piano\.mp3$/)
  await expect.poll(() => player.evaluate((audio) => !(audio as HTMLAudioElement).paused)).toBe(true)
  await stop.click()
  await expect(music.getByRole('button', { name: 'Play preview of Calm Piano' })).toBeVisible()
  expect(await player.evaluate((audio) => (audio as HTMLAudioElement).paused)).toBe(true)

  // "None" has no file, so no button; an undecodable file says so.
  await expect(music.getByRole('button', { name: /preview of None/ })).toHaveCount(0)
  await music.getByRole('button', { name: 'Play preview of Lo-Fi Study' }).click()
  await expect(music.getByRole('alert')).toHaveText('That preview could not be played.')
  await expect(music.getByRole('button', { name: 'Play preview of Lo-Fi Study' })).toBeVisible()
})
