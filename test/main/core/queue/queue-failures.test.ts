import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { request } from 'undici'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createApiClient } from '../../../../src-main/core/api/api-client'
import { RateLimiter } from '../../../../src-main/core/api/rate-limiter'
import { startEmulator, type RunningEmulator } from '../../../emulator'
import { writeLargePdf } from '../../../emulator/fixtures/make-pdf'
import { startHoldingProxy } from '../../../support/holding-proxy'
import { startRewritingProxy } from '../../../support/rewriting-proxy'
import {
  allFinished,
  createRequests,
  jobNamed,
  QUEUE_KEY,
  startQueueCore,
  waitForQueue,
  writePdf,
  type QueueCore
} from '../../../support/queue-fixture'

let emulator: RunningEmulator
let files: string
const cores: QueueCore[] = []

beforeAll(async () => {
  emulator = await startEmulator({ keys: [QUEUE_KEY], maxFileMb: 2, log: () => {} })
  files = await mkdtemp(join(tmpdir(), 'flipdrop-queue-failures-'))
})
afterEach(() => emulator.faults.clear())
afterAll(async () => {
  for (const { core } of cores) await core.close()
  await emulator.close()
})

async function queue(baseUrl = emulator.baseUrl, documentUrl = emulator.documentUrl): Promise<QueueCore> {
  const started = await startQueueCore({ baseUrl, documentUrl })
  cores.push(started)
  return started
}

const itemsNamed = (name: string) => [...emulator.state.items.values()].filter((item) => item.name === name)

