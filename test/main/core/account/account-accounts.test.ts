import { existsSync } from 'node:fs'
import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { accountFilePath } from '../../../../src-main/core/account/account-files'
import { createAccountService, type AccountService } from '../../../../src-main/core/account/account-service'
import { createAccountSnapshotStore } from '../../../../src-main/core/account/account-snapshot'
import { createReferenceCache } from '../../../../src-main/core/account/reference-cache'
import { createReferenceLists } from '../../../../src-main/core/account/reference-lists'
import { createLogger } from '../../../../src-main/core/log'
import { createServiceConnection, type ServiceConnection } from '../../../../src-main/core/service/service-connection'
import type { ReferenceLists, ReferencesView } from '../../../../src-shared/domain/account'
import { settingsSchema } from '../../../../src-shared/domain/settings'
import { startEmulator, type RunningEmulator } from '../../../emulator'

/*
 * Several accounts side by side: each account's details and reference lists in its own files,
 * the current one's shown at once on a switch, and an answer always filed under the account
 * whose key asked for it.
 */

const KEY_A = 'fd-accounts-side-by-side-a'
const KEY_B = 'fd-accounts-side-by-side-b'
let emulator: RunningEmulator
const closing: (() => Promise<void>)[] = []

beforeAll(async () => {
  emulator = await startEmulator({ keys: [KEY_A, KEY_B], log: () => {} })
})
afterEach(async () => {
  for (const close of closing.splice(0)) await close()
  emulator.faults.clear()
})
afterAll(() => emulator.close())

interface Account {
  key: string
  userId: string
}

const accountOf = (key: string): Account => ({ key, userId: emulator.state.accountOf(key)?.userId ?? 'unknown' })
const listsFile = (dir: string, account: Account): string => accountFilePath(dir, account.userId, 'references.json')
const detailsFile = (dir: string, account: Account): string => accountFilePath(dir, account.userId, 'account-details.json')
const readJson = async (path: string): Promise<{ userId: string; lists: ReferenceLists }> => JSON.parse(await readFile(path, 'utf8')) as { userId: string; lists: ReferenceLists }

/** The account area as the core wires it, on a real data folder and the emulator; `use` switches the current account as the core does. */
async function startAccounts(dir?: string): Promise<{
  account: AccountService
  connection: ServiceConnection
  views: ReferencesView[]
  dir: string
  use(account: Account | null): void
}> {
  const dataDir = dir ?? (await mkdtemp(join(tmpdir(), 'flipdrop-accounts-')))
  const log = createLogger(() => {})
  const settings = settingsSchema.parse({ baseUrl: emulator.baseUrl, documentUrl: emulator.documentUrl })
  const connection = createServiceConnection({ settings: () => settings, environment: {}, log })
  let current: string | null = null
  const views: ReferencesView[] = []
  const references = createReferenceLists({ cache: createReferenceCache(dataDir), connection, userId: () => current, emit: (view) => views.push(view), log })
  const account = createAccountService({ connection, settings: () => settings, references, snapshot: createAccountSnapshotStore(dataDir), userId: () => current, log })
  closing.push(async () => {
    await account.close()
    await connection.close()
  })
  return {
    account,
    connection,
    views,
    dir: dataDir,
    use(next) {
      current = next?.userId ?? null
      // As the app switches: every signed-in account's key stays held (a dropped key's requests stop).
      if (next) {
        connection.add(next.key, { confirmed: next.userId })
        connection.use(next.key)
      } else connection.disconnect()
      account.accountChanged()
    }
  }
}

/** Waits until no refresh runs (the last view says so) and returns the view shown then. */
async function settled(views: ReferencesView[], from = 0): Promise<ReferencesView> {
  await vi.waitFor(() => expect(views.slice(from).at(-1)?.refreshing).toBe(false), { timeout: 10_000 })
  const last = views.at(-1)
  if (!last) throw new Error('no view')
  return last
}

/** Makes one of A's items a template: A's template lists include it, B's never. */
async function ownTemplateOfA(): Promise<{ id: number; name: string }> {
  const [item] = await emulator.seed(1, KEY_A)
  if (!item) throw new Error('the emulator seeded nothing')
  item.isTemplate = true
  item.docType = 'Flipbook'
  return { id: item.id, name: item.name }
}

