import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { limiterForKey } from '../../../../src-main/core/api/limiter-registry'
import type { ApiClient, ApiClientOptions } from '../../../../src-main/core/api/api-client'
import type { Core } from '../../../../src-main/core/core'
import { startEmulator, type RunningEmulator } from '../../../emulator'
import { createMemoryKeychain } from '../../../support/memory-keychain'
import { allFinished, fastClient, fastKeyedClient, jobNamed, waitForQueue, writePdf } from '../../../support/queue-fixture'
import { createTestCore } from '../../../support/test-core'

/*
 * Several accounts side by side: each key is kept under its own account's keychain entry,
 * adding one signs no other out, one is current, and each account's jobs run with that
 * account's key, beside the others', within its own rate limit.
 */

const DANA_KEY = 'fd-several-dana-key'
const RAVI_KEY = 'fd-several-ravi-key'

let emulator: RunningEmulator
let files: string
const closers: (() => Promise<void>)[] = []

beforeAll(async () => {
  // A small window, so both accounts' uploads press against it.
  emulator = await startEmulator({ keys: [DANA_KEY, RAVI_KEY], rateLimit: { limit: 30, windowSeconds: 2 }, log: () => {} })
  files = await mkdtemp(join(tmpdir(), 'flipdrop-several-files-'))
})
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})
afterAll(() => emulator.close())

const idOf = (key: string): string => emulator.state.accounts.get(key)?.userId ?? ''

async function start(
  options: { dir?: string; keychain?: ReturnType<typeof createMemoryKeychain>; createClient?: (options: ApiClientOptions) => ApiClient } = {}
) {
  const dir = options.dir ?? (await mkdtemp(join(tmpdir(), 'flipdrop-several-')))
  await writeFile(join(dir, 'settings.json'), JSON.stringify({ baseUrl: emulator.baseUrl }))
  const keychain = options.keychain ?? createMemoryKeychain()
  const test = await createTestCore({ userDataDir: dir, keychain, createClient: options.createClient ?? fastClient })
  let closed = false
  const close = async (): Promise<void> => {
    if (closed) return
    closed = true
    await test.booted.close()
  }
  closers.push(close)
  return { core: test.core, keychain, dir, close }
}

const signedInIds = (core: Core): string[] => core.auth.status().accounts.filter((entry) => entry.signedIn).map((entry) => entry.userId)

