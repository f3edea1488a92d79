import { copyFile, mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestCa } from '../support/test-ca'
import { startTestHost } from '../host/test-host'
import { E2E_KEY, expect } from './fixtures'
import { AccountPage } from './pages/account-page'
import { snapshotBoth } from './support/snapshot-both'
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

test('every field of whoami, profile, subscription and payments is shown as the service holds it', async ({ app, page, emulator }) => {
  const held = emulator.state.accountOf(E2E_KEY)
  if (!held) throw new Error('no emulator account')
  await app.goTo('account')
  const account = new AccountPage(page)

  await account.section('Who am I').getByText('Details').click()
  await expect.poll(() => account.allFacts('Who am I')).toEqual({
    Name: held.name,
    Email: held.email,
    Brand: held.brand,
    'App host': new URL(emulator.baseUrl).host,
    'Largest upload': `${emulator.options.maxFileMb} MB`,
    'User ID': held.userId,
    'Vendor ID': held.vendorId
  })

  await expect.poll(() => account.allFacts('Profile')).toEqual({
    Name: held.name,
    Phone: held.phone === '' ? 'none' : held.phone,
    'Profile image': held.profileImage === '' ? 'none' : held.profileImage
  })

  const offset = emulator.options.utcOffsetMinutes
  const flipbooks = emulator.state.quota(E2E_KEY, 'Flipbook')
  const documents = emulator.state.quota(E2E_KEY, 'Document')
  const maxBytes = emulator.options.maxFileMb * 1024 * 1024
  await account.section('Plan').getByText('Billing contact').click()
  await expect.poll(() => account.allFacts('Plan')).toEqual({
    Plan: held.plan,
    Status: held.status,
    Fees: held.fees,
    Tax: held.tax,
    'Subscription ID': held.subscriptionId,
    'Active from': shownDate(serverDay(held.activeFromMs, offset)),
    'Next invoice': shownDate(serverDay(held.nextInvoiceMs, offset)),
    'Max file size': `${emulator.options.maxFileMb} MB (${maxBytes.toLocaleString('en-GB')} bytes)`,
    'Custom domains': '5',
    'Advanced sharing': 'Yes',
    'Lead e-mail verification': 'Yes',
    'Lifetime deal': 'No',
    'Max items': flipbooks.max.toLocaleString('en-GB'),
    Brand: held.brand,
    Name: held.name,
    Email: held.email,
    Mobile: held.phone === '' ? 'none' : held.phone
  })
  const plan = account.section('Plan')
  for (const [label, quota] of [['Flipbooks', flipbooks], ['Documents', documents]] as const) {
    const meter = plan.getByRole('meter', { name: label })
    await expect(meter).toHaveAttribute('aria-valuetext', `${quota.count} of ${quota.max} used, ${quota.left} left`)
    await expect(meter).toHaveAttribute('aria-valuemax', String(quota.max))
  }

  // Newest first; every column of every payment; the invoice button only where there is a URL.
  const expected = [...held.payments]
    .sort((a, b) => b.paidMs - a.paidMs)
    .map((p) => [p.orderId, shownDate(new Date(p.paidMs).toISOString()), p.plan, p.amount, p.itemCount.toLocaleString('en-GB'), p.invoiceUrl ? 'Open invoice' : 'No invoice'])
  await expect.poll(() => account.billingCells()).toEqual(expected)
  await expect(account.columnHeader('Date')).toHaveAttribute('aria-sort', 'descending')
})

