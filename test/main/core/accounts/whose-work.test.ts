import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createAccountCache } from '../../../../src-main/core/auth/account-cache'
import type { Core } from '../../../../src-main/core/core'
import { openQueueStore } from '../../../../src-main/core/queue/queue-store'
import { startEmulator, type RunningEmulator } from '../../../emulator'
import { createMemoryKeychain } from '../../../support/memory-keychain'
import { allFinished, fastClient, jobNamed, waitForQueue, writePdf } from '../../../support/queue-fixture'
import { createTestCore } from '../../../support/test-core'
import { LINK_TIMING, pdfBytes, waitFor } from '../links/links-fixture'

/*
 * Whose work a job, link or hot folder is, decided in one place and never guessed: records
 * written before accounts were kept apart go to the account the data folder names for that
 * time (or wait and ask), signing out stops that account's running work at once, and a
 * refused key is said as such. Real cores, a real journal and links file, the emulator.
 */

const DANA_KEY = 'fd-whose-work-dana'
const RAVI_KEY = 'fd-whose-work-ravi'
const DANA = 'Dana Whitfield (dana@northwind-press.example)'
const UNBOUND = 'Added before FlipDrop kept accounts apart: publish to which account?'

let emulator: RunningEmulator
let files: string
const closers: (() => Promise<void>)[] = []

beforeAll(async () => {
  emulator = await startEmulator({ keys: [DANA_KEY, RAVI_KEY], log: () => {} })
  files = await mkdtemp(join(tmpdir(), 'flipdrop-whose-files-'))
})
afterEach(async () => {
  emulator.faults.clear()
  for (const close of closers.splice(0).reverse()) await close().catch(() => undefined)
})
afterAll(async () => {
  await emulator.close()
  await rm(files, { recursive: true, force: true })
})

const idOf = (key: string): string => emulator.state.accounts.get(key)?.userId ?? ''
const named = (key: string, name: string) => emulator.state.itemsOf(key).filter((item) => item.name === name)

async function dataFolder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'flipdrop-whose-'))
  await writeFile(join(dir, 'settings.json'), JSON.stringify({ baseUrl: emulator.baseUrl }))
  return dir
}

async function start(dir: string, keychain = createMemoryKeychain(), links = false): Promise<Core> {
  const test = await createTestCore({ userDataDir: dir, keychain, createClient: fastClient, ...(links ? { links: { watch: true, ...LINK_TIMING } } : {}) })
  closers.push(() => test.booted.close())
  return test.core
}

/**
 * A data folder as FlipDrop left it before accounts were kept apart: `names` queued (the queue
 * paused) with no account on the jobs, no book of accounts, and, with `owner`, the old account
 * file and the old single keychain entry holding that account's key.
 */
async function legacyQueue(names: string[], owner: { key: string; accountFile?: boolean } | null): Promise<{ dir: string; keychain: ReturnType<typeof createMemoryKeychain> }> {
  const dir = await dataFolder()
  const first = await start(dir)
  await first.auth.signIn({ apiKey: DANA_KEY, sessionOnly: true })
  await first.uploads.pause()
  await first.uploads.enqueuePaths({ paths: await Promise.all(names.map((name) => writePdf(files, `${name}.pdf`))), docType: 'Flipbook', onSameContent: 'ask' })
  await closers.pop()?.()
  const { store } = await openQueueStore(join(dir, 'queue'))
  await store.put(store.jobs().map((job) => ({ ...job, accountId: null })))
  await store.close()
  await rm(join(dir, 'accounts.json'), { force: true })
  const keychain = createMemoryKeychain()
  if (owner) {
    const account = emulator.state.accounts.get(owner.key)
    if (owner.accountFile !== false) await createAccountCache(dir).write({ userId: idOf(owner.key), vendorId: null, name: account?.name ?? null, email: account?.email ?? null, brand: null, appUrl: null, maxFileSizeMb: null })
    await keychain.set('default', owner.key)
  }
  return { dir, keychain }
}

