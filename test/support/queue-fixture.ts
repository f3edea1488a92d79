import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { createApiClient, type ApiClientOptions } from '../../src-main/core/api/api-client'
import { RateLimiter } from '../../src-main/core/api/rate-limiter'
import type { Booted } from '../../src-main/core/boot'
import type { Core, CoreConfig } from '../../src-main/core/core'
import type { JobView, QueueView } from '../../src-shared/domain/queue'
import { makePdf } from '../emulator/fixtures/make-pdf'
import type { RunningEmulator } from '../emulator'
import { createTestCore } from './test-core'

export const QUEUE_KEY = 'fd-queue-test-key-1'

/**
 * Clients for queue tests: short timeouts and a limiter of their own, so a test's rate
 * window is its own and stalls are noticed in a second, not thirty.
 */
export function fastClient(options: ApiClientOptions) {
  return createApiClient({
    ...options,
    limiter: new RateLimiter(),
    retryBaseMs: 20,
    uploadStallMs: 1_000,
    uploadAnswerTimeoutMs: 3_000,
    requestTimeoutMs: 5_000
  })
}

/**
 * `fastClient`'s timeouts, with the app's own limiter of each key (shared by every client of
 * that key in the process): for tests of the rate limits themselves.
 */
export function fastKeyedClient(options: ApiClientOptions) {
  return createApiClient({ ...options, retryBaseMs: 20, uploadStallMs: 1_000, uploadAnswerTimeoutMs: 10_000, requestTimeoutMs: 10_000 })
}

export interface QueueCore {
  core: Core
  booted: Booted
  dir: string
  events: { channel: string; payload: unknown }[]
  logLines: string[]
}

/**
 * The queue's own waits at test speed (settings of the core): the first automatic retry after
 * 0.25 to 0.75 s (2 s ± 50 % in the app), doubling as in the app; the probe asking whether the
 * service is back every 0.1 s doubling to 1 s (1 s to 30 s in the app). A test about a wait
 * itself passes its own.
 */
export const TEST_QUEUE_TIMINGS = { firstRetryMs: 500, firstProbeMs: 100, maxProbeMs: 1_000 } as const satisfies CoreConfig['queue']

/** A real core (real queue, real journal) signed in to the emulator with FLIPDROP_API_KEY. */
export async function startQueueCore(
  emulator: Pick<RunningEmulator, 'baseUrl' | 'documentUrl'>,
  options: { dir?: string; settings?: Record<string, unknown>; core?: Partial<CoreConfig> } = {}
): Promise<QueueCore> {
  const dir = options.dir ?? (await mkdtemp(join(tmpdir(), 'flipdrop-queue-')))
  if (options.settings) await writeFile(join(dir, 'settings.json'), JSON.stringify(options.settings))
  const test = await createTestCore({
    userDataDir: dir,
    environment: { apiKey: QUEUE_KEY, baseUrl: emulator.baseUrl, documentUrl: emulator.documentUrl },
    createClient: fastClient,
    ...options.core,
    queue: { ...TEST_QUEUE_TIMINGS, ...options.core?.queue }
  })
  return { core: test.core, booted: test.booted, dir, events: test.events, logLines: test.logLines }
}

/**
 * Lets the data folder meet the key's account once, with the service up, then goes away:
 * jobs are made for the account FlipDrop last confirmed, so a queue filled offline needs
 * one. (A key never confirmed gets nothing queued: whose it is would be a guess.)
 */
export async function meetAccountOnce(ports: { port: number; documentPort: number }, dir: string): Promise<void> {
  const { startEmulator } = await import('../emulator')
  const emulator = await startEmulator({ keys: [QUEUE_KEY], ...ports, log: () => {} })
  try {
    const { core } = await startQueueCore(emulator, { dir })
    const started = Date.now()
    while (core.connection.accountId === null) {
      if (Date.now() - started > 10_000) throw new Error('the account was never confirmed')
      await sleep(20)
    }
    await core.close()
  } finally {
    await emulator.close()
  }
}

/** Writes a real PDF of `pages` pages; the content differs by name, so each file hashes differently. */
export async function writePdf(dir: string, name: string, pages = 1): Promise<string> {
  const path = join(dir, name)
  await writeFile(path, await makePdf(pages, name))
  return path
}

/** Polls the queue until `done(view)` holds, or fails with the last view after `timeoutMs`. */
export async function waitForQueue(core: Core, done: (view: QueueView) => boolean, timeoutMs = 20_000): Promise<QueueView> {
  const started = Date.now()
  let view = core.uploads.list()
  while (!done(view)) {
    if (Date.now() - started > timeoutMs) {
      const states = view.jobs.map((job) => `${job.name}: ${job.state}${job.failure ? ` (${job.failure.message})` : ''}${job.waiting ? ` [${job.waiting.message}]` : ''}`)
      throw new Error(`the queue did not settle in ${timeoutMs} ms:\n${states.join('\n')}`)
    }
    await sleep(25)
    view = core.uploads.list()
  }
  return view
}

/** Every job finished (done, failed or cancelled). */
export const allFinished = (view: QueueView): boolean =>
  view.jobs.length > 0 && view.jobs.every((job) => job.state === 'done' || job.state === 'failed' || job.state === 'cancelled')

export const jobNamed = (view: QueueView, name: string): JobView | undefined => view.jobs.find((job) => job.name === name)

/** Create requests the emulator received (any outcome). */
export function createRequests(emulator: RunningEmulator): number {
  return emulator.state.requests.filter((entry) => entry.path.startsWith('/api/create-by-')).length
}
