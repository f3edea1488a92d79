import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../../../emulator'
import { fastClient, waitForQueue, type QueueCore } from '../../../support/queue-fixture'
import { createTestCore } from '../../../support/test-core'
import { LINK_TIMING, pdfBytes, requestsTo, startLinksCore, waitFor, waitForLinks } from './links-fixture'

/*
 * A hot folder's offer and its job are one thing; an offered file stays offered; and a hot
 * folder publishes to the account it was added under, never to whoever is signed in.
 */

const DANA_KEY = 'fd-queue-test-key-1'
const RAVI_KEY = 'fd-links-identity-ravi'
const CREATE = '/api/create-by-'
const QUIET_MS = LINK_TIMING.stabilityMs * 6

let emulator: RunningEmulator
let files: string
const closers: (() => Promise<void>)[] = []

beforeAll(async () => {
  emulator = await startEmulator({ keys: [DANA_KEY, RAVI_KEY], log: () => {} })
  files = await mkdtemp(join(tmpdir(), 'flipdrop-links-identity-'))
})
afterEach(() => emulator.faults.clear())
afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => undefined)
  await emulator.close()
  await rm(files, { recursive: true, force: true })
})

async function linksCore(): Promise<QueueCore> {
  const started = await startLinksCore(emulator)
  closers.push(() => started.core.close())
  return started
}

async function hotFolder(core: QueueCore['core'], name: string): Promise<{ dir: string; folderId: string }> {
  const dir = join(files, name)
  await mkdir(dir)
  const view = await core.links.addHotFolder({ path: dir, docType: 'Flipbook' })
  return { dir, folderId: view.folders.find((folder) => folder.path === dir)?.id ?? '' }
}

const itemsNamed = (name: string) => [...emulator.state.items.values()].filter((item) => item.name === name)