describe('records without an account never go to whoever is current', () => {
  it('three jobs of the single-account time publish into the account the data folder names, not the one signed in since', async () => {
    const names = ['legacy one', 'legacy two', 'legacy three']
    const { dir, keychain } = await legacyQueue(names, { key: DANA_KEY })
    const core = await start(dir, keychain)
    // A second account signs in and is current now.
    await core.auth.signIn({ apiKey: RAVI_KEY, sessionOnly: true })
    expect(core.connection.accountId).toBe(idOf(RAVI_KEY))
    await core.uploads.resume()

    const view = await waitForQueue(core, allFinished, 30_000)
    expect(view.jobs.map((job) => job.state)).toEqual(['done', 'done', 'done'])
    for (const name of names) {
      expect(named(DANA_KEY, name)).toHaveLength(1)
      expect(named(RAVI_KEY, name)).toEqual([])
      const job = jobNamed(view, name)
      expect(job?.accountId).toBe(idOf(DANA_KEY))
      expect(job?.history.map((line) => line.text)).toContain(
        `Added before FlipDrop kept accounts apart; it belongs to ${DANA}, the account FlipDrop was signed in to then.`
      )
    }
  }, 60_000)

  it('without the old account file, the old keychain entry’s key names their account once the service confirms whose it is', async () => {
    const { dir, keychain } = await legacyQueue(['entry only'], { key: DANA_KEY, accountFile: false })
    const core = await start(dir, keychain)
    await core.auth.signIn({ apiKey: RAVI_KEY, sessionOnly: true })
    await core.uploads.resume()
    const view = await waitForQueue(core, allFinished, 30_000)
    expect(jobNamed(view, 'entry only')).toMatchObject({ state: 'done', accountId: idOf(DANA_KEY) })
    expect(named(DANA_KEY, 'entry only')).toHaveLength(1)
    expect(named(RAVI_KEY, 'entry only')).toEqual([])
  }, 60_000)

  it('when nothing names their account they wait and ask; the answer publishes each where the designer chose', async () => {
    const { dir, keychain } = await legacyQueue(['orphan a', 'orphan b'], null)
    const core = await start(dir, keychain)
    await core.auth.signIn({ apiKey: DANA_KEY, sessionOnly: true })
    await core.auth.signIn({ apiKey: RAVI_KEY, sessionOnly: true })
    await core.uploads.resume()
    const asking = await waitForQueue(core, (view) => view.jobs.length === 2 && view.jobs.every((job) => job.waiting?.reason === 'unbound'))
    expect(asking.jobs.map((job) => job.waiting?.message)).toEqual([UNBOUND, UNBOUND])
    await sleep(500)
    expect([...named(DANA_KEY, 'orphan a'), ...named(RAVI_KEY, 'orphan a'), ...named(DANA_KEY, 'orphan b'), ...named(RAVI_KEY, 'orphan b')]).toEqual([])

    const orphanA = jobNamed(asking, 'orphan a')?.id ?? ''
    const orphanB = jobNamed(asking, 'orphan b')?.id ?? ''
    await expect(core.uploads.chooseAccount({ jobId: orphanA, accountId: 'nobody-here' })).rejects.toMatchObject({ code: 'signed-out' })
    await core.uploads.chooseAccount({ jobId: orphanA, accountId: idOf(DANA_KEY) })
    await core.uploads.chooseAccount({ jobId: orphanB, accountId: idOf(RAVI_KEY) })
    await waitForQueue(core, allFinished, 30_000)
    expect(named(DANA_KEY, 'orphan a')).toHaveLength(1)
    expect(named(RAVI_KEY, 'orphan b')).toHaveLength(1)
    expect([...named(RAVI_KEY, 'orphan a'), ...named(DANA_KEY, 'orphan b')]).toEqual([])
    await expect(core.uploads.chooseAccount({ jobId: orphanA, accountId: idOf(RAVI_KEY) })).rejects.toMatchObject({ code: 'not-allowed' })
  }, 60_000)

  it('a hot folder of the single-account time publishes into the account the data folder names, not the one signed in since', async () => {
    const dir = await dataFolder()
    const first = await start(dir, createMemoryKeychain(), true)
    await first.auth.signIn({ apiKey: DANA_KEY, sessionOnly: true })
    const folder = join(files, 'legacy-hot-folder')
    await mkdir(folder)
    await first.links.addHotFolder({ path: folder, docType: 'Flipbook' })
    await closers.pop()?.()
    // As written before accounts were kept apart: the folder names no account.
    const linksFile = JSON.parse(await readFile(join(dir, 'links.json'), 'utf8')) as { folders: { accountId: string | null }[] }
    for (const entry of linksFile.folders) entry.accountId = null
    await writeFile(join(dir, 'links.json'), JSON.stringify(linksFile))
    await rm(join(dir, 'accounts.json'), { force: true })
    await createAccountCache(dir).write({ userId: idOf(DANA_KEY), vendorId: null, name: 'Dana Whitfield', email: null, brand: null, appUrl: null, maxFileSizeMb: null })
    const keychain = createMemoryKeychain()
    await keychain.set('default', DANA_KEY)

    const core = await start(dir, keychain, true)
    await core.auth.signIn({ apiKey: RAVI_KEY, sessionOnly: true })
    await writeFile(join(folder, 'legacy drop.pdf'), await pdfBytes('legacy drop'))
    await waitFor('the dropped file to be published', () => emulator.state.allItems().some((item) => item.name === 'legacy drop'), 20_000)
    await sleep(300)
    expect(named(DANA_KEY, 'legacy drop')).toHaveLength(1)
    expect(named(RAVI_KEY, 'legacy drop')).toEqual([])
    expect(core.links.list().folders[0]?.accountId).toBe(idOf(DANA_KEY))
  }, 60_000)
})