test('a profile edit that changes the name and leaves the phone empty says which changed and which were kept', async ({ app, page, emulator }) => {
  const held = emulator.state.accountOf(E2E_KEY)
  if (!held) throw new Error('no emulator account')
  const phoneBefore = held.phone
  await app.goTo('account')
  const profile = new AccountPage(page).section('Profile')

  // The shared schema checks in the form: nothing is sent for a bad phone.
  await profile.getByLabel('New phone').fill('call me maybe')
  await profile.getByRole('button', { name: 'Save profile' }).click()
  await expect(profile.getByText('That does not look like a phone number.', { exact: false })).toBeVisible()
  expect(emulator.state.requests.filter((r) => r.path === '/api/set-profile')).toHaveLength(0)

  await profile.getByLabel('New phone').fill('')
  await profile.getByLabel('New name').fill('Dana Q. Whitfield')
  await profile.getByRole('button', { name: 'Save profile' }).click()
  const report = profile.getByTestId('profile-report')
  await expect(report.getByTestId('profile-changed')).toHaveText('Changed: Name.')
  await expect(report.getByTestId('profile-kept')).toContainText('Left empty, kept as before: Phone and Profile image.')
  await expect(report.getByTestId('profile-kept')).toContainText('the service cannot clear a field')
  await expect(report.getByTestId('profile-unchanged')).toHaveCount(0)
  expect(held.name).toBe('Dana Q. Whitfield')
  expect(held.phone).toBe(phoneBefore)
  await expect.poll(() => new AccountPage(page).allFacts('Profile')).toMatchObject({ Name: 'Dana Q. Whitfield' })

  // A second save sets only the image: it shows as an image with alt text, from the service's https URL.
  const image = `${emulator.baseUrl}/__files/images/profile/${held.userId}.png`
  await profile.getByLabel('New profile image address').fill(image)
  await profile.getByRole('button', { name: 'Save profile' }).click()
  await expect(report.getByTestId('profile-changed')).toHaveText('Changed: Profile image.')
  await expect(report.getByTestId('profile-kept')).toContainText('Left empty, kept as before: Name and Phone.')
  expect(held.profileImage).toBe(image)
  const photo = profile.getByRole('img', { name: 'Profile image of Dana Q. Whitfield' })
  await expect(photo).toHaveAttribute('src', image)
  await expect.poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
  await new AccountPage(page).screenshotSection('Profile')
})

test('every reference list is shown with its count and thumbnails, then offline from the cache with "last updated"', async ({ app, page, emulator, ca, keychain, host }) => {
  // Two app starts, and an offline refresh that spends its retries before it says why.
  test.setTimeout(60_000)
  await app.goTo('account')
  const account = new AccountPage(page)
  const lists: [string, string][] = [
    ['Flipbook templates', '/api/list-templates?DocType=0'],
    ['Document templates', '/api/list-templates?DocType=1'],
    ['Flipbook skins', '/api/list-skins?Type=false'],
    ['Document skins', '/api/list-skins?Type=true'],
    ['Currencies', '/api/list-currencies'],
    ['Background music', '/api/list-background-music']
  ]
  const counts: Record<string, number> = {}
  for (const [title, path] of lists) {
    counts[title] = (await served(emulator.baseUrl, ca, path)).length
    await expect(account.referenceList(title).getByRole('listitem')).toHaveCount(counts[title] ?? -1)
    expect(await account.referenceCount(title)).toBe(counts[title])
  }
  // Skin thumbnails load from the service's https URLs (lazily: once scrolled into view).
  const thumbs = account.referenceList('Flipbook skins').locator('img')
  await expect(thumbs).toHaveCount(counts['Flipbook skins'] ?? -1)
  await account.referenceList('Flipbook skins').scrollIntoViewIfNeeded()
  expect(await thumbs.first().getAttribute('src')).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/__files\/skins\//)
  await expect.poll(() => thumbs.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).naturalWidth > 0))).toBe(true)
  await expect(account.updatedLine).toContainText('Last updated')
  await account.tall(() => snapshotBoth(page, 'account'))
  for (const section of ['Who am I', 'Plan', 'Billing history', 'Reference lists'] as const) await account.screenshotSection(section)

  // Offline: the service is gone, and FlipDrop starts again on a copy of its data folder.
  const cached = JSON.parse(await readFile(join(host.userDataDir, 'references.json'), 'utf8')) as { updatedAt: string }
  await emulator.close()
  const dir = await mkdtemp(join(tmpdir(), 'flipdrop-e2e-offline-'))
  for (const file of ['settings.json', 'account.json', 'references.json']) await copyFile(join(host.userDataDir, file), join(dir, file))
  const offlineHost = await startTestHost({ userDataDir: dir, core: { keychain, environment: { apiKey: E2E_KEY }, trustedCertificates: [ca.caCert] } })
  // A page of its own: its thumbnails fail to load offline, which Chromium logs as errors.
  const offlinePage = await page.context().newPage()
  try {
    await offlinePage.goto(offlineHost.url)
    await offlinePage.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Account' }).click()
    const offline = new AccountPage(offlinePage)
    const shownUpdate = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short', timeZone: ZONE }).format(new Date(cached.updatedAt))
    await expect(offline.updatedLine).toContainText(`Last updated ${shownUpdate}.`)
    for (const [title] of lists) expect(await offline.referenceCount(title)).toBe(counts[title])
    await expect(offline.section('Reference lists').getByTestId('references-problem')).toContainText('Showing the lists as last received.', { timeout: 20_000 })
    await offline.screenshotSection('Reference lists')
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
