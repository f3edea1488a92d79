import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../../../emulator'
import {
  allFinished,
  createRequests,
  fastClient,
  jobNamed,
  QUEUE_KEY,
  startQueueCore,
  waitForQueue,
  writePdf,
  type QueueCore
} from '../../../support/queue-fixture'

/*
 * Creates whose answer was lost are matched by content, never by name alone, one lookup at a
 * time per account; and cancel, pause and quit reach the lookups and checks too.
 */

let emulator: RunningEmulator
let files: string
const cores: QueueCore[] = []

beforeAll(async () => {
  emulator = await startEmulator({ keys: [QUEUE_KEY], log: () => {} })
  files = await mkdtemp(join(tmpdir(), 'flipdrop-reconcile-'))
})
afterEach(() => emulator.faults.clear())
afterAll(async () => {
  for (const { core } of cores) await core.close().catch(() => undefined)
  await emulator.close()
})

async function queue(settings: Record<string, unknown> = {}): Promise<QueueCore> {
  const started = await startQueueCore(emulator, { settings: { baseUrl: emulator.baseUrl, ...settings } })
  cores.push(started)
  return started
}

/** The key's account is confirmed once per core before anything is queued for it. */
async function waitForAccount(core: QueueCore['core']): Promise<void> {
  const started = Date.now()
  while (core.connection.accountId === null && Date.now() - started < 10_000) await new Promise((resolve) => setTimeout(resolve, 20))
}

const itemsNamed = (name: string) => [...emulator.state.items.values()].filter((item) => item.name === name)
const historyOf = (core: QueueCore['core'], id: string): string =>
  core.uploads
    .list()
    .jobs.find((job) => job.id === id)
    ?.history.map((line) => line.text)
    .join('\n') ?? ''

/** Runs a job once so that its create commits and its answer is lost: it is left in doubt, waiting to retry. */
async function leaveInDoubt(core: QueueCore['core'], id: string): Promise<void> {
  await waitForQueue(core, (view) => view.jobs.find((job) => job.id === id)?.history.some((line) => line.text.startsWith('Try 1 failed')) === true)
}