describe('a hot folder of the single-account time that names no account', () => {
  it('offers its new PDFs with the question, publishes nothing, and publishes into the account chosen', async () => {
    const dir = await dataFolder()
    const first = await start(dir, createMemoryKeychain(), true)
    await first.auth.signIn({ apiKey: DANA_KEY, sessionOnly: true })
    const folder = join(files, 'orphan-hot-folder')
    await mkdir(folder)
    await first.links.addHotFolder({ path: folder, docType: 'Flipbook' })
    await closers.pop()?.()
    const linksFile = JSON.parse(await readFile(join(dir, 'links.json'), 'utf8')) as { folders: { accountId: string | null }[] }
    for (const entry of linksFile.folders) entry.accountId = null
    await writeFile(join(dir, 'links.json'), JSON.stringify(linksFile))
    await rm(join(dir, 'accounts.json'), { force: true })

    const core = await start(dir, createMemoryKeychain(), true)
    await core.auth.signIn({ apiKey: DANA_KEY, sessionOnly: true })
    await core.auth.signIn({ apiKey: RAVI_KEY, sessionOnly: true })
    const path = join(folder, 'whose drop.pdf')
    await writeFile(path, await pdfBytes('whose drop'))
    await waitFor('the file to be offered with the question', () =>
      core.links.list().folders.some((entry) => entry.offered.some((offered) => offered.path === path && offered.note === UNBOUND))
    )
    await sleep(300)
    expect(emulator.state.allItems().filter((item) => item.name === 'whose drop')).toEqual([])

    const folderId = core.links.list().folders[0]?.id ?? ''
    await core.links.chooseAccount({ folderId, accountId: idOf(RAVI_KEY) })
    await waitFor('the file to be published into the account chosen', () => named(RAVI_KEY, 'whose drop').length === 1, 20_000)
    expect(named(DANA_KEY, 'whose drop')).toEqual([])
    expect(core.links.list().folders[0]?.accountId).toBe(idOf(RAVI_KEY))
    await expect(core.links.chooseAccount({ folderId, accountId: idOf(DANA_KEY) })).rejects.toMatchObject({ code: 'not-allowed' })
  }, 60_000)
})

