import { mkdtemp } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient } from '../../../../src-main/core/api/api-client'
import { RateLimiter } from '../../../../src-main/core/api/rate-limiter'
import { hashFile } from '../../../../src-main/core/queue/intake/hash-file'
import { withHistory } from '../../../../src-main/core/queue/job-record'
import { newJob } from '../../../../src-main/core/queue/new-job'
import { openQueueStore } from '../../../../src-main/core/queue/queue-store'
import { makePdf } from '../../../emulator/fixtures/make-pdf'
import { startEmulator, type RunningEmulator } from '../../../emulator'
import { startRewritingProxy } from '../../../support/rewriting-proxy'
import { createRequests, fastClient, QUEUE_KEY, startQueueCore, waitForQueue, writePdf, type QueueCore } from '../../../support/queue-fixture'

/*
 * Uncertain creates (issue 27): a lookup adopts only this upload's item, a hiccup while it
 * reads a PDF back is a passing state, an item whose stored bytes differ is the designer's
 * call, and a failed create that may have reached the service is looked up like any other.
 */

let emulator: RunningEmulator
let files: string
const cores: QueueCore[] = []

/** The emulator's first PDF check starts its pdf.js worker, slow on a busy machine: done once before the tests. */
async function warmUp(on: RunningEmulator): Promise<void> {
  const client = createApiClient({ apiKey: QUEUE_KEY, baseUrl: on.baseUrl, limiter: new RateLimiter(), uploadAnswerTimeoutMs: 60_000 })
  await client.createFromFile(await writePdf(files, `warm-up ${on.baseUrl.replace(/\W/g, '')}.pdf`, 1), { name: 'warm-up', title: 'warm-up', docType: 'Flipbook' })
  await client.close()
}

beforeAll(async () => {
  emulator = await startEmulator({ keys: [QUEUE_KEY], allowSourceHosts: ['127.0.0.1'], log: () => {} })
  files = await mkdtemp(join(tmpdir(), 'flipdrop-doubt-'))
  await warmUp(emulator)
})
afterEach(() => emulator.faults.clear())
afterAll(async () => {
  for (const { core } of cores) await core.close().catch(() => undefined)
  await emulator.close()
})

async function queue(on: RunningEmulator = emulator, dir?: string): Promise<QueueCore> {
  const started = await startQueueCore(on, { ...(dir ? { dir } : {}), settings: { baseUrl: on.baseUrl, uploadConcurrency: 1 } })
  cores.push(started)
  return started
}

async function accountOf(core: QueueCore['core']): Promise<string> {
  const started = Date.now()
  while (core.connection.accountId === null && Date.now() - started < 10_000) await new Promise((resolve) => setTimeout(resolve, 20))
  return core.connection.accountId ?? ''
}

const listRequests = (on: RunningEmulator): number => on.state.requests.filter((entry) => entry.path === '/api/list').length
const itemsNamed = (on: RunningEmulator, name: string) => on.state.allItems().filter((item) => item.name === name)
const historyOf = (core: QueueCore['core'], id: string): string =>
  core.uploads
    .list()
    .jobs.find((job) => job.id === id)
    ?.history.map((line) => line.text)
    .join('\n') ?? ''
const stateOf = (core: QueueCore['core'], id: string) => core.uploads.list().jobs.find((job) => job.id === id)

