import { existsSync } from 'node:fs'
import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ReferencesView } from '../../../../src-shared/domain/account'
import { accountFilePath } from '../../../../src-main/core/account/account-files'
import type { Core } from '../../../../src-main/core/core'
import { createDispatch } from '../../../../src-main/ipc/dispatch'
import { handlersOf } from '../../../../src-main/ipc/handler-table'
import { startEmulator, type RunningEmulator } from '../../../emulator'
import { createMemoryKeychain } from '../../../support/memory-keychain'
import { createTestCore } from '../../../support/test-core'

const KEY = 'fd-account-test-key-1'
const OTHER_KEY = 'fd-account-test-key-2'
let emulator: RunningEmulator
const started: { close(): Promise<void> }[] = []

beforeAll(async () => {
  emulator = await startEmulator({ keys: [KEY, OTHER_KEY], log: () => {} })
})
afterEach(async () => {
  for (const booted of started.splice(0)) await booted.close()
})
afterAll(() => emulator.close())

/** The list as the emulator serves it over HTTP, read without FlipDrop's client. */
async function served(path: string): Promise<unknown[]> {
  const response = await fetch(`${emulator.baseUrl}${path}`, { headers: { 'X-Api-Key': KEY } })
  return ((await response.json()) as { Items: unknown[] }).Items
}

/** A real core whose settings point at `baseUrl`, with `key` in its keychain, on `dir` (a fresh folder by default). */
async function startOn(baseUrl: string, key: string | undefined, dir?: string, keychain = createMemoryKeychain('ok')) {
  const userDataDir = dir ?? (await mkdtemp(join(tmpdir(), 'flipdrop-account-')))
  await writeFile(join(userDataDir, 'settings.json'), JSON.stringify({ baseUrl, documentUrl: emulator.documentUrl }))
  if (key && (await keychain.list()).length === 0) await keychain.set('default', key)
  const test = await createTestCore({ keychain, userDataDir })
  started.push(test.booted)
  return { ...test, userDataDir, keychain }
}

/** Where an emulator key's account keeps its reference lists in `dir`. */
const listsFile = (dir: string, key: string): string => accountFilePath(dir, emulator.state.accountOf(key)?.userId ?? 'unknown', 'references.json')

const referenceEvents = (events: { channel: string; payload: unknown }[]): ReferencesView[] =>
  events.filter((e) => e.channel === 'account:referencesChanged').map((e) => e.payload as ReferencesView)

async function settled(core: Core, events: { channel: string; payload: unknown }[]): Promise<ReferencesView> {
  await expect.poll(() => referenceEvents(events).at(-1)?.refreshing, { timeout: 10_000 }).toBe(false)
  return core.account.references()
}