describe('several accounts: account details and reference lists per account', () => {
  it("shows the other account's cached lists at once on a switch, then refreshes them; each account's in its own file", async () => {
    const A = accountOf(KEY_A)
    const B = accountOf(KEY_B)
    const template = await ownTemplateOfA()
    const { views, dir, use } = await startAccounts()
    use(A)
    const listsA = await settled(views)
    expect(listsA.lists?.flipbookTemplates).toContainEqual(template)
    use(B)
    const listsB = await settled(views, views.length)
    expect(listsB.lists?.flipbookTemplates).not.toContainEqual(template)

    // Back to A: its cached lists come before the refresh ends (the first view after the switch).
    const mark = views.length
    use(A)
    await vi.waitFor(() => expect(views.length).toBeGreaterThan(mark))
    expect(views[mark]).toMatchObject({ lists: listsA.lists, updatedAt: listsA.updatedAt })
    await settled(views, mark)

    expect(await readJson(listsFile(dir, A))).toMatchObject({ userId: A.userId, lists: { flipbookTemplates: expect.arrayContaining([template]) } })
    const fileB = await readJson(listsFile(dir, B))
    expect(fileB.userId).toBe(B.userId)
    expect(fileB.lists.flipbookTemplates).not.toContainEqual(template)
  }, 30_000)

  it("files lists read while the account changed under the account whose key read them, never under the new one", async () => {
    const A = accountOf(KEY_A)
    const B = accountOf(KEY_B)
    const template = await ownTemplateOfA()
    // Slow answers: the switch comes while A's lists are on their way.
    emulator.faults.add({ route: '/api/list-templates', kind: 'latency', ms: 300, count: 'always' })
    const { views, dir, use } = await startAccounts()
    use(A)
    await vi.waitFor(() => expect(emulator.faults.list()[0]?.hits).toBeGreaterThan(0))
    const mark = views.length
    use(B)
    // B is shown at once: it has nothing cached yet, and A's lists are not shown as B's.
    await vi.waitFor(() => expect(views.length).toBeGreaterThan(mark))
    expect(views[mark]?.lists).toBeNull()
    const shown = await settled(views, mark)
    expect(shown.lists?.flipbookTemplates).not.toContainEqual(template)
    expect(views.slice(mark).some((view) => view.lists?.flipbookTemplates.some((each) => each.id === template.id))).toBe(false)

    const fileA = await readJson(listsFile(dir, A))
    expect(fileA.userId).toBe(A.userId)
    expect(fileA.lists.flipbookTemplates).toContainEqual(template)
    const fileB = await readJson(listsFile(dir, B))
    expect(fileB.userId).toBe(B.userId)
    expect(fileB.lists.flipbookTemplates).not.toContainEqual(template)
  }, 30_000)

  it("keeps each account's details apart; signing out of one (forget) leaves the other's, and a lost connection forgets nothing", async () => {
    const A = accountOf(KEY_A)
    const B = accountOf(KEY_B)
    const { account, views, dir, use } = await startAccounts()
    use(A)
    const profileA = await account.profile()
    const planA = await account.plan()
    use(B)
    const profileB = await account.profile()
    expect(profileB).not.toEqual(profileA)
    expect(await account.cached()).toMatchObject({ profile: { value: profileB }, plan: null })
    use(A)
    expect(await account.cached()).toMatchObject({ profile: { value: profileA }, plan: { value: planA } })

    // The key went away (refused, or the connection dropped): what was kept stays for offline use.
    use(null)
    use(A)
    expect((await account.cached()).profile?.value).toEqual(profileA)
    await settled(views)

    // Signed out of A: its files go, B's stay.
    await account.forget(A.userId)
    expect(existsSync(detailsFile(dir, A))).toBe(false)
    expect(existsSync(listsFile(dir, A))).toBe(false)
    expect(existsSync(join(dir, 'accounts', A.userId))).toBe(false)
    expect(existsSync(detailsFile(dir, B))).toBe(true)
    expect(await account.cached()).toEqual({ profile: null, plan: null, payments: null })
    expect(views.at(-1)?.lists).toBeNull()
    use(B)
    expect((await account.cached()).profile?.value).toEqual(profileB)
  }, 30_000)

  it('adopts the single account-details.json and references.json of before for the account they name, and only for it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flipdrop-accounts-legacy-'))
    const A = { key: 'unused', userId: '61000' }
    const B = { key: 'unused', userId: '61001' }
    const at = '2025-06-01T10:00:00.000Z'
    const profile = { name: 'Dana Whitfield', phone: null, profileImage: null }
    const lists: ReferenceLists = { flipbookTemplates: [{ id: 1, name: 'Blank' }], documentTemplates: [], flipbookSkins: [], documentSkins: [], currencies: [{ name: 'USD' }], music: [] }
    await writeFile(join(dir, 'account-details.json'), JSON.stringify({ version: 1, userId: A.userId, profile: { value: profile, at }, plan: null, payments: null }))
    await writeFile(join(dir, 'references.json'), JSON.stringify({ version: 1, userId: A.userId, updatedAt: at, lists }))

    const details = createAccountSnapshotStore(dir)
    const cache = createReferenceCache(dir)
    // Another account: nothing of A's, and the files stay where they are.
    expect(await details.read(B.userId)).toEqual({ profile: null, plan: null, payments: null })
    expect(await cache.read(B.userId)).toBeNull()
    expect(existsSync(join(dir, 'account-details.json'))).toBe(true)
    // A: its own, moved to its folder.
    expect(await details.read(A.userId)).toMatchObject({ profile: { value: profile, at } })
    expect(await cache.read(A.userId)).toMatchObject({ userId: A.userId, updatedAt: at, lists })
    expect(existsSync(join(dir, 'account-details.json'))).toBe(false)
    expect(existsSync(join(dir, 'references.json'))).toBe(false)
    expect(existsSync(detailsFile(dir, A))).toBe(true)
    expect(existsSync(listsFile(dir, A))).toBe(true)
    // Kept for B from now on: in B's own file, A's untouched.
    await details.keep(B.userId, 'profile', { name: 'Sam Ortiz', phone: null, profileImage: null }, new Date(at))
    expect((await details.read(A.userId)).profile?.value).toEqual(profile)
    expect((await createAccountSnapshotStore(dir).read(B.userId)).profile?.value.name).toBe('Sam Ortiz')
  })
})