describe('signing out of an account stops its running work', () => {
  it('an upload under way stops at sign-out, no request goes out with the forgotten key, and the job waits; back again, it publishes once', async () => {
    const dir = await dataFolder()
    const core = await start(dir)
    await core.auth.signIn({ apiKey: RAVI_KEY, sessionOnly: true })
    await core.auth.signIn({ apiKey: DANA_KEY, sessionOnly: true })
    // The service takes its time with this create: it is under way when Dana signs out.
    emulator.faults.add({ route: '/api/create-by-file', kind: 'latency', ms: 3_000 })
    const enqueuedAt = Date.now()
    const { added } = await core.uploads.enqueuePaths({ paths: [await writePdf(files, 'cut short.pdf', 2)], docType: 'Flipbook', onSameContent: 'ask' })
    const dana = idOf(DANA_KEY)
    // Its whole file is sent: the service holds the request.
    await waitForQueue(core, (current) => {
      const progress = jobNamed(current, 'cut short')?.progress
      return progress !== null && progress !== undefined && progress.sent === progress.total
    })
    const signedOutAt = Date.now()
    await core.auth.signOut({ userId: dana })

    const view = await waitForQueue(core, (current) => jobNamed(current, 'cut short')?.state === 'waiting')
    const job = jobNamed(view, 'cut short')
    expect(job?.waiting).toMatchObject({ reason: 'other-account', account: DANA })
    expect(job?.history.map((line) => line.text)).toContain(
      `Stopped before it finished: Waiting for ${DANA} to sign in: it was added for that account, which is signed out now.`
    )
    // The held create has ended (cut off, or answered after its 3 s: the emulator logs an exchange
    // when it closes), and a moment more: whatever the old key would still send has had its chance.
    await vi.waitFor(() => expect(emulator.state.requests.some((entry) => entry.account === dana && entry.path === '/api/create-by-file' && entry.atMs >= enqueuedAt)).toBe(true), {
      timeout: 10_000,
      interval: 20
    })
    await sleep(500)
    expect(emulator.state.requests.filter((entry) => entry.account === dana && entry.atMs > signedOutAt)).toEqual([])
    expect(named(RAVI_KEY, 'cut short')).toEqual([])

    await core.auth.signIn({ apiKey: DANA_KEY, sessionOnly: true })
    await waitForQueue(core, (current) => current.jobs.find((entry) => entry.id === added[0]?.id)?.state === 'done', 30_000)
    expect(named(DANA_KEY, 'cut short')).toHaveLength(1)
  }, 60_000)

  it('after a 401 its jobs say the key was refused, not that the account signed out', async () => {
    const dir = await dataFolder()
    const core = await start(dir)
    await core.auth.signIn({ apiKey: DANA_KEY, sessionOnly: true })
    await core.uploads.pause()
    await core.uploads.enqueuePaths({ paths: [await writePdf(files, 'refused key.pdf')], docType: 'Flipbook', onSameContent: 'ask' })
    // The service stops accepting Dana's key.
    const account = emulator.state.accounts.get(DANA_KEY)
    if (!account) throw new Error('no account for the key')
    emulator.state.accounts.delete(DANA_KEY)
    try {
      await core.uploads.resume()
      const view = await waitForQueue(core, (current) => jobNamed(current, 'refused key')?.waiting?.reason === 'key-refused')
      expect(jobNamed(view, 'refused key')?.waiting).toMatchObject({
        message: `FlipDrop's key for ${DANA} was refused; sign in again. Nothing was lost.`,
        account: DANA
      })
    } finally {
      emulator.state.accounts.set(DANA_KEY, account)
    }
    // Signed out of on purpose, it waits for a sign-in again.
    await core.auth.signOut({ userId: idOf(DANA_KEY) })
    const after = await waitForQueue(core, (current) => jobNamed(current, 'refused key')?.waiting?.reason === 'signed-out')
    expect(jobNamed(after, 'refused key')?.waiting?.message).toBe(`Waiting for ${DANA} to sign in; nothing was lost.`)
  }, 60_000)
})