describe('uncertain creates are matched by content', () => {
  it('two in-doubt jobs both named “brochure” (en/ and de/) each take their own item: pages and bytes match', async () => {
    const { core } = await queue({ uploadConcurrency: 2 })
    await mkdir(join(files, 'en'), { recursive: true })
    await mkdir(join(files, 'de'), { recursive: true })
    const en = await writePdf(join(files, 'en'), 'brochure.pdf', 3)
    const de = await writePdf(join(files, 'de'), 'brochure.pdf', 1)
    emulator.faults.add({ route: '/api/create-by-file', kind: 'commit-then-drop', count: 2 })
    // Slow lookups, so the two jobs' lookups overlap (their retries are due within a few seconds of each other).
    emulator.faults.add({ route: '/api/list', kind: 'latency', ms: 3_000, count: 'always' })
    const before = createRequests(emulator)
    const { added } = await core.uploads.enqueuePaths({ paths: [en, de], docType: 'Flipbook', onSameContent: 'new' })
    expect(added).toHaveLength(2)
    const view = await waitForQueue(core, allFinished, 40_000)
    expect(createRequests(emulator) - before).toBe(2)
    const [enJob, deJob] = added.map((job) => view.jobs.find((entry) => entry.id === job.id))
    expect(enJob).toMatchObject({ state: 'done', result: { pages: 3 } })
    expect(deJob).toMatchObject({ state: 'done', result: { pages: 1 } })
    expect(enJob?.result?.itemId).not.toBe(deJob?.result?.itemId)
    expect(emulator.state.items.get(enJob?.result?.itemId ?? -1)?.pages).toBe(3)
    expect(emulator.state.items.get(deJob?.result?.itemId ?? -1)?.pages).toBe(1)
    expect(itemsNamed('brochure')).toHaveLength(2)
  }, 60_000)

  it('an item of the same name but other content is never taken: the job says so, and a retry publishes it again', async () => {
    const { core } = await queue({ uploadConcurrency: 1 })
    // The request is cut before the service saw it: in doubt, but nothing was made.
    emulator.faults.add({ route: '/api/create-by-file', kind: 'reset-request', bytes: 100, count: 1 })
    const { added } = await core.uploads.enqueuePaths({ paths: [await writePdf(files, 'flyer.pdf', 2)], docType: 'Flipbook', onSameContent: 'new' })
    const id = added[0]?.id ?? ''
    await leaveInDoubt(core, id)
    await core.uploads.pause()
    // Meanwhile someone publishes another “flyer” (other content) on the same account.
    const other = fastClient({ apiKey: QUEUE_KEY, baseUrl: emulator.baseUrl })
    const theirs = await other.createFromFile(await writePdf(files, 'someone elses flyer.pdf', 5), { name: 'flyer', title: 'flyer', docType: 'Flipbook' })
    await other.close()
    const before = createRequests(emulator)
    await core.uploads.resume()
    const failed = await waitForQueue(core, (view) => view.jobs.find((job) => job.id === id)?.state === 'failed', 30_000)
    const job = failed.jobs.find((entry) => entry.id === id)
    expect(job?.failure).toMatchObject({ code: 'uncertain', retryable: true })
    expect(job?.failure?.message).toContain('An item named “flyer” was made since this upload started')
    expect(job?.failure?.message).toContain('Retry to publish it again as a new item.')
    expect(job?.result).toBeNull()
    expect(createRequests(emulator)).toBe(before)
    // The user decides: publish again.
    await core.uploads.retry({ jobId: id })
    const done = await waitForQueue(core, (view) => view.jobs.find((entry) => entry.id === id)?.state === 'done', 30_000)
    const published = done.jobs.find((entry) => entry.id === id)
    expect(published?.result?.itemId).not.toBe(theirs.id)
    expect(published?.result?.pages).toBe(2)
    expect(itemsNamed('flyer')).toHaveLength(2)
  }, 60_000)

  it('a file moved away after its create may have reached the service is looked up before anything is said about it', async () => {
    const { core } = await queue({ uploadConcurrency: 1 })
    emulator.faults.add({ route: '/api/create-by-file', kind: 'commit-then-drop', count: 1 })
    const path = await writePdf(files, 'moved away.pdf', 2)
    const { added } = await core.uploads.enqueuePaths({ paths: [path], docType: 'Flipbook', onSameContent: 'new' })
    const id = added[0]?.id ?? ''
    await leaveInDoubt(core, id)
    await core.uploads.pause()
    await rm(path)
    await core.uploads.resume()
    const view = await waitForQueue(core, (current) => current.jobs.find((job) => job.id === id)?.state === 'done', 30_000)
    const job = view.jobs.find((entry) => entry.id === id)
    expect(job?.result?.itemId).toBe(itemsNamed('moved away')[0]?.id)
    expect(historyOf(core, id)).not.toContain('nothing was uploaded')
    expect(itemsNamed('moved away')).toHaveLength(1)
  }, 40_000)
})