describe('the queue, when things go wrong', () => {
  it('401: waits, saying the key was refused, losing nothing, and finishes once a key is accepted again', async () => {
    const { core } = await queue()
    // Jobs are made for the account whoami confirmed for the key.
    await vi.waitFor(() => expect(core.connection.accountId).not.toBeNull())
    const account = emulator.state.accounts.get(QUEUE_KEY)
    if (!account) throw new Error('no account')
    emulator.state.accounts.delete(QUEUE_KEY)
    try {
      await core.uploads.enqueuePaths({ paths: [await writePdf(files, 'while-revoked.pdf')], docType: 'Flipbook', onSameContent: 'ask' })
      const waiting = await waitForQueue(core, (view) => jobNamed(view, 'while-revoked')?.state === 'waiting')
      // The key was refused, not signed out of: the row says so.
      expect(jobNamed(waiting, 'while-revoked')?.waiting).toMatchObject({ reason: 'key-refused', message: expect.stringContaining('was refused; sign in again') })
      expect(waiting.connectivity.signedIn).toBe(false)
    } finally {
      emulator.state.accounts.set(QUEUE_KEY, account)
    }
    await core.auth.signIn({ apiKey: QUEUE_KEY, sessionOnly: true })
    const view = await waitForQueue(core, (current) => jobNamed(current, 'while-revoked')?.state === 'done')
    expect(jobNamed(view, 'while-revoked')?.failure).toBeNull()
    expect(itemsNamed('while-revoked')).toHaveLength(1)
  })

  it('413: a file over the plan is refused before a byte is sent, with sizes in the message', async () => {
    const { core } = await queue()
    await waitForQueue(core, (view) => view.limits.maxFileSizeBytes !== null)
    const path = join(files, 'huge.pdf')
    await writeLargePdf(path, 3 * 1024 * 1024)
    const before = createRequests(emulator)
    const result = await core.uploads.enqueuePaths({ paths: [path], docType: 'Flipbook', onSameContent: 'ask' })
    expect(result.added).toEqual([])
    expect(result.refused).toMatchObject([{ source: 'huge.pdf', reason: 'huge.pdf is 3 MB; your plan allows 2 MB.' }])
    expect(createRequests(emulator)).toBe(before)
  })

  it("413: when the plan's limit is unknown, the service's 413 ends the job, not retried", async () => {
    // A service that tells no size limit anywhere: the queue must not guess one.
    const proxy = await startRewritingProxy(emulator.baseUrl, (_path, body) => {
      const subscription = body['Subscription'] as Record<string, unknown> | undefined
      if (subscription) {
        delete subscription['MaxFileSizeBytes']
        delete subscription['MaxFileSize']
      }
      delete body['MaxFileSizeMB']
      return body
    })
    try {
      // No document host either: its subscription would tell the limit.
      const { core } = await queue(proxy.url, '')
      const path = join(files, 'too-big.pdf')
      await writeLargePdf(path, 3 * 1024 * 1024)
      const added = await core.uploads.enqueuePaths({ paths: [path], docType: 'Flipbook', onSameContent: 'ask' })
      expect(added.refused).toEqual([])
      const view = await waitForQueue(core, allFinished)
      expect(jobNamed(view, 'too-big')).toMatchObject({
        state: 'failed',
        failure: { message: 'The file is larger than your plan allows.', retryable: false }
      })
      expect(view.limits.maxFileSizeBytes).toBeNull()
      expect(itemsNamed('too-big')).toHaveLength(0)
    } finally {
      await proxy.close()
    }
  })

  it('429: nothing is sent before the window resets', async () => {
    const tiny = await startEmulator({ keys: [QUEUE_KEY], rateLimit: { limit: 6, windowSeconds: 3 }, log: () => {} })
    try {
      // Only the queue talks to the service here: no library sync or list refresh shares the 6 requests.
      const started = await startQueueCore(tiny, { core: { backgroundSync: false } })
      cores.push(started)
      const { core } = started
      await waitForQueue(core, (view) => view.limits.learnedAt !== null)
      // Windows are aligned to the clock: start early in one, so it cannot reset between
      // using it up and the queue's first request (the flake this test once had under load).
      while (Date.now() % 3000 > 500) await delay(50)
      // Another program with the same key uses up the window.
      let status = 0
      do {
        const answer = await request(`${tiny.baseUrl}/api/whoami`, { headers: { 'x-api-key': QUEUE_KEY } })
        await answer.body.dump()
        status = answer.statusCode
      } while (status !== 429)
      const before = tiny.state.requests.length
      const paths = await Promise.all(['r1', 'r2', 'r3'].map((name) => writePdf(files, `${name}.pdf`)))
      await core.uploads.enqueuePaths({ paths, docType: 'Flipbook', onSameContent: 'ask' })
      await waitForQueue(core, allFinished, 30_000)
      const ours = tiny.state.requests.slice(before)
      const windowEnd = (atMs: number): number => Math.floor(atMs / 3000) * 3000 + 3000
      // The queue could not know the window was used up, so its first requests met 429s
      // (as many as were already in flight); after that it sent nothing until the reset.
      const refused = ours.filter((entry) => entry.status === 429)
      expect(refused.length).toBeGreaterThan(0)
      const lastRefusal = refused.at(-1)?.atMs ?? 0
      expect(new Set(refused.map((entry) => windowEnd(entry.atMs))).size).toBe(1)
      const after = ours.filter((entry) => entry.atMs > lastRefusal)
      expect(after.length).toBeGreaterThan(0)
      for (const entry of after) expect(entry.atMs).toBeGreaterThanOrEqual(windowEnd(lastRefusal))
      expect(after.filter((entry) => entry.status === 429)).toEqual([])
      const jobs = core.uploads.list().jobs
      expect(jobs.filter((job) => job.state === 'done')).toHaveLength(3)
      expect(jobs.flatMap((job) => job.history.map((line) => line.text)).join('\n')).not.toContain('failed')
    } finally {
      await tiny.close()
    }
  })

  it('a stall, a reset mid-body and a 5xx are retried; the job ends done, published once', async () => {
    // None of these faults lets the service make the item: short backoff and settle keep three retries within the test.
    const started = await startQueueCore(emulator, { core: { queue: { firstRetryMs: 200, inDoubtSettleMs: 500 } } })
    cores.push(started)
    const { core } = started
    const big = join(files, 'stalls.pdf')
    await writeLargePdf(big, 1024 * 1024)
    // One fault per request, in order: the first create stalls, the second is reset, the third gets a 503.
    emulator.faults.add({ route: '/api/create-by-file', kind: 'stall', count: 1 })
    emulator.faults.add({ route: '/api/create-by-file', kind: 'reset-request', bytes: 64 * 1024, count: 1 })
    emulator.faults.add({ route: '/api/create-by-file', kind: 'status', status: 503, count: 1 })
    await core.uploads.enqueuePaths({ paths: [big], docType: 'Flipbook', onSameContent: 'ask' })
    const view = await waitForQueue(core, allFinished, 40_000)
    const job = jobNamed(view, 'stalls')
    expect(job?.state).toBe('done')
    const history = job?.history.map((line) => line.text).join('\n') ?? ''
    // 1 MiB fits in the loopback socket buffers: the stall shows as an answer that never comes
    // (within the create's timeout, which grows with the file's size).
    expect(history).toMatch(/Try 1 failed: The service did not answer within \d+ seconds\./)
    expect(history).toContain('Try 2 failed')
    expect(history).toContain('Try 3 failed: The service had a problem (HTTP 503)')
    expect(itemsNamed('stalls')).toHaveLength(1)
  }, 60_000)

  it('broken JSON after the service committed: the create is in doubt and reconciled, never sent twice', async () => {
    const { core } = await queue()
    emulator.faults.add({ route: '/api/create-by-file', kind: 'broken-json', commit: true, count: 1 })
    const before = createRequests(emulator)
    await core.uploads.enqueuePaths({ paths: [await writePdf(files, 'garbled.pdf')], docType: 'Flipbook', onSameContent: 'ask' })
    const view = await waitForQueue(core, allFinished, 30_000)
    const job = jobNamed(view, 'garbled')
    expect(job?.state).toBe('done')
    expect(job?.history.map((line) => line.text).join('\n')).toContain('took that one instead of uploading again')
    expect(createRequests(emulator) - before).toBe(1)
    expect(itemsNamed('garbled')).toHaveLength(1)
    expect(job?.result?.itemId).toBe(itemsNamed('garbled')[0]?.id)
  }, 40_000)

  it('a create the service finishes after FlipDrop stopped waiting for its answer is adopted, never sent twice', async () => {
    // FlipDrop gives up on the answer after 2 s; the service holds the whole request 5 s before
    // making the item (a busy service, or a loaded machine running the emulator). The lookup at
    // once finds nothing; only a second look after the settle time may say the item is absent.
    let held = 0
    const proxy = await startHoldingProxy(emulator.baseUrl, (path) => (path === '/api/create-by-file' && held++ === 0 ? 5_000 : 0))
    try {
      const started = await startQueueCore(
        { baseUrl: proxy.url, documentUrl: emulator.documentUrl },
        {
          core: {
            createClient: (options) => createApiClient({ ...options, limiter: new RateLimiter(), retryBaseMs: 20, uploadAnswerTimeoutMs: 1_000 }),
            queue: { firstRetryMs: 100, inDoubtSettleMs: 10_000 }
          }
        }
      )
      cores.push(started)
      const { core } = started
      await vi.waitFor(() => expect(core.connection.accountId).not.toBeNull())
      const before = createRequests(emulator)
      await core.uploads.enqueuePaths({ paths: [await writePdf(files, 'answered late.pdf')], docType: 'Flipbook', onSameContent: 'ask' })
      const view = await waitForQueue(core, allFinished, 30_000)
      const job = jobNamed(view, 'answered late')
      expect(job?.state).toBe('done')
      expect(job?.history.map((line) => line.text).join('\n')).toContain('took that one instead of uploading again')
      expect(createRequests(emulator) - before).toBe(1)
      expect(itemsNamed('answered late')).toHaveLength(1)
      expect(job?.result?.itemId).toBe(itemsNamed('answered late')[0]?.id)
    } finally {
      await proxy.close()
    }
  }, 45_000)

  it('commit-then-drop, 20 times: each item adopted by reconciliation, no second create', async () => {
    const { core } = await queue()
    const names = Array.from({ length: 20 }, (_, index) => `dropped-${String(index).padStart(2, '0')}`)
    const paths = await Promise.all(names.map((name) => writePdf(files, `${name}.pdf`)))
    emulator.faults.add({ route: '/api/create-by-file', kind: 'commit-then-drop', count: 20 })
    const before = createRequests(emulator)
    await core.uploads.enqueuePaths({ paths, docType: 'Flipbook', onSameContent: 'ask' })
    const view = await waitForQueue(core, allFinished, 50_000)
    expect(createRequests(emulator) - before).toBe(20)
    for (const name of names) {
      const job = jobNamed(view, name)
      expect(job?.state, name).toBe('done')
      expect(job?.history.map((line) => line.text).join('\n'), name).toContain('took that one instead of uploading again')
      expect(itemsNamed(name), name).toHaveLength(1)
      expect(job?.result?.itemId).toBe(itemsNamed(name)[0]?.id)
    }
  }, 60_000)
})

