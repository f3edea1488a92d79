import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Account as ServiceAccount, Payment, Profile, ProfileChangeResult, Subscription } from '../../src-shared/domain/service/account'
import { startEmulator, type Account, type RunningEmulator } from '../emulator'
import { cliKit, dateInCliZone, inGroups, jsonOf, serviceGet } from './cli-test-kit'
import { runCliInProcess } from './in-process-cli'

const KEY = 'fd-cli-account-key-c41d07'
let emulator: RunningEmulator
const { cli } = cliKit(() => emulator, KEY, runCliInProcess)

beforeAll(async () => {
  emulator = await startEmulator({ keys: [KEY], seed: true, log: () => {} })
})
afterAll(async () => {
  await emulator?.close()
})

const account = (): Account => {
  const found = emulator.state.accountOf(KEY)
  if (!found) throw new Error('the emulator has no account for the key')
  return found
}
const setProfileRequests = (): number => emulator.state.requests.filter((entry) => entry.path === '/api/set-profile').length
const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const line = (label: string, value: string): RegExp => new RegExp(`^${escape(label)}\\s+${escape(value)}$`, 'm')

describe('flipdrop account, plan, payments', { timeout: 60_000 }, () => {
  it('account shows whoami and the profile; --json gives both normalized', async () => {
    const [human, json] = await inGroups([() => cli(['account']), () => cli(['account', '--json'])])
    const a = account()
    expect(human.code).toBe(0)
    expect(human.stderr).toBe('')
    expect(human.stdout).toMatch(line('Account name', a.name))
    expect(human.stdout).toMatch(line('Email', a.email))
    expect(human.stdout).toMatch(line('Brand', a.brand))
    expect(human.stdout).toMatch(line('User ID', a.userId))
    expect(human.stdout).toMatch(line('Largest upload', '100 MB'))
    expect(human.stdout).toMatch(line('Phone', a.phone))
    expect(human.stdout).toMatch(line('Profile image', 'none'))
    expect(jsonOf<{ account: ServiceAccount; profile: Profile }>(json)).toEqual({
      account: { userId: a.userId, vendorId: a.vendorId, name: a.name, email: a.email, brand: a.brand, appUrl: new URL(emulator.baseUrl).host, maxFileSizeMb: 100 },
      profile: { name: a.name, phone: a.phone, profileImage: '' }
    })
  })

  it('plan shows every subscription field and both quotas; without a document host the Documents quota is unknown', async () => {
    const [human, json, noDocuments] = await inGroups([
      () => cli(['plan']),
      () => cli(['plan', '--json']),
      () => cli(['plan'], { without: ['FLIPDROP_DOCUMENT_URL'] })
    ])
    const flipbooks = emulator.state.quota(KEY, 'Flipbook')
    const documents = emulator.state.quota(KEY, 'Document')
    expect(flipbooks.count).toBeGreaterThan(0)
    expect(documents.count).toBeGreaterThan(0)
    expect(human.code).toBe(0)
    for (const [label, value] of [
      ['Plan', 'Pro Monthly'],
      ['Status', 'Active'],
      ['Fees', 'USD 29.00'],
      ['Tax', 'USD 0.00'],
      ['Subscription ID', account().subscriptionId],
      // The service writes the date in its own zone.
      ['Active from', new Date(account().activeFromMs + emulator.options.utcOffsetMinutes * 60_000).toISOString().slice(0, 10)],
      ['Max file size', '100 MB'],
      ['Custom domains', '5'],
      ['Advanced sharing', 'yes'],
      ['Lead e-mail verification', 'yes'],
      ['Lifetime deal', 'no'],
      ['Max items', '100'],
      ['Flipbooks', `${flipbooks.count} used of ${flipbooks.max}, ${flipbooks.left} left`],
      ['Documents', `${documents.count} used of ${documents.max}, ${documents.left} left`]
    ] as const) {
      expect(human.stdout).toMatch(line(label, value))
    }
    expect(human.stdout).toMatch(/^Next invoice\s+\d{4}-\d{2}-\d{2}$/m)

    const { subscription } = jsonOf<{ subscription: Subscription }>(json)
    expect(subscription).toMatchObject({ plan: 'Pro Monthly', maxCname: 5, advancedSharing: true, isLtd: false, maxItems: 100, maxFileSizeBytes: 100 * 1024 * 1024 })
    expect(subscription.quotas).toEqual({ Flipbook: { docType: 'Flipbook', ...flipbooks }, Document: { docType: 'Document', ...documents } })
    expect(noDocuments.code).toBe(0)
    expect(noDocuments.stdout).toMatch(line('Flipbooks', `${flipbooks.count} used of ${flipbooks.max}, ${flipbooks.left} left`))
    expect(noDocuments.stdout).toMatch(line('Documents', 'unknown (no document host is set)'))
  })

  it('payments lists the billing history newest first, whatever order the service answers in', async () => {
    // The service's order is not promised: hand it out oldest first.
    account().payments.reverse()
    const [human, json] = await inGroups([() => cli(['payments']), () => cli(['payments', '--json'])])
    const newest = [...account().payments].sort((a, b) => b.paidMs - a.paidMs)
    expect(human.code).toBe(0)
    const rows = human.stdout.split('\n').filter((row) => row.startsWith('#ORD-'))
    expect(rows.map((row) => row.split(/\s{2,}/)[0])).toEqual(newest.map((payment) => payment.orderId))
    for (const [index, payment] of newest.entries()) {
      const cells = (rows[index] ?? '').split(/\s{2,}/)
      expect(cells).toEqual([payment.orderId, dateInCliZone(payment.paidMs), payment.plan, payment.amount, String(payment.itemCount), payment.invoiceUrl || 'none'])
    }
    expect(human.stdout).toMatch(/^4 payments$/m)
    const listed = jsonOf<{ payments: Payment[] }>(json).payments
    expect(listed.map((payment) => payment.orderId)).toEqual(newest.map((payment) => payment.orderId))
    expect(listed[0]).toEqual({
      orderId: newest[0]?.orderId,
      amount: 'USD 29.00',
      plan: 'Pro Monthly',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      invoiceUrl: newest[0]?.invoiceUrl,
      itemCount: 100
    })
    expect(Date.parse(listed[0]?.date ?? '')).toBe(Math.floor((newest[0]?.paidMs ?? 0) / 1000) * 1000)
  })
})