describe('candidates are only items made after this create was sent, and never another job’s', () => {
  it('after "Clear finished", the same PDF published again on purpose keeps its own new item, not the first one', async () => {
    const { core } = await queue()
    const path = await writePdf(files, 'again on purpose.pdf', 2)
    const first = await core.uploads.enqueuePaths({ paths: [path], docType: 'Flipbook', onSameContent: 'new' })
    const firstId = first.added[0]?.id ?? ''
    await waitForQueue(core, () => stateOf(core, firstId)?.state === 'done', 20_000)
    const firstItem = stateOf(core, firstId)?.result?.itemId
    const itemsBefore = itemsNamed(emulator, 'again on purpose').length
    await core.uploads.clearFinished()
    // A moment later (well within two minutes; dates the list tells apart), it is published again on purpose.
    await new Promise((resolve) => setTimeout(resolve, 1_500))

    // Published again on purpose; this time the create's answer is lost.
    emulator.faults.add({ route: '/api/create-by-file', kind: 'commit-then-drop', count: 1 })
    const before = createRequests(emulator)
    const second = await core.uploads.enqueuePaths({ paths: [path], docType: 'Flipbook', onSameContent: 'new' })
    const secondId = second.added[0]?.id ?? ''
    await waitForQueue(core, () => stateOf(core, secondId)?.state === 'done', 30_000)
    const items = itemsNamed(emulator, 'again on purpose')
    expect(items).toHaveLength(itemsBefore + 1)
    expect(createRequests(emulator)).toBe(before + 1)
    const newest = Math.max(...items.map((item) => item.id))
    expect(stateOf(core, secondId)?.result?.itemId).toBe(newest)
    expect(stateOf(core, secondId)?.result?.itemId).not.toBe(firstItem)
  }, 60_000)
})

/** Every date the service gives to the minute only, as the spec shows them (`Mon DD YYYY h:mmAM`; get's `/Date(ms)/` floored too). */
function toTheMinute(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toTheMinute)
  if (typeof value !== 'object' || value === null) return value
  const out: Record<string, unknown> = {}
  for (const [key, field] of Object.entries(value)) {
    if (key === 'CreatedOnIso') continue
    const dotNet = typeof field === 'string' ? /^\/Date\((\d+)\)\/$/.exec(field) : null
    out[key] = dotNet ? `/Date(${Math.floor(Number(dotNet[1]) / 60_000) * 60_000})/` : toTheMinute(field)
  }
  return out
}

describe('a service that dates items to the minute', () => {
  it('an item a cleared job made in the same minute is never taken for a later upload whose create never arrived', async () => {
    const proxy = await startRewritingProxy(emulator.baseUrl, (_path, body) => toTheMinute(body) as Record<string, unknown>)
    try {
      const started = await startQueueCore({ baseUrl: proxy.url, documentUrl: emulator.documentUrl }, { settings: { baseUrl: proxy.url, uploadConcurrency: 1 } })
      cores.push(started)
      const { core } = started
      const path = await writePdf(files, 'same minute.pdf', 1)
      const first = await core.uploads.enqueuePaths({ paths: [path], docType: 'Flipbook', onSameContent: 'new' })
      const firstId = first.added[0]?.id ?? ''
      await waitForQueue(core, () => stateOf(core, firstId)?.state === 'done', 20_000)
      const firstItem = stateOf(core, firstId)?.result?.itemId
      await core.uploads.clearFinished()
      // Published again on purpose; this create is cut before the service saw it (nothing made, but in doubt).
      emulator.faults.add({ route: '/api/create-by-file', kind: 'reset-request', bytes: 100, count: 1 })
      const second = await core.uploads.enqueuePaths({ paths: [path], docType: 'Flipbook', onSameContent: 'new' })
      const secondId = second.added[0]?.id ?? ''
      await waitForQueue(core, () => stateOf(core, secondId)?.state === 'done', 30_000)
      expect(stateOf(core, secondId)?.result?.itemId).not.toBe(firstItem)
      expect(itemsNamed(emulator, 'same minute')).toHaveLength(2)
    } finally {
      await proxy.close()
    }
  }, 60_000)
})

