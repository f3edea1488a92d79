import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { CoreConfig } from '../../../../src-main/core/core'
import { UNDO_WINDOW_MS } from '../../../../src-shared/domain/queue'
import { startEmulator, type RunningEmulator } from '../../../emulator'
import { deleteOnServer } from '../../../support/delete-on-server'
import { freePorts } from '../../../support/free-ports'
import { allFinished, meetAccountOnce, QUEUE_KEY, startQueueCore, waitForQueue, writePdf, type QueueCore } from '../../../support/queue-fixture'

/*
 * What the redesigned window relies on from the queue: a replace of a live item waits out an
 * Undo window before anything is sent; a deleted item is never offered as "already
 * published" and a failed replace of one can be published as new; and one connection status
 * with a "Try now" that asks at once.
 */

let emulator: RunningEmulator
let files: string
const cores: QueueCore[] = []

beforeAll(async () => {
  emulator = await startEmulator({ keys: [QUEUE_KEY], log: () => {} })
  files = await mkdtemp(join(tmpdir(), 'flipdrop-undo-'))
})
afterEach(() => emulator.faults.clear())
afterAll(async () => {
  for (const { core } of cores) await core.close().catch(() => undefined)
  await emulator.close()
})

async function queue(core: Partial<CoreConfig> = {}): Promise<QueueCore> {
  const started = await startQueueCore(emulator, { settings: { baseUrl: emulator.baseUrl }, core })
  cores.push(started)
  await vi.waitFor(() => expect(started.core.connection.accountId).not.toBeNull())
  return started
}

const replaceRequests = (): number => emulator.state.requests.filter((entry) => entry.path.startsWith('/api/replace-pdf')).length

async function published(core: QueueCore['core'], name: string, pages = 1): Promise<{ itemId: number; path: string }> {
  const path = await writePdf(files, `${name}.pdf`, pages)
  const { added } = await core.uploads.enqueuePaths({ paths: [path], docType: 'Flipbook', onSameContent: 'new' })
  const view = await waitForQueue(core, (current) => current.jobs.find((job) => job.id === added[0]?.id)?.state === 'done')
  return { itemId: view.jobs.find((job) => job.id === added[0]?.id)?.result?.itemId ?? -1, path }
}

/** The Undo window at test speed (a setting of the core); long enough to act inside it on a loaded machine. */
const UNDO_MS = 2_000

describe('a confirmed replace of a live item can be undone before anything is sent', () => {
  it('waits out the Undo window; Undo takes it out with nothing sent; otherwise it starts once the window passed', async () => {
    const { core } = await queue({ queue: { undoWindowMs: UNDO_MS } })
    const { itemId } = await published(core, 'board report', 2)
    const before = replaceRequests()

    // Added paused for the window to ask; nothing is sent while it asks.
    const undone = await core.uploads.replace({ itemId, docType: 'Flipbook', confirmFirst: true, path: await writePdf(files, 'poster.pdf', 1) })
    const undoneId = undone.added[0]?.id ?? ''
    expect(undone.added[0]).toMatchObject({ paused: true, state: 'queued' })
    await sleep(300)
    expect(replaceRequests()).toBe(before)
    await core.uploads.confirmReplace({ jobId: undoneId })
    expect(core.uploads.list().jobs.find((job) => job.id === undoneId)?.waiting).toMatchObject({ reason: 'undo-window' })
    expect(await core.uploads.undo({ jobId: undoneId })).toEqual({ undone: true, reason: null })
    expect(core.uploads.list().jobs.some((job) => job.id === undoneId)).toBe(false)

    const kept = await core.uploads.replace({ itemId, docType: 'Flipbook', confirmFirst: true, path: await writePdf(files, 'board report v2.pdf', 4) })
    const keptId = kept.added[0]?.id ?? ''
    const confirmedAt = Date.now()
    const confirmed = await core.uploads.confirmReplace({ jobId: keptId })
    // The window the core was given, not the production one.
    const endsIn = Date.parse(confirmed.waiting?.until ?? '') - Date.now()
    expect(endsIn).toBeGreaterThan(0)
    expect(endsIn).toBeLessThanOrEqual(UNDO_MS)
    const done = await waitForQueue(core, (view) => view.jobs.find((job) => job.id === keptId)?.state === 'done', UNDO_MS + 15_000)
    // Nothing was sent before the window passed: the service saw the replace only after it.
    const sentAt = emulator.state.requests.filter((entry) => entry.path.startsWith('/api/replace-pdf')).at(-1)?.atMs ?? 0
    expect(sentAt - confirmedAt).toBeGreaterThanOrEqual(UNDO_MS - 50)
    expect(done.jobs.find((job) => job.id === keptId)?.result?.pages).toBe(4)
    expect(replaceRequests()).toBe(before + 1)
    expect(await core.uploads.undo({ jobId: keptId })).toMatchObject({ undone: false })
  }, 40_000)

  it('by default, the Undo window is the one the window says (10 s)', async () => {
    const { core } = await queue()
    const { itemId } = await published(core, 'default window')
    const replace = await core.uploads.replace({ itemId, docType: 'Flipbook', confirmFirst: true, path: await writePdf(files, 'default window v2.pdf', 2) })
    const id = replace.added[0]?.id ?? ''
    const confirmed = await core.uploads.confirmReplace({ jobId: id })
    const endsIn = Date.parse(confirmed.waiting?.until ?? '') - Date.now()
    expect(UNDO_WINDOW_MS).toBe(10_000)
    expect(endsIn).toBeGreaterThan(UNDO_WINDOW_MS - 3_000)
    expect(endsIn).toBeLessThanOrEqual(UNDO_WINDOW_MS)
    expect(await core.uploads.undo({ jobId: id })).toEqual({ undone: true, reason: null })
  })
})

