import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAccountCache } from '../../../../src-main/core/auth/account-cache'
import type { EnvironmentOverrides } from '../../../../src-main/core/settings/effective-settings'
import type { AuthState } from '../../../../src-shared/domain/auth'
import type { KeychainHealth } from '../../../../src-main/core/secrets/key-store'
import { startEmulator, type RunningEmulator } from '../../../emulator'
import { createMemoryKeychain } from '../../../support/memory-keychain'
import { createTestCore } from '../../../support/test-core'

const KEY = 'fd-auth-test-key-1'
let emulator: RunningEmulator

beforeAll(async () => {
  emulator = await startEmulator({ keys: [KEY], log: () => {} })
})
afterAll(() => emulator.close())

async function setup(
  options: { health?: KeychainHealth; environment?: EnvironmentOverrides; storedKey?: string; cachedAccount?: boolean | 'of-the-key' } = {}
) {
  const dir = await mkdtemp(join(tmpdir(), 'flipdrop-auth-'))
  await writeFile(join(dir, 'settings.json'), JSON.stringify({ baseUrl: emulator.baseUrl }))
  const keychain = createMemoryKeychain('ok')
  if (options.storedKey) await keychain.set('default', options.storedKey)
  keychain.health = options.health ?? 'ok'
  if (options.cachedAccount) {
    // The old one-account file: of a made-up account, or of the key's own.
    const userId = options.cachedAccount === 'of-the-key' ? (emulator.state.accountOf(KEY)?.userId ?? '') : 'u'
    await createAccountCache(dir).write({ userId, vendorId: 'v', name: 'Cached', email: 'c@example.com', brand: 'B', appUrl: 'a', maxFileSizeMb: 1 })
  }
  // The real composition root: the auth service as the app wires it.
  const { core, events } = await createTestCore({ userDataDir: dir, keychain, environment: options.environment ?? {} })
  const states = (): AuthState[] => events.filter((event) => event.channel === 'auth:changed').map((event) => event.payload as AuthState)
  return { core, auth: core.auth, connection: core.connection, keychain, dir, states }
}