describe('flipdrop profile', { timeout: 60_000 }, () => {
  it('shows the profile; changes are read back, and a value the service kept is exit 1', async () => {
    const [shown, shownJson] = await inGroups([() => cli(['profile']), () => cli(['profile', '--json'])])
    expect(shown.code).toBe(0)
    expect(shown.stdout).toMatch(line('Name', account().name))
    expect(shown.stdout).toMatch(line('Phone', account().phone))
    expect(jsonOf<{ profile: Profile }>(shownJson)).toEqual({ profile: { name: account().name, phone: account().phone, profileImage: '' } })

    const changed = await cli(['profile', '--name', '  Dana Q. Whitfield  ', '--phone', '+44 20 7946 0958'])
    expect(changed.code).toBe(0)
    expect(account()).toMatchObject({ name: 'Dana Q. Whitfield', phone: '+44 20 7946 0958' })
    expect(changed.stdout).toContain('Name changed to "Dana Q. Whitfield".')
    expect(changed.stdout).toContain('Phone changed to "+44 20 7946 0958".')
    expect(changed.stdout).toContain('An empty value keeps the old one: the service cannot clear a field.')

    // Valid for FlipDrop, but this service keeps only numbers that start with + or a digit.
    const [keptJson, kept] = await inGroups([
      () => cli(['profile', '--phone', '(415) 555-0134', '--json']),
      () => cli(['profile', '--phone', '(415) 555-0134'])
    ])
    expect(keptJson.code).toBe(1)
    expect(jsonOf<ProfileChangeResult>(keptJson)).toEqual({
      profile: { name: 'Dana Q. Whitfield', phone: '+44 20 7946 0958', profileImage: '' },
      changed: [],
      unchanged: ['phone'],
      message: 'Profile updated successfully.'
    })
    expect(kept.code).toBe(1)
    expect(kept.stdout).toContain('Phone did not change: the service kept its old value.')
    expect(kept.stdout).toContain('An empty value keeps the old one: the service cannot clear a field.')
    expect(account().phone).toBe('+44 20 7946 0958')

    const image = await cli(['profile', '--image', 'https://cdn.example.com/dana.png', '--name', '', '--json'])
    expect(image.code).toBe(0)
    expect(jsonOf<ProfileChangeResult>(image)).toMatchObject({ changed: ['profileImage'], unchanged: [] })
    expect(account()).toMatchObject({ name: 'Dana Q. Whitfield', profileImage: 'https://cdn.example.com/dana.png' })
  })

  it('bad input exits 2 with the shared schema message, before anything is sent', async () => {
    const before = setProfileRequests()
    const runs = await inGroups([
      () => cli(['profile', '--phone', 'call me']),
      () => cli(['profile', '--phone', '12-34']),
      () => cli(['profile', '--image', 'http://example.com/me.png']),
      () => cli(['profile', '--name', '   ']),
      () => cli(['profile', '--name', 'x'.repeat(201), '--json'])
    ])
    const messages = [
      'That does not look like a phone number.',
      'That does not look like a phone number: it needs 6 to 20 digits.',
      'The profile image must be an https:// web address.',
      'Give a new name, phone number or profile image: an empty value keeps the old one.',
      'The name can be at most 200 characters long.'
    ]
    for (const [index, run] of runs.entries()) {
      expect(run.code).toBe(2)
      expect(run.stderr).toContain(messages[index])
    }
    expect(jsonOf<{ error: { exitCode: number } }>(runs[4]).error.exitCode).toBe(2)
    expect(setProfileRequests()).toBe(before)
  })
})

interface ItemsJson<T> {
  items: T[]
}

