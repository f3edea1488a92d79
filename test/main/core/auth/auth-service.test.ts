import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAccountCache } from '../../../../src-main/core/auth/account-cache'
import { createAuthService } from '../../../../src-main/core/auth/auth-service'
import type { EnvironmentOverrides } from '../../../../src-main/core/settings/effective-settings'
import { createLogger } from '../../../../src-main/core/log'
import { createSessionStore } from '../../../../src-main/core/secrets/session-store'
import { openSettingsStore } from '../../../../src-main/core/settings/settings-store'
import type { AuthState } from '../../../../src-shared/domain/auth'
import type { KeychainHealth } from '../../../../src-main/core/secrets/key-store'
import { startEmulator, type RunningEmulator } from '../../../emulator'
import { createMemoryKeychain } from '../../../support/memory-keychain'

const KEY = 'fd-auth-test-key-1'
let emulator: RunningEmulator

beforeAll(async () => {
  emulator = await startEmulator({ keys: [KEY], log: () => {} })
})
afterAll(() => emulator.close())

async function setup(options: { health?: KeychainHealth; environment?: EnvironmentOverrides; storedKey?: string; cachedAccount?: boolean } = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'flipdrop-auth-'))
  await writeFile(join(dir, 'settings.json'), JSON.stringify({ baseUrl: emulator.baseUrl }))
  const lines: string[] = []
  const log = createLogger((level, line) => lines.push(`${level} ${line}`))
  const keychain = createMemoryKeychain('ok')
  if (options.storedKey) await keychain.set('default', options.storedKey)
  keychain.health = options.health ?? 'ok'
  const accountCache = createAccountCache(dir)
  if (options.cachedAccount) {
    await accountCache.write({ userId: 'u', vendorId: 'v', name: 'Cached', email: 'c@example.com', brand: 'B', appUrl: 'a', maxFileSizeMb: 1 })
  }
  const states: AuthState[] = []
  const auth = createAuthService({
    keychain,
    session: createSessionStore(),
    settings: await openSettingsStore(dir, log),
    accountCache,
    environment: options.environment ?? {},
    log,
    onChange: (state) => states.push(state)
  })
  return { auth, keychain, dir, states, lines }
}

describe('auth service', () => {
  it('starts signed out with no stored key', async () => {
    const { auth } = await setup()
    await expect(auth.start()).resolves.toEqual({ signedIn: false, account: null, storage: 'none', problem: null })
    expect(() => auth.client()).toThrow('Sign in with your API key first.')
  })

  it('picks up a stored key at start and refreshes the account in the background', async () => {
    const { auth, states } = await setup({ storedKey: KEY })
    expect(await auth.start()).toMatchObject({ signedIn: true, storage: 'keychain' })
    await expect.poll(() => states.at(-1)?.account?.email).toContain('@')
    await auth.close()
  })

  it('says the keychain is locked when a key we stored reads back as nothing', async () => {
    const { auth } = await setup({ storedKey: KEY, health: 'locked', cachedAccount: true })
    const state = await auth.start()
    expect(state).toMatchObject({ signedIn: false, problem: { code: 'keychain-locked' } })
    expect(state.problem?.message).toContain('keychain is locked')
  })

  it('reports an unavailable keychain at start without crashing', async () => {
    const { auth } = await setup({ health: 'unavailable' })
    expect(await auth.start()).toMatchObject({ signedIn: false, problem: { code: 'keychain-unavailable' } })
  })

  it('prefers FLIPDROP_API_KEY and its addresses', async () => {
    const { auth } = await setup({ environment: { apiKey: KEY, baseUrl: emulator.baseUrl } })
    expect(await auth.start()).toMatchObject({ signedIn: true, storage: 'environment' })
    await expect(auth.client().whoami()).resolves.toMatchObject({ email: expect.any(String) })
    await auth.close()
  })

  it('validates before storing: a bad key stores nothing', async () => {
    const { auth, keychain } = await setup()
    await auth.start()
    await expect(auth.signIn({ apiKey: 'fd-not-a-real-key', sessionOnly: false })).rejects.toMatchObject({
      code: 'unauthorized',
      message: expect.stringContaining('This API key was not accepted')
    })
    expect(keychain.entries.size).toBe(0)
  })

  it('a keychain that is not there fails the sign-in with its reason; session-only then works', async () => {
    const { auth, keychain } = await setup({ health: 'unavailable' })
    await auth.start()
    await expect(auth.signIn({ apiKey: KEY, sessionOnly: false })).rejects.toMatchObject({ code: 'keychain-unavailable' })
    expect(auth.state().signedIn).toBe(false)
    expect(await auth.signIn({ apiKey: KEY, sessionOnly: true })).toMatchObject({ signedIn: true, storage: 'session' })
    expect(keychain.entries.size).toBe(0)
    await auth.close()
  })

  it('stores the addresses given at sign-in only after the key was accepted', async () => {
    const { auth, dir } = await setup()
    await auth.start()
    await auth.signIn({ apiKey: KEY, baseUrl: emulator.baseUrl, documentUrl: emulator.documentUrl, sessionOnly: false })
    const saved = JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8')) as { documentUrl: string }
    expect(saved.documentUrl).toBe(emulator.documentUrl)
    await auth.close()
  })

  it('a 401 mid-session stops using the key at once and keeps it stored', async () => {
    const { auth, keychain, states } = await setup()
    await auth.start()
    await auth.signIn({ apiKey: KEY, sessionOnly: false })
    const client = auth.client()
    // The service forgets the key: its real auth path now answers the HTML 401.
    emulator.state.accounts.delete(KEY)
    try {
      await expect(client.whoami()).rejects.toMatchObject({ kind: 'unauthorized' })
      expect(auth.state()).toMatchObject({ signedIn: false, problem: { code: 'unauthorized' } })
      expect(states.at(-1)?.problem?.code).toBe('unauthorized')
      expect(() => auth.client()).toThrow('Sign in')
      expect(keychain.entries.get('default')).toBe(KEY)
    } finally {
      await emulator.reset()
    }
  })

  it('signs out: key deleted, account cache cleared', async () => {
    const { auth, keychain, dir } = await setup()
    await auth.start()
    await auth.signIn({ apiKey: KEY, sessionOnly: false })
    expect(await auth.signOut()).toEqual({ signedIn: false, account: null, storage: 'none', problem: null })
    expect(keychain.entries.size).toBe(0)
    await expect(readFile(join(dir, 'account.json'))).rejects.toThrow()
  })

  it('hands the key to the logger for redaction while signed in', async () => {
    const { auth } = await setup()
    await auth.start()
    await auth.signIn({ apiKey: KEY, sessionOnly: true })
    expect(auth.secrets()).toEqual([KEY])
    await auth.signOut()
    expect(auth.secrets()).toEqual([])
  })
})