describe('account service: reference lists', () => {
  it('refreshes the lists in the background at start, writes them durably and emits them', async () => {
    const { core, events, userDataDir } = await startOn(emulator.baseUrl, KEY)
    const view = await settled(core, events)
    expect(view.problem).toBeNull()
    expect(view.lists?.flipbookTemplates).toHaveLength((await served('/api/list-templates?DocType=0')).length)
    expect(view.lists?.documentTemplates).toHaveLength((await served('/api/list-templates?DocType=1')).length)
    expect(view.lists?.flipbookSkins).toHaveLength((await served('/api/list-skins?Type=false')).length)
    expect(view.lists?.documentSkins).toHaveLength((await served('/api/list-skins?Type=true')).length)
    expect(view.lists?.currencies.map((c) => c.name)).toEqual((await served('/api/list-currencies')).map((c) => (c as { Name: string }).Name))
    expect(view.lists?.music).toContainEqual({ name: 'None', fileUrl: '' })
    expect(Date.now() - Date.parse(view.updatedAt ?? '')).toBeLessThan(60_000)

    // Read back from disk: the same lists and time, for this account only, readable by the user only.
    const file = listsFile(userDataDir, KEY)
    const cached = JSON.parse(await readFile(file, 'utf8')) as { userId: string; updatedAt: string; lists: unknown }
    expect(cached).toMatchObject({ userId: emulator.state.accountOf(KEY)?.userId, updatedAt: view.updatedAt, lists: view.lists })
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600)
    // The key never reaches the cache.
    expect(await readFile(file, 'utf8')).not.toContain(KEY)
  })

  it('an offline start serves the cached lists with their updatedAt and says why they are not fresh', async () => {
    const first = await startOn(emulator.baseUrl, KEY)
    const online = await settled(first.core, first.events)
    await first.booted.close()
    started.splice(started.indexOf(first.booted), 1)

    // The same data folder, now pointing at a service that is gone.
    const gone = await startEmulator({ keys: [KEY], log: () => {} })
    const goneUrl = gone.baseUrl
    await gone.close()
    // The same computer: the same keychain, where the key is kept under its account now.
    const { core, events } = await startOn(goneUrl, KEY, first.userDataDir, first.keychain)
    const atOnce = await core.account.references()
    expect(atOnce.lists).toEqual(online.lists)
    expect(atOnce.updatedAt).toBe(online.updatedAt)
    const offline = await settled(core, events)
    expect(offline.problem).toEqual(expect.any(String))
    expect(offline.lists).toEqual(online.lists)
    expect(offline.updatedAt).toBe(online.updatedAt)
  }, 60_000)

  it('a refresh asked for reads the changed lists, updates the cache and emits', async () => {
    const { core, events, userDataDir } = await startOn(emulator.baseUrl, KEY)
    const before = await settled(core, events)
    // The account saves an item as a template: list-templates now includes it (§4.1).
    const [item] = await emulator.seed(1, KEY)
    if (!item) throw new Error('the emulator seeded nothing')
    item.isTemplate = true
    const emittedBefore = referenceEvents(events).length
    const after = await core.account.refreshReferences()
    const kind = item.docType === 'Document' ? 'documentTemplates' : 'flipbookTemplates'
    expect(after.lists?.[kind]).toHaveLength((before.lists?.[kind].length ?? 0) + 1)
    expect(after.lists?.[kind]).toContainEqual({ id: item.id, name: item.name })
    expect(Date.parse(after.updatedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(before.updatedAt ?? ''))
    expect(referenceEvents(events).slice(emittedBefore).at(-1)).toEqual(after)
    const cached = JSON.parse(await readFile(listsFile(userDataDir, KEY), 'utf8')) as { lists: unknown }
    expect(cached.lists).toEqual(after.lists)
  })

  it('another account never sees the lists cached for the first; signing out of the first forgets its lists only', async () => {
    const { core, events, userDataDir } = await startOn(emulator.baseUrl, KEY)
    await settled(core, events)
    expect(existsSync(listsFile(userDataDir, KEY))).toBe(true)
    await core.auth.signOut()
    expect((await core.account.references()).lists).toBeNull()
    await expect.poll(() => existsSync(listsFile(userDataDir, KEY))).toBe(false)
    await core.auth.signIn({ apiKey: OTHER_KEY, sessionOnly: true })
    await expect.poll(async () => (await core.account.references()).lists, { timeout: 10_000 }).not.toBeNull()
    const cached = JSON.parse(await readFile(listsFile(userDataDir, OTHER_KEY), 'utf8')) as { userId: string }
    expect(cached.userId).toBe(emulator.state.accountOf(OTHER_KEY)?.userId)
    expect(existsSync(listsFile(userDataDir, KEY))).toBe(false)
  })
})

describe('account service: profile, plan and billing through the contract', () => {
  async function dispatcher() {
    const test = await startOn(emulator.baseUrl, KEY)
    return { ...test, dispatch: createDispatch(handlersOf(test.booted), test.booted.log) }
  }

  it('changes one profile field, keeps the empty one, and says which changed (read back)', async () => {
    const { dispatch } = await dispatcher()
    const account = emulator.state.accountOf(KEY)
    if (!account) throw new Error('no emulator account')
    const phoneBefore = account.phone
    const reply = await dispatch('account:setProfile', { name: '  Dana W. Whitfield ', phone: '' })
    expect(reply).toMatchObject({ ok: true, value: { changed: ['name'], unchanged: [] } })
    expect(account.name).toBe('Dana W. Whitfield')
    expect(account.phone).toBe(phoneBefore)
    // A value the service drops while answering OK is reported as not changed (§1 rule 3).
    const dropped = await dispatch('account:setProfile', { phone: '(415) 555-0199' })
    expect(dropped).toMatchObject({ ok: true, value: { changed: [], unchanged: ['phone'] } })
  })

  it('main checks the profile change with the shared schema: a bad phone or an http image is refused before sending', async () => {
    const { dispatch } = await dispatcher()
    const profileWrites = () => emulator.state.requests.filter((r) => r.path === '/api/set-profile').length
    const sent = profileWrites()
    for (const input of [{ phone: 'call me' }, { profileImage: 'http://example.com/me.png' }, {}]) {
      expect(await dispatch('account:setProfile', input)).toMatchObject({ ok: false, error: { code: 'invalid-input' } })
    }
    expect(profileWrites()).toBe(sent)
  })

  it('the plan carries the subscription and the quota of both hosts; payments come as the service lists them', async () => {
    const { dispatch } = await dispatcher()
    const plan = await dispatch('account:plan', undefined)
    expect(plan).toMatchObject({
      ok: true,
      value: { documentHost: true, subscription: { plan: 'Pro Monthly', status: 'Active', quotas: { Flipbook: { docType: 'Flipbook' }, Document: { docType: 'Document' } } } }
    })
    const payments = await dispatch('account:payments', undefined)
    expect(payments.ok && payments.value).toHaveLength(emulator.state.accountOf(KEY)?.payments.length ?? -1)
  })
})