describe('auth service', () => {
  it('starts signed out with no stored key', async () => {
    const { auth, connection } = await setup()
    expect(auth.status()).toEqual({ signedIn: false, account: null, storage: 'none', problem: null, accounts: [] })
    expect(() => connection.client()).toThrow('Sign in with your API key first.')
  })

  it('picks up a stored key at start and refreshes the account in the background', async () => {
    const { auth, connection, states } = await setup({ storedKey: KEY })
    expect(auth.status()).toMatchObject({ signedIn: true, storage: 'keychain' })
    await expect.poll(() => states().at(-1)?.account?.email).toContain('@')
    await connection.close()
  })

  it('says the keychain is locked when a key we stored reads back as nothing', async () => {
    const { auth } = await setup({ storedKey: KEY, health: 'locked', cachedAccount: true })
    const state = auth.status()
    expect(state).toMatchObject({ signedIn: false, problem: { code: 'keychain-locked' } })
    expect(state.problem?.message).toContain('keychain is locked')
  })

  it('reports an unavailable keychain at start without crashing', async () => {
    const { auth } = await setup({ health: 'unavailable' })
    expect(auth.status()).toMatchObject({ signedIn: false, problem: { code: 'keychain-unavailable' } })
  })

  it('prefers FLIPDROP_API_KEY and its addresses', async () => {
    const { auth, connection } = await setup({ environment: { apiKey: KEY, baseUrl: emulator.baseUrl } })
    expect(auth.status()).toMatchObject({ signedIn: true, storage: 'environment' })
    await expect(connection.client().whoami()).resolves.toMatchObject({ email: expect.any(String) })
    await connection.close()
  })

  it('validates before storing: a bad key stores nothing', async () => {
    const { auth, keychain } = await setup()
    await expect(auth.signIn({ apiKey: 'fd-not-a-real-key', sessionOnly: false })).rejects.toMatchObject({
      code: 'unauthorized',
      message: expect.stringContaining('This API key was not accepted')
    })
    expect(keychain.entries.size).toBe(0)
  })

  it('a keychain that is not there fails the sign-in with its reason; session-only then works', async () => {
    const { auth, connection, keychain } = await setup({ health: 'unavailable' })
    await expect(auth.signIn({ apiKey: KEY, sessionOnly: false })).rejects.toMatchObject({ code: 'keychain-unavailable' })
    expect(auth.status().signedIn).toBe(false)
    expect(await auth.signIn({ apiKey: KEY, sessionOnly: true })).toMatchObject({ signedIn: true, storage: 'session' })
    expect(keychain.entries.size).toBe(0)
    // Signing out of a session-only key needs no keychain either.
    expect(await auth.signOut()).toMatchObject({ signedIn: false, storage: 'none' })
    await connection.close()
  })

  it('stores the addresses given at sign-in only after the key was accepted', async () => {
    const { auth, connection, dir } = await setup()
    await auth.signIn({ apiKey: KEY, baseUrl: emulator.baseUrl, documentUrl: emulator.documentUrl, sessionOnly: false })
    const saved = JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8')) as { documentUrl: string }
    expect(saved.documentUrl).toBe(emulator.documentUrl)
    await connection.close()
  })

  it('a 401 mid-session stops using the key at once and keeps it stored', async () => {
    const { auth, connection, keychain, states } = await setup()
    await auth.signIn({ apiKey: KEY, sessionOnly: false })
    const client = connection.client()
    const userId = emulator.state.accountOf(KEY)?.userId ?? ''
    // The service forgets the key: its real auth path now answers the HTML 401.
    emulator.state.accounts.delete(KEY)
    try {
      await expect(client.whoami()).rejects.toMatchObject({ kind: 'unauthorized' })
      expect(auth.status()).toMatchObject({ signedIn: false, problem: { code: 'unauthorized' } })
      expect(states().at(-1)?.problem?.code).toBe('unauthorized')
      expect(() => connection.client()).toThrow('Sign in')
      expect(keychain.entries.get(userId)).toBe(KEY)
    } finally {
      await emulator.reset()
    }
  })

  it('signs out: key deleted, and what was kept on disk for the account forgotten (old account file, library, account details)', async () => {
    const { core, auth, keychain, dir } = await setup({ cachedAccount: 'of-the-key' })
    await auth.signIn({ apiKey: KEY, sessionOnly: false })
    const userId = emulator.state.accountOf(KEY)?.userId ?? ''
    // The account's own files exist before the sign-out: its details, its library, the old account file.
    await core.account.profile()
    const kept = [join(dir, 'account.json'), join(dir, 'accounts', userId, 'account-details.json'), join(dir, 'library', `${userId}.json`)]
    await expect.poll(async () => (await Promise.all(kept.map((path) => stat(path).then(() => true, () => false)))).every(Boolean), { timeout: 10_000 }).toBe(true)

    expect(await auth.signOut()).toMatchObject({ signedIn: false, account: null, storage: 'none', problem: null })
    // Still named (work made for it names it), no longer signed in.
    expect(auth.status().accounts).toMatchObject([{ signedIn: false, current: false }])
    expect(keychain.entries.size).toBe(0)
    for (const path of kept) await expect(stat(path), path).rejects.toThrow()
  })

  it('hands the key to the logger for redaction while signed in', async () => {
    const { auth } = await setup()
    await auth.signIn({ apiKey: KEY, sessionOnly: true })
    expect(auth.secrets()).toEqual([KEY])
    await auth.signOut()
    expect(auth.secrets()).toEqual([])
  })
})

describe('signing out of a key that did not come from the keychain', () => {
  it('leaves the key stored in the keychain alone (an environment or demo key)', async () => {
    const { auth, keychain, connection } = await setup({ storedKey: 'fd-stored-key-of-the-designer', environment: { apiKey: KEY } })
    expect(auth.status()).toMatchObject({ signedIn: true, storage: 'environment' })
    expect(await auth.signOut()).toMatchObject({ signedIn: false, storage: 'none' })
    expect(keychain.entries.get('default')).toBe('fd-stored-key-of-the-designer')
    await connection.close()
  })
})