describe('reference lists', { timeout: 60_000 }, () => {
  it('templates, skins (each also --document), currencies and music: a table with a count, --json {items}', async () => {
    const [templates, documentTemplates, skins, documentSkins, currencies, music, skinsHuman, musicHuman, templatesHuman] = await inGroups([
      () => cli(['templates', '--json']),
      () => cli(['templates', '--document', '--json']),
      () => cli(['skins', '--json']),
      () => cli(['skins', '--document', '--json']),
      () => cli(['currencies', '--json']),
      () => cli(['music', '--json']),
      () => cli(['skins', '--document']),
      () => cli(['music']),
      () => cli(['templates'])
    ])
    const service = async <T>(path: string): Promise<T[]> => (await serviceGet<{ Items: T[] }>(emulator.baseUrl, KEY, path)).Items
    type Row = Record<string, string | number>
    const [t0, t1, s0, s1, c, m] = await Promise.all([
      service<Row>('/api/list-templates?DocType=0'),
      service<Row>('/api/list-templates?DocType=1'),
      service<Row>('/api/list-skins?Type=false'),
      service<Row>('/api/list-skins?Type=true'),
      service<Row>('/api/list-currencies'),
      service<Row>('/api/list-background-music')
    ])
    expect(jsonOf<ItemsJson<unknown>>(templates).items).toEqual(t0.map((row) => ({ id: row['ID'], name: row['Name'] })))
    expect(jsonOf<ItemsJson<unknown>>(documentTemplates).items).toEqual(t1.map((row) => ({ id: row['ID'], name: row['Name'] })))
    expect(t0).not.toEqual(t1)
    const skin = (row: Row) => ({ id: row['ID'], name: row['Name'], imageUrl: row['ImageURL'], thumbUrl: row['ThumbURL'] })
    expect(jsonOf<ItemsJson<unknown>>(skins).items).toEqual(s0.map(skin))
    expect(jsonOf<ItemsJson<unknown>>(documentSkins).items).toEqual(s1.map(skin))
    expect(jsonOf<ItemsJson<unknown>>(currencies).items).toEqual(c.map((row) => ({ name: row['Name'] })))
    expect(jsonOf<ItemsJson<unknown>>(music).items).toEqual(m.map((row) => ({ name: row['Name'], fileUrl: row['FileURL'] })))

    expect(skinsHuman.code).toBe(0)
    expect(skinsHuman.stdout).toMatch(/^ID\s+Name\s+Thumbnail\s+Image$/m)
    for (const row of s1) expect(skinsHuman.stdout).toMatch(new RegExp(`^${row['ID']}\\s+${escape(String(row['Name']))}\\s+${escape(String(row['ThumbURL']))}\\s+`, 'm'))
    expect(skinsHuman.stdout).toMatch(new RegExp(`^${s1.length} skins$`, 'm'))
    expect(musicHuman.stdout).toMatch(/^None\s+none$/m)
    expect(musicHuman.stdout).toMatch(new RegExp(`^${m.length} tracks$`, 'm'))
    for (const row of t0) expect(templatesHuman.stdout).toMatch(new RegExp(`^${row['ID']}\\s+${escape(String(row['Name']))}$`, 'm'))
    expect(templatesHuman.stdout).toMatch(new RegExp(`^${t0.length} templates$`, 'm'))
  })
})

describe('exit codes', { timeout: 90_000 }, () => {
  it('3 without a key or with a refused key, 4 when the service cannot be reached; the key is never printed', async () => {
    const noKey = { without: ['FLIPDROP_API_KEY'] }
    const refused = { extra: { FLIPDROP_API_KEY: 'fd-cli-refused-key-0000' } }
    const offline = { extra: { FLIPDROP_BASE_URL: 'http://127.0.0.1:9' } }
    const runs = await inGroups([
      () => cli(['list'], noKey),
      () => cli(['plan', '--json'], noKey),
      () => cli(['profile', '--name', 'Somebody'], noKey),
      () => cli(['get', '1001'], refused),
      () => cli(['pdf', '1001', '-o', '/nonexistent/x.pdf'], refused),
      () => cli(['payments', '--json'], refused),
      () => cli(['list', '--json'], offline),
      () => cli(['duplicate', '1001'], offline),
      () => cli(['templates'], offline)
    ])
    expect(runs.map((run) => run.code)).toEqual([3, 3, 3, 3, 3, 3, 4, 4, 4])
    expect(runs[0].stderr).toContain('No API key')
    expect(jsonOf<{ error: { exitCode: number } }>(runs[1]).error.exitCode).toBe(3)
    expect(runs[3].stderr).toContain('did not accept the API key')
    expect(jsonOf<{ error: { exitCode: number } }>(runs[5]).error.exitCode).toBe(3)
    expect(jsonOf<{ error: { message: string; exitCode: number } }>(runs[6]).error).toEqual({ code: 'unreachable', exitCode: 4, message: expect.stringContaining('Could not reach the service at') })
    for (const run of runs) expect(run.stderr).not.toContain('fd-cli-refused-key-0000')
  })
})