describe('a lookup that cannot download is a passing state, never a failure', () => {
  it('the stored PDF cut off mid-read ("other side closed"): the job waits, tries again and takes its item', async () => {
    const { core } = await queue()
    emulator.faults.add({ route: '/api/create-by-file', kind: 'commit-then-drop', count: 1 })
    // The first read of a stored PDF is cut after 100 bytes.
    emulator.faults.add({ route: '/__files/pdf/', kind: 'reset-response', bytes: 100, count: 1 })
    const before = createRequests(emulator)
    const { added } = await core.uploads.enqueuePaths({ paths: [await writePdf(files, 'cut read.pdf', 3)], docType: 'Flipbook', onSameContent: 'new' })
    const id = added[0]?.id ?? ''
    await waitForQueue(core, (view) => ['done', 'failed'].includes(view.jobs.find((job) => job.id === id)?.state ?? ''), 40_000)
    expect(stateOf(core, id)?.failure).toBeNull()
    expect(stateOf(core, id)?.state).toBe('done')
    expect(historyOf(core, id)).toContain('could not read back the PDF the service stored for “cut read” to compare it with cut read.pdf')
    expect(itemsNamed(emulator, 'cut read')).toHaveLength(1)
    expect(stateOf(core, id)?.result?.itemId).toBe(itemsNamed(emulator, 'cut read')[0]?.id)
    expect(createRequests(emulator)).toBe(before + 1)
  }, 60_000)

  it('a URL job whose link does not answer for a moment: it waits, says which link, and takes its item', async () => {
    const pdf = await makePdf(2, 'from a link')
    let served = 0
    // The emulator's download is the first request; FlipDrop's first read for its lookup is cut.
    const server: Server = createServer((request, response) => {
      served += 1
      if (served === 2) return void request.socket.destroy()
      response.writeHead(200, { 'content-type': 'application/pdf', 'content-length': pdf.length }).end(pdf)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/linked.pdf`
    try {
      const { core } = await queue()
      emulator.faults.add({ route: '/api/create-by-url', kind: 'commit-then-drop', count: 1 })
      const before = createRequests(emulator)
      const { added } = await core.uploads.enqueueUrl({ url, docType: 'Flipbook', name: 'linked' })
      const id = added[0]?.id ?? ''
      await waitForQueue(core, (view) => ['done', 'failed'].includes(view.jobs.find((job) => job.id === id)?.state ?? ''), 40_000)
      expect(stateOf(core, id)?.failure).toBeNull()
      expect(stateOf(core, id)?.state).toBe('done')
      expect(historyOf(core, id)).toContain(`could not read the PDF at ${url} to compare it`)
      expect(historyOf(core, id)).not.toContain('stored PDF could not be downloaded')
      expect(itemsNamed(emulator, 'linked')).toHaveLength(1)
      expect(createRequests(emulator)).toBe(before + 1)
    } finally {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }, 60_000)
})

describe('stored bytes that differ: the designer chooses, never a Retry that duplicates', () => {
  let rewriting: RunningEmulator
  beforeAll(async () => {
    rewriting = await startEmulator({ keys: [QUEUE_KEY], rewriteStoredPdf: true, log: () => {} })
    await warmUp(rewriting)
  })
  afterAll(async () => {
    for (const { core } of cores.splice(0)) await core.close().catch(() => undefined)
    await rewriting.close()
  })

  async function leaveLookalike(name: string): Promise<{ core: QueueCore['core']; id: string; before: number }> {
    const { core } = await queue(rewriting)
    rewriting.faults.add({ route: '/api/create-by-file', kind: 'commit-then-drop', count: 1 })
    const before = createRequests(rewriting)
    const { added } = await core.uploads.enqueuePaths({ paths: [await writePdf(files, `${name}.pdf`, 4)], docType: 'Flipbook', onSameContent: 'new' })
    const id = added[0]?.id ?? ''
    await waitForQueue(core, () => stateOf(core, id)?.state === 'failed', 30_000)
    return { core, id, before }
  }

  it('says exactly that, offers no Retry, and "Keep it" makes that item this upload', async () => {
    const { core, id, before } = await leaveLookalike('rewritten keep')
    const job = stateOf(core, id)
    expect(job?.failure).toMatchObject({ code: 'uncertain-content', retryable: false })
    expect(job?.failure?.message).toContain('A flipbook named “rewritten keep” appeared at')
    expect(job?.failure?.message).toContain('while FlipDrop was waiting to hear back about this upload, but its PDF is not exactly rewritten keep.pdf. Keep it as this upload, or publish again?')
    expect(createRequests(rewriting)).toBe(before + 1)
    await expect(core.uploads.retry({ jobId: id })).rejects.toThrow('keep it, or publish the file again')

    await core.uploads.decideLookalike({ jobId: id, choice: 'keep' })
    await waitForQueue(core, () => stateOf(core, id)?.state === 'done', 20_000)
    expect(stateOf(core, id)?.result?.itemId).toBe(itemsNamed(rewriting, 'rewritten keep')[0]?.id)
    expect(itemsNamed(rewriting, 'rewritten keep')).toHaveLength(1)
    expect(createRequests(rewriting)).toBe(before + 1)
  }, 60_000)

  it('"Publish again" publishes a new item, which the found one never stands in for', async () => {
    const { core, id, before } = await leaveLookalike('rewritten again')
    const found = itemsNamed(rewriting, 'rewritten again')[0]?.id
    await core.uploads.decideLookalike({ jobId: id, choice: 'publish-again' })
    await waitForQueue(core, () => stateOf(core, id)?.state === 'done', 20_000)
    expect(itemsNamed(rewriting, 'rewritten again')).toHaveLength(2)
    expect(stateOf(core, id)?.result?.itemId).not.toBe(found)
    expect(createRequests(rewriting)).toBe(before + 2)
  }, 60_000)
})

describe('a failed create that may have reached the service', () => {
  it('is looked up like any create in doubt; a new drop of the same file meanwhile sends nothing, and once found it counts as published', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flipdrop-doubt-failed-'))
    const first = await queue(emulator, dir)
    const accountId = await accountOf(first.core)
    await first.core.close()
    // An earlier run (behind a sign-in page) ran out of tries on a create whose item was made.
    const path = await writePdf(files, 'behind a portal.pdf', 2)
    const sentAt = Date.now()
    const client = fastClient({ apiKey: QUEUE_KEY, baseUrl: emulator.baseUrl })
    const made = await client.createFromFile(path, { name: 'behind a portal', title: 'behind a portal', docType: 'Flipbook' })
    await client.close()
    const opened = await openQueueStore(join(dir, 'queue'), { publishedDir: join(dir, 'published') })
    const source = { type: 'file' as const, path, fileName: 'behind a portal.pdf', ...(await hashFile(path)), pages: 2 }
    const message = 'Stopped after 5 tries: The service answered with a web page instead of data.'
    const failed = withHistory(
      {
        ...newJob({ kind: 'create', source, docType: 'Flipbook', accountId, name: 'behind a portal', title: 'behind a portal' }, sentAt - 5_000),
        state: 'failed' as const,
        attempts: 6,
        inDoubtSince: sentAt,
        failure: { message, retryable: true, code: 'unreachable' as const }
      },
      message
    )
    await opened.store.put([failed])
    await opened.store.close()

    // The lookup cannot finish yet: the sign-in page is still in the way of listing.
    emulator.faults.add({ route: '/api/list', kind: 'html', count: 'always' })
    const before = createRequests(emulator)
    const { core } = await queue(emulator, dir)
    await accountOf(core)
    const dropped = await core.uploads.enqueuePaths({ paths: [path], docType: 'Flipbook', onSameContent: 'ask' })
    expect(dropped.added).toHaveLength(0)
    expect(dropped.refused[0]?.reason).toContain('was sent before (as “behind a portal”) and may already be published')

    // Only listing meets the sign-in page; every other request answers. Coming back at each
    // answer sent the plan and a library sync again at once: 37 lists in 30 ms, then the rate
    // limit's whole window sat out, 30 s after the page had gone. Now the probe backs off.
    const listsBefore = listRequests(emulator)
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    expect(listRequests(emulator) - listsBefore).toBeLessThanOrEqual(10)
    emulator.faults.clear()
    const cleared = Date.now()
    await waitForQueue(core, () => stateOf(core, failed.id)?.state === 'done', 40_000)
    expect(Date.now() - cleared).toBeLessThan(15_000)
    expect(stateOf(core, failed.id)?.result?.itemId).toBe(made.id)
    const again = await core.uploads.enqueuePaths({ paths: [path], docType: 'Flipbook', onSameContent: 'ask' })
    expect(again.added).toHaveLength(0)
    expect(again.sameContent).toHaveLength(1)
    expect(itemsNamed(emulator, 'behind a portal')).toHaveLength(1)
    expect(createRequests(emulator)).toBe(before)
  }, 90_000)
})