describe('stops reach every step', () => {
  it('cancel on a job waiting for its retry ends it cancelled; it is never sent again, and it says it had reached the service', async () => {
    const { core } = await queue({ uploadConcurrency: 2 })
    emulator.faults.add({ route: '/api/create-by-file', kind: 'commit-then-drop', count: 1 })
    const { added } = await core.uploads.enqueuePaths({ paths: [await writePdf(files, 'cancelled while waiting.pdf', 1)], docType: 'Flipbook', onSameContent: 'new' })
    const id = added[0]?.id ?? ''
    await leaveInDoubt(core, id)
    // A lookup slower than the retry wait (at most 3 s): the retry's timer fires while it runs,
    // and neither it nor anything else that pumps the queue may start the job again.
    emulator.faults.add({ route: '/api/list', kind: 'latency', ms: 4_000, count: 'always' })
    const another = await writePdf(files, 'another one.pdf', 1)
    const cancelling = core.uploads.cancel({ jobId: id })
    // Something pumps the queue while the cancel is under way.
    await core.uploads.enqueuePaths({ paths: [another], docType: 'Flipbook', onSameContent: 'new' })
    expect((await cancelling).state).toBe('cancelled')
    const view = await waitForQueue(
      core,
      (current) => allFinished(current) && current.jobs.find((job) => job.id === id)?.history.some((line) => line.text.includes('reached the service')) === true,
      30_000
    )
    const job = view.jobs.find((entry) => entry.id === id)
    expect(job?.state).toBe('cancelled')
    expect(job?.result?.itemId).toBe(itemsNamed('cancelled while waiting')[0]?.id)
    expect(itemsNamed('cancelled while waiting')).toHaveLength(1)
    expect(emulator.state.requests.filter((entry) => entry.path === '/api/create-by-file').length).toBeGreaterThan(0)
    expect(jobNamed(view, 'another one')?.state).toBe('done')
  }, 40_000)

  it('quitting while the service still handles a create: the next start sends nothing again, and one item results', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flipdrop-reconcile-quit-'))
    const first = await startQueueCore(emulator, { dir, settings: { baseUrl: emulator.baseUrl } })
    await waitForAccount(first.core)
    // The service takes the whole request, then needs 1.5 s before the item exists.
    emulator.faults.add({ route: '/api/create-by-file', kind: 'latency', ms: 1_500, count: 1 })
    const before = createRequests(emulator)
    await first.core.uploads.enqueuePaths({ paths: [await writePdf(files, 'landing late.pdf', 2)], docType: 'Flipbook', onSameContent: 'new' })
    while (createRequests(emulator) === before) await new Promise((resolve) => setTimeout(resolve, 10))
    await new Promise((resolve) => setTimeout(resolve, 100))
    await first.core.close()
    // Started again at once: the first lookup finds nothing yet.
    const again = await startQueueCore(emulator, { dir, settings: { baseUrl: emulator.baseUrl } })
    cores.push(again)
    const view = await waitForQueue(again.core, allFinished, 20_000)
    expect(itemsNamed('landing late')).toHaveLength(1)
    expect(createRequests(emulator)).toBe(before + 1)
    expect(view.jobs[0]?.result?.itemId).toBe(itemsNamed('landing late')[0]?.id)
  }, 40_000)

  it('pause and quit stop a lookup at once, not after the service answers', async () => {
    const { core } = await queue({ uploadConcurrency: 1 })
    emulator.faults.add({ route: '/api/create-by-file', kind: 'commit-then-drop', count: 1 })
    const { added } = await core.uploads.enqueuePaths({ paths: [await writePdf(files, 'slow lookup.pdf', 1)], docType: 'Flipbook', onSameContent: 'new' })
    const id = added[0]?.id ?? ''
    await leaveInDoubt(core, id)
    emulator.faults.add({ route: '/api/list', kind: 'latency', ms: 8_000, count: 'always' })
    // The retry's lookup is under way (the list request waits on the service).
    await waitForQueue(core, (view) => view.jobs.find((job) => job.id === id)?.state === 'queued' && view.jobs[0]?.waiting === null, 15_000)
    const listed = emulator.state.requests.filter((entry) => entry.path === '/api/list').length
    const started = Date.now()
    while (emulator.state.requests.filter((entry) => entry.path === '/api/list').length === listed && Date.now() - started < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const pausing = Date.now()
    await core.uploads.pause({ jobId: id })
    expect(Date.now() - pausing).toBeLessThan(1_000)
    const paused = core.uploads.list().jobs.find((job) => job.id === id)
    expect(paused).toMatchObject({ paused: true, result: null })

    await core.uploads.resume({ jobId: id })
    await new Promise((resolve) => setTimeout(resolve, 300))
    const quitting = Date.now()
    await core.close()
    expect(Date.now() - quitting).toBeLessThan(2_000)
    expect(itemsNamed('slow lookup')).toHaveLength(1)
  }, 40_000)
})
