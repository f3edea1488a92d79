import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { accountFilePath } from '../../../../src-main/core/account/account-files'
import { startEmulator, type RunningEmulator } from '../../../emulator'
import { createMemoryKeychain } from '../../../support/memory-keychain'
import { createTestCore } from '../../../support/test-core'

/*
 * The Account view offline: profile, plan and billing history as last received, kept on disk
 * per account by the core (accounts/<account>/account-details.json), and served by `account:cached`.
 */

const KEY = 'fd-snapshot-test-key-1'
const OTHER_KEY = 'fd-snapshot-test-key-2'
let emulator: RunningEmulator
const started: { close(): Promise<void> }[] = []

beforeAll(async () => {
  emulator = await startEmulator({ keys: [KEY, OTHER_KEY], log: () => {} })
})
afterEach(async () => {
  for (const booted of started.splice(0)) await booted.close()
})
afterAll(() => emulator.close())

/** Where an emulator key's account keeps its details in `dir`. */
const detailsFile = (dir: string, key: string): string => accountFilePath(dir, emulator.state.accountOf(key)?.userId ?? 'unknown', 'account-details.json')

/** A real core whose settings point at `baseUrl`, with `key` in its keychain, on `dir` (a fresh folder by default). */
async function startOn(baseUrl: string, key: string, dir?: string) {
  const userDataDir = dir ?? (await mkdtemp(join(tmpdir(), 'flipdrop-snapshot-')))
  await writeFile(join(userDataDir, 'settings.json'), JSON.stringify({ baseUrl, documentUrl: emulator.documentUrl }))
  const keychain = createMemoryKeychain('ok')
  await keychain.set('default', key)
  const test = await createTestCore({ keychain, userDataDir })
  started.push(test.booted)
  // Reads are kept for the account the service confirmed: wait for whoami at start-up.
  await expect.poll(() => test.core.connection.accountId, { timeout: 10_000 }).not.toBeNull()
  return { ...test, userDataDir, keychain }
}

describe('account snapshot', () => {
  it('keeps each answer with its time, for this account only, readable by the user only and without the key', async () => {
    const { core, userDataDir } = await startOn(emulator.baseUrl, KEY)
    expect(await core.account.cached()).toEqual({ profile: null, plan: null, payments: null })
    const before = Date.now()
    const [profile, plan, payments] = await Promise.all([core.account.profile(), core.account.plan(), core.account.payments()])
    const cached = await core.account.cached()
    expect(cached.profile?.value).toEqual(profile)
    expect(cached.plan?.value).toEqual(plan)
    expect(cached.payments?.value).toEqual(payments)
    expect(payments.length).toBeGreaterThan(0)
    for (const part of [cached.profile, cached.plan, cached.payments]) expect(Date.parse(part?.at ?? '')).toBeGreaterThanOrEqual(before - 1000)

    const file = detailsFile(userDataDir, KEY)
    const text = await readFile(file, 'utf8')
    expect(JSON.parse(text)).toMatchObject({ version: 1, userId: emulator.state.accountOf(KEY)?.userId })
    expect(text).not.toContain(KEY)
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600)
  })

  it('a profile change keeps what the service read back', async () => {
    const { core } = await startOn(emulator.baseUrl, KEY)
    await core.account.profile()
    const result = await core.account.setProfile({ name: 'Dana Snapshot' })
    expect(result.changed).toEqual(['name'])
    expect((await core.account.cached()).profile?.value.name).toBe('Dana Snapshot')
  })

  it('an offline start serves the kept answers while the live reads fail', async () => {
    const first = await startOn(emulator.baseUrl, KEY)
    const plan = await first.core.account.plan()
    const payments = await first.core.account.payments()
    await first.booted.close()
    started.splice(started.indexOf(first.booted), 1)

    // The same data folder, now pointing at a service that is gone; the account is the cached one.
    const gone = await startEmulator({ keys: [KEY], log: () => {} })
    const goneUrl = gone.baseUrl
    await gone.close()
    await writeFile(join(first.userDataDir, 'settings.json'), JSON.stringify({ baseUrl: goneUrl, documentUrl: '' }))
    // The same computer: the same keychain, where the key is kept under its account now.
    const offline = await createTestCore({ keychain: first.keychain, userDataDir: first.userDataDir })
    started.push(offline.booted)
    const cached = await offline.core.account.cached()
    expect(cached.plan?.value).toEqual(plan)
    expect(cached.payments?.value).toEqual(payments)
    await expect(offline.core.account.plan()).rejects.toMatchObject({ kind: 'network' })
    // A failed read leaves what was kept alone.
    expect((await offline.core.account.cached()).plan?.value).toEqual(plan)
  }, 60_000)

  it('signing out forgets what was kept for that account; another account never sees the first one’s', async () => {
    const { core, userDataDir } = await startOn(emulator.baseUrl, KEY)
    await core.account.payments()
    expect(existsSync(detailsFile(userDataDir, KEY))).toBe(true)
    await core.auth.signOut()
    expect(await core.account.cached()).toEqual({ profile: null, plan: null, payments: null })
    await expect.poll(() => existsSync(detailsFile(userDataDir, KEY))).toBe(false)
    await core.auth.signIn({ apiKey: OTHER_KEY, sessionOnly: true })
    expect(await core.account.cached()).toEqual({ profile: null, plan: null, payments: null })
    await core.account.profile()
    const file = JSON.parse(await readFile(detailsFile(userDataDir, OTHER_KEY), 'utf8')) as { userId: string; payments: unknown }
    expect(file.userId).toBe(emulator.state.accountOf(OTHER_KEY)?.userId)
    expect(file.payments).toBeNull()
    expect((await core.account.cached()).profile).not.toBeNull()
    expect(await readdir(join(userDataDir, 'accounts'))).toEqual([emulator.state.accountOf(OTHER_KEY)?.userId])
  })

  it('an answer that arrives after signing out of its account keeps nothing of it', async () => {
    const { core, userDataDir } = await startOn(emulator.baseUrl, KEY)
    await core.account.profile()
    // The payments answer is on its way while the designer signs out.
    const [slow] = emulator.faults.add({ route: '/api/list-payments', kind: 'latency', ms: 800, count: 1 })
    const late = Promise.resolve(core.account.payments()).catch(() => null)
    await new Promise((resolve) => setTimeout(resolve, 200))
    await core.auth.signOut()
    await late
    emulator.faults.remove(slow?.id ?? -1)
    // Nothing of the signed-out account is left on disk, its folder included.
    const left = await readdir(join(userDataDir, 'accounts')).catch(() => [])
    expect(left).not.toContain(emulator.state.accountOf(KEY)?.userId)
  })
})