describe('cancelling a create left in doubt by a crash', () => {
  it('looks it up first, and says the item exists when it does', async () => {
    const { core } = await queue()
    await core.uploads.pause()
    emulator.faults.add({ route: '/api/create-by-file', kind: 'commit-then-drop', count: 1 })
    const { added } = await core.uploads.enqueuePaths({ paths: [await writePdf(files, 'doubtful.pdf')], docType: 'Flipbook', onSameContent: 'ask' })
    const id = added[0]?.id ?? ''
    // Run it once: the service commits and the answer is lost, so the job is left in doubt.
    await core.uploads.resume({ jobId: id })
    await core.uploads.resume()
    await waitForQueue(core, (view) => view.jobs.find((job) => job.id === id)?.history.some((line) => line.text.startsWith('Try 1 failed')) === true)
    await core.uploads.pause()
    // Cancelled on disk at once, before anything is awaited: nothing can start it again.
    const cancelled = await core.uploads.cancel({ jobId: id })
    expect(cancelled.state).toBe('cancelled')
    // The lookup is a request like any other: it runs once the queue may talk to the service.
    await core.uploads.resume()
    const settled = await waitForQueue(core, (view) => view.jobs.find((job) => job.id === id)?.result !== null)
    const job = settled.jobs.find((entry) => entry.id === id)
    expect(job?.state).toBe('cancelled')
    expect(job?.result?.itemId).toBe(itemsNamed('doubtful')[0]?.id)
    expect(job?.history.map((line) => line.text).join('\n')).toContain('It had already reached the service')
    await expect(core.uploads.retry({ jobId: id })).rejects.toMatchObject({ code: 'not-allowed' })
    expect(itemsNamed('doubtful')).toHaveLength(1)
  })
})