describe('a hot folder’s offer and its job are one thing', () => {
  it('a create that fails stays followed: retried in the queue, it is linked and its offer goes; Publish then makes nothing more', async () => {
    const { core, dir: dataDir } = await linksCore()
    const { dir, folderId } = await hotFolder(core, 'refused-then-retried')
    emulator.faults.add({ route: '/api/create-by-file', kind: 'status', status: 413, count: 1 })
    const path = join(dir, 'spring catalogue.pdf')
    await writeFile(path, await pdfBytes('spring catalogue', 2))
    const failed = await waitForLinks(core, 'the refused file to be offered with the reason', (view) =>
      view.folders.some((folder) => folder.offered.some((file) => file.path === path && file.note?.startsWith('Not published:') === true))
    )
    expect(failed.folders[0]?.publishing).toEqual(['spring catalogue.pdf'])
    // Still followed, on disk too: the job and the offer are one thing.
    const jobId = core.uploads.list().jobs.find((job) => job.source.type === 'file' && job.source.fileName === 'spring catalogue.pdf')?.id ?? ''
    expect(core.uploads.list().jobs.find((job) => job.id === jobId)?.state).toBe('failed')
    const followed = async (): Promise<boolean> =>
      (JSON.parse(await readFile(join(dataDir, 'links.json'), 'utf8')) as { pending: { path: string; jobId: string }[] }).pending.some(
        (entry) => entry.path === path && entry.jobId === jobId
      )
    await waitFor('links.json to keep following the failed job', followed)

    await core.uploads.retry({ jobId })
    const linked = await waitForLinks(core, 'the retried job to be linked', (view) => view.links.some((link) => link.path === path && !link.updating))
    expect(linked.folders[0]?.offered).toEqual([])
    expect(itemsNamed('spring catalogue')).toHaveLength(1)

    const creates = requestsTo(emulator, CREATE)
    await core.links.publishOffered({ folderId })
    await sleep(QUIET_MS)
    expect(requestsTo(emulator, CREATE)).toBe(creates)
    expect(itemsNamed('spring catalogue')).toHaveLength(1)
  })

  it('Publish on the offer of a failed file retries that same job: one item, linked', async () => {
    const { core } = await linksCore()
    const { dir, folderId } = await hotFolder(core, 'refused-then-published')
    emulator.faults.add({ route: '/api/create-by-file', kind: 'status', status: 413, count: 1 })
    const path = join(dir, 'annual report.pdf')
    await writeFile(path, await pdfBytes('annual report', 3))
    await waitForLinks(core, 'the refused file to be offered', (view) => view.folders.some((folder) => folder.offered.some((file) => file.path === path)))
    const jobsBefore = core.uploads.list().jobs.length
    await core.links.publishOffered({ folderId })
    await waitForLinks(core, 'the file to be linked', (view) => view.links.some((link) => link.path === path && !link.updating))
    expect(core.uploads.list().jobs).toHaveLength(jobsBefore)
    expect(itemsNamed('annual report')).toHaveLength(1)
    // Publishing again says so and sends nothing: the file is linked now, no longer offered.
    const creates = requestsTo(emulator, CREATE)
    await core.links.publishOffered({ folderId })
    await sleep(QUIET_MS)
    expect(requestsTo(emulator, CREATE)).toBe(creates)
  })

  it('Publish on an offered file whose content is already published says so and makes no second item', async () => {
    const { core } = await linksCore()
    const bytes = await pdfBytes('price list', 1)
    const elsewhere = join(files, 'price list (published).pdf')
    await writeFile(elsewhere, bytes)
    await core.uploads.enqueuePaths({ paths: [elsewhere], docType: 'Flipbook', onSameContent: 'new' })
    await waitForQueue(core, (view) => view.jobs.every((job) => job.state === 'done'))
    const dir = join(files, 'already-published')
    await mkdir(dir)
    await writeFile(join(dir, 'price list.pdf'), bytes)
    const { folders } = await core.links.addHotFolder({ path: dir, docType: 'Flipbook' })
    const creates = requestsTo(emulator, CREATE)
    const after = await core.links.publishOffered({ folderId: folders[0]?.id ?? '' })
    expect(after.folders[0]?.offered[0]?.note).toContain('already published as “price list (published)”')
    await sleep(QUIET_MS)
    expect(requestsTo(emulator, CREATE)).toBe(creates)
  })

  it('an offered file that goes away and comes back (a slow re-export, a move out and back) is still only offered', async () => {
    const { core } = await linksCore()
    const dir = join(files, 'comes-back')
    await mkdir(dir)
    const path = join(dir, 'lookbook.pdf')
    const bytes = await pdfBytes('lookbook', 2)
    await writeFile(path, bytes)
    const { folders } = await core.links.addHotFolder({ path: dir, docType: 'Flipbook' })
    expect(folders[0]?.offered.map((file) => file.fileName)).toEqual(['lookbook.pdf'])
    const creates = requestsTo(emulator, CREATE)
    await rm(path)
    await waitForLinks(core, 'the file to leave the view', (view) => view.folders[0]?.offered.length === 0)
    await writeFile(path, bytes)
    await waitForLinks(core, 'the file to be offered again', (view) => view.folders[0]?.offered.some((file) => file.path === path) === true)
    await sleep(QUIET_MS)
    expect(requestsTo(emulator, CREATE)).toBe(creates)
    expect(core.uploads.list().jobs).toEqual([])
  })
})

describe('links and hot folders belong to an account', () => {
  it('a hot folder publishes to the account it was added under; another account signed in gets nothing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flipdrop-links-accounts-'))
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ baseUrl: emulator.baseUrl }))
    const test = await createTestCore({ userDataDir: dir, createClient: fastClient, links: { watch: true, ...LINK_TIMING } })
    closers.push(() => test.booted.close())
    const { core } = test
    await core.auth.signIn({ apiKey: DANA_KEY, sessionOnly: true })
    const { dir: folder } = await hotFolder(core, 'danas-folder')
    expect(core.links.list().folders[0]?.accountId).toBe(emulator.state.accounts.get(DANA_KEY)?.userId)
    await core.auth.signOut()
    await core.auth.signIn({ apiKey: RAVI_KEY, sessionOnly: true })
    await writeFile(join(folder, 'for dana.pdf'), await pdfBytes('for dana'))
    const view = await waitForQueue(core, (current) => current.jobs.some((job) => job.waiting?.reason === 'other-account'))
    expect(view.jobs[0]?.waiting?.message).toContain('Dana Whitfield (dana@northwind-press.example)')
    await sleep(QUIET_MS)
    expect(emulator.state.itemsOf(RAVI_KEY).filter((item) => item.name === 'for dana')).toEqual([])
    await core.auth.signOut()
    await core.auth.signIn({ apiKey: DANA_KEY, sessionOnly: true })
    await waitFor('Dana’s file to be published and linked', () => core.links.list().links.some((link) => link.name === 'for dana' && !link.updating))
    expect(emulator.state.itemsOf(DANA_KEY).filter((item) => item.name === 'for dana')).toHaveLength(1)
  })
})