describe('an item deleted on the service is never offered as already published', () => {
  it('the same content again is published as new when its item is gone, with no question', async () => {
    const { core } = await queue()
    const { itemId, path } = await published(core, 'lookbook')
    deleteOnServer(emulator, [itemId])
    const again = await core.uploads.enqueuePaths({ paths: [path], docType: 'Flipbook', onSameContent: 'ask' })
    expect(again.sameContent).toEqual([])
    expect(again.added).toHaveLength(1)
    const view = await waitForQueue(core, allFinished)
    expect(view.jobs.find((job) => job.id === again.added[0]?.id)?.state).toBe('done')
  })

  it('a failed replace of a deleted item can be published as a new item instead', async () => {
    const { core } = await queue()
    const { itemId } = await published(core, 'price sheet')
    // Queued while the item exists; deleted on the service before the replace is sent.
    await core.uploads.pause()
    const { added } = await core.uploads.replace({ itemId, docType: 'Flipbook', path: await writePdf(files, 'price sheet v2.pdf', 3) })
    const jobId = added[0]?.id ?? ''
    deleteOnServer(emulator, [itemId])
    await core.uploads.resume()
    const failed = await waitForQueue(core, (view) => view.jobs.find((job) => job.id === jobId)?.state === 'failed')
    expect(failed.jobs.find((job) => job.id === jobId)?.failure?.code).toBe('item-gone')
    const asNew = await core.uploads.publishAsNew({ jobId })
    expect(asNew.added[0]).toMatchObject({ kind: 'create', name: 'price sheet' })
    expect(core.uploads.list().jobs.some((job) => job.id === jobId)).toBe(false)
    const done = await waitForQueue(core, (view) => view.jobs.find((job) => job.id === asNew.added[0]?.id)?.state === 'done')
    expect(done.jobs.find((job) => job.id === asNew.added[0]?.id)?.result?.pages).toBe(3)
  })
})

describe('one connection status', () => {
  it('names no network apart from an unreachable service, and "Try now" asks at once', async () => {
    const [port = 0, documentPort = 0] = await freePorts(2)
    const dir = await mkdtemp(join(tmpdir(), 'flipdrop-status-'))
    await meetAccountOnce({ port, documentPort }, dir)
    // The probe backs off as in the app (a minute here): only "Try now" can find the service within the test.
    const { core } = await startQueueCore(
      { baseUrl: `http://127.0.0.1:${port}`, documentUrl: `http://127.0.0.1:${documentPort}` },
      { dir, core: { queue: { firstProbeMs: 60_000, maxProbeMs: 60_000 } } }
    )
    cores.push({ core } as QueueCore)
    await core.uploads.enqueuePaths({ paths: [await writePdf(files, 'waits.pdf')], docType: 'Flipbook', onSameContent: 'ask' })
    await vi.waitFor(() => expect(core.uploads.list().connectivity.problem).toBe('unreachable'))
    core.uploads.networkChanged(false)
    expect(core.uploads.list().connectivity.problem).toBe('no-network')
    core.uploads.networkChanged(true)
    const service = await startEmulator({ keys: [QUEUE_KEY], port, documentPort, log: () => {} })
    try {
      // The probe's next look is a minute away; "Try now" does not wait for it (no load stretches 15 s to a minute).
      const status = await core.uploads.checkNow()
      expect(status.problem === null || status.problem === 'unreachable').toBe(true)
      await vi.waitFor(() => expect(core.uploads.list().connectivity.online).toBe(true), { timeout: 15_000 })
      await waitForQueue(core, allFinished)
    } finally {
      await core.close()
      await service.close()
    }
  })

  it('says when the service answers with errors, and "Try now" retries at once', async () => {
    // The automatic retry waits at least 30 s (60 s ± 50 %): only "Try now" can finish the job within the test.
    const { core, events } = await queue({ queue: { firstRetryMs: 60_000 } })
    // What the window would show at the moment it hears a job is done: the status beside it.
    const statusWhenDone: (string | null)[] = []
    const record = events.push.bind(events)
    events.push = (...heard) => {
      for (const event of heard) {
        const change = event.payload as { jobs?: { state: string }[] }
        if (event.channel === 'uploads:changed' && change.jobs?.some((job) => job.state === 'done')) statusWhenDone.push(core.uploads.list().connectivity.problem)
      }
      return record(...heard)
    }
    emulator.faults.add({ route: '/api/create-by-file', kind: 'status', status: 503, count: 1 })
    const { added } = await core.uploads.enqueuePaths({ paths: [await writePdf(files, 'after an outage.pdf')], docType: 'Flipbook', onSameContent: 'ask' })
    const status = await vi.waitFor(() => {
      const { connectivity } = core.uploads.list()
      expect(connectivity).toMatchObject({ problem: 'service', retryAt: expect.any(String) })
      return connectivity
    })
    // The countdown shown is the automatic retry's, far off.
    expect(Date.parse(status.retryAt ?? '') - Date.now()).toBeGreaterThan(20_000)
    await core.uploads.checkNow()
    const done = await waitForQueue(core, (view) => view.jobs.find((job) => job.id === added[0]?.id)?.state === 'done', 15_000)
    // The status hears the service answered well before the job is seen done: never "done" beside "service problem".
    expect(done.connectivity.problem).toBeNull()
    expect(statusWhenDone.length).toBeGreaterThan(0)
    expect(statusWhenDone.filter((problem) => problem !== null)).toEqual([])
  })
})