describe('several accounts side by side', () => {
  it('adding an account keeps the others; each key has its own entry; one is current and switching changes it', async () => {
    const { core, keychain } = await start()
    await core.auth.signIn({ apiKey: DANA_KEY, sessionOnly: false })
    const state = await core.auth.signIn({ apiKey: RAVI_KEY, sessionOnly: false })

    expect(signedInIds(core)).toEqual([idOf(DANA_KEY), idOf(RAVI_KEY)])
    expect(keychain.entries.get(idOf(DANA_KEY))).toBe(DANA_KEY)
    expect(keychain.entries.get(idOf(RAVI_KEY))).toBe(RAVI_KEY)
    expect(state.account?.email).toBe('ravi@kitestudio.example')
    expect(state.accounts.find((entry) => entry.current)).toMatchObject({ userId: idOf(RAVI_KEY), brand: 'Kite Studio', storage: 'keychain' })
    expect(JSON.stringify(state)).not.toContain(DANA_KEY)
    expect(JSON.stringify(state)).not.toContain(RAVI_KEY)

    const switched = await core.auth.switch({ userId: idOf(DANA_KEY) })
    expect(switched.account?.brand).toBe('Northwind Press')
    expect(core.connection.accountId).toBe(idOf(DANA_KEY))
    await expect(core.auth.switch({ userId: 'nobody' })).rejects.toMatchObject({ code: 'not-found' })
  })

  it('signing out of one account keeps the other signed in and its key stored', async () => {
    const { core, keychain } = await start()
    await core.auth.signIn({ apiKey: DANA_KEY, sessionOnly: false })
    await core.auth.signIn({ apiKey: RAVI_KEY, sessionOnly: false })
    const after = await core.auth.signOut({ userId: idOf(RAVI_KEY) })

    expect(signedInIds(core)).toEqual([idOf(DANA_KEY)])
    expect(after).toMatchObject({ signedIn: true, account: { brand: 'Northwind Press' } })
    expect(keychain.entries.has(idOf(RAVI_KEY))).toBe(false)
    expect(keychain.entries.get(idOf(DANA_KEY))).toBe(DANA_KEY)
    // The signed-out account is still known by name (work made for it names it).
    expect(after.accounts.find((entry) => entry.userId === idOf(RAVI_KEY))).toMatchObject({ signedIn: false, name: 'Ravi Menon' })
  })

  it('after a restart every stored account is signed in again and the current one is the one chosen last', async () => {
    const first = await start()
    await first.core.auth.signIn({ apiKey: DANA_KEY, sessionOnly: false })
    await first.core.auth.signIn({ apiKey: RAVI_KEY, sessionOnly: false })
    await first.core.auth.switch({ userId: idOf(DANA_KEY) })
    await first.close()

    const again = await start({ dir: first.dir, keychain: first.keychain })
    expect(signedInIds(again.core).sort()).toEqual([idOf(DANA_KEY), idOf(RAVI_KEY)].sort())
    expect(again.core.auth.status().account?.brand).toBe('Northwind Press')
    await expect.poll(() => again.core.connection.accounts().length).toBe(2)
  })

  it('a key kept under the old single entry moves to its account’s entry once the service confirms it', async () => {
    const keychain = createMemoryKeychain()
    await keychain.set('default', DANA_KEY)
    const { core } = await start({ keychain })
    await expect.poll(() => keychain.entries.get(idOf(DANA_KEY))).toBe(DANA_KEY)
    expect(keychain.entries.has('default')).toBe(false)
    expect(core.auth.status().accounts.filter((entry) => entry.signedIn)).toHaveLength(1)
  })

  it('both accounts publish at once, each with its own key and within its own rate limit, with no 429', async () => {
    // The app's clients: every request of a key goes through that key's one limiter.
    const { core } = await start({ createClient: fastKeyedClient })
    await core.auth.signIn({ apiKey: DANA_KEY, sessionOnly: true })
    await core.auth.signIn({ apiKey: RAVI_KEY, sessionOnly: true })
    const before = emulator.state.requests.length
    const danaFiles = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => writePdf(files, `dana ${n}.pdf`)))
    const raviFiles = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => writePdf(files, `ravi ${n}.pdf`)))
    await core.uploads.enqueuePaths({ paths: danaFiles, docType: 'Flipbook', onSameContent: 'ask', accountId: idOf(DANA_KEY) })
    // Without an account named, a drop goes to the current one (Ravi, signed in last).
    await core.uploads.enqueuePaths({ paths: raviFiles, docType: 'Flipbook', onSameContent: 'ask' })

    // Both accounts' uploads are under way at the same time.
    await waitForQueue(core, (view) => {
      const busy = view.jobs.filter((job) => job.state === 'uploading' || job.state === 'verifying')
      return new Set(busy.map((job) => job.accountId)).size === 2
    })
    const done = await waitForQueue(core, allFinished, 60_000)
    expect(done.jobs.every((job) => job.state === 'done')).toBe(true)
    expect(emulator.state.itemsOf(DANA_KEY).filter((item) => item.name.startsWith('dana '))).toHaveLength(6)
    expect(emulator.state.itemsOf(RAVI_KEY).filter((item) => item.name.startsWith('ravi '))).toHaveLength(6)
    expect(emulator.state.itemsOf(DANA_KEY).some((item) => item.name.startsWith('ravi '))).toBe(false)
    expect(emulator.state.requests.slice(before).filter((entry) => entry.status === 429)).toEqual([])
    // Each key has its own limiter, and each learned its window from its own answers.
    expect(limiterForKey(DANA_KEY)).not.toBe(limiterForKey(RAVI_KEY))
    expect(limiterForKey(DANA_KEY).state.limit).toBe(30)
    expect(limiterForKey(RAVI_KEY).state.limit).toBe(30)
  })

  it('signing one account out keeps the other publishing; the signed-out one’s jobs wait for it and run when it is back', async () => {
    const { core } = await start()
    await core.auth.signIn({ apiKey: DANA_KEY, sessionOnly: true })
    await core.auth.signIn({ apiKey: RAVI_KEY, sessionOnly: true })
    const { added } = await core.uploads.enqueuePaths({ paths: [await writePdf(files, 'kite poster.pdf')], docType: 'Flipbook', onSameContent: 'ask', hold: true })
    await core.auth.signOut({ userId: idOf(RAVI_KEY) })
    await core.uploads.enqueuePaths({ paths: [await writePdf(files, 'northwind menu.pdf')], docType: 'Flipbook', onSameContent: 'ask' })
    await core.uploads.resume({ jobId: added[0]?.id })
    const view = await waitForQueue(core, (queue) => jobNamed(queue, 'northwind menu')?.state === 'done' && jobNamed(queue, 'kite poster')?.state === 'waiting')
    expect(jobNamed(view, 'kite poster')?.waiting).toMatchObject({ account: 'Ravi Menon (ravi@kitestudio.example)' })
    expect(emulator.state.itemsOf(DANA_KEY).some((item) => item.name === 'kite poster')).toBe(false)

    await core.auth.signIn({ apiKey: RAVI_KEY, sessionOnly: true })
    await waitForQueue(core, (queue) => jobNamed(queue, 'kite poster')?.state === 'done')
    expect(emulator.state.itemsOf(RAVI_KEY).filter((item) => item.name === 'kite poster')).toHaveLength(1)
  })
})
