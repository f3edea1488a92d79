import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createFirstPaint, type FirstPaint } from '../../../src-main/core/first-paint'
import type { Core } from '../../../src-main/core/core'
import { startEmulator, type RunningEmulator } from '../../emulator'
import { QUEUE_KEY, startQueueCore, writePdf, type QueueCore } from '../../support/queue-fixture'
import { LINK_TIMING, requestsTo, waitFor } from './links/links-fixture'

/*
 * Issue 28: what the first view does not need (the plan, the reference lists, the hot-folder
 * scan) starts only once the window has painted, or after the fallback when nothing paints.
 */

const PLAN = '/api/get-subscription-details'
const LISTS = '/api/list-templates'
/** Long past when the scan of a watched folder would have found the file (it settles in 150 ms). */
const QUIET_MS = LINK_TIMING.stabilityMs * 6

let emulator: RunningEmulator
let files: string
const closers: (() => Promise<void>)[] = []

beforeAll(async () => {
  emulator = await startEmulator({ keys: [QUEUE_KEY], log: () => {} })
  files = await mkdtemp(join(tmpdir(), 'flipdrop-first-paint-'))
})
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close().catch(() => undefined)
})
afterAll(async () => {
  await emulator.close()
  await rm(files, { recursive: true, force: true })
})

async function start(dir: string | undefined, firstPaint?: FirstPaint): Promise<QueueCore> {
  const started = await startQueueCore(emulator, {
    ...(dir ? { dir } : {}),
    settings: { baseUrl: emulator.baseUrl },
    core: { links: { watch: true, ...LINK_TIMING }, ...(firstPaint ? { firstPaint } : {}) }
  })
  closers.push(() => started.booted.close())
  return started
}

/** A data folder that knows the account and watches a hot folder, with a PDF saved there while FlipDrop was closed. */
async function folderWithHotFolder(name: string): Promise<{ dir: string; pdf: string }> {
  const hot = join(files, name)
  await mkdir(hot)
  const first = await start(undefined)
  await waitFor('the account to be confirmed', () => first.core.connection.accountId !== null)
  await first.core.links.addHotFolder({ path: hot, docType: 'Flipbook' })
  await first.booted.close()
  closers.pop()
  return { dir: first.dir, pdf: await writePdf(hot, `${name}.pdf`) }
}

/** Pages of the library the service was asked for. */
const libraryPages = (): number => emulator.state.requests.filter((entry) => /^\/api\/list(\?|$)/.test(entry.path)).length

/** Whether the hot folder has looked at the file (offered it or queued it). */
const scanned = (core: Core, pdf: string): boolean =>
  core.links.list().folders.some((folder) => folder.offered.some((file) => file.path === pdf)) ||
  core.uploads.list().jobs.some((job) => job.name === pdf.split('/').at(-1)?.replace(/\.pdf$/, ''))

describe('background work waits for the first paint', () => {
  it('reads no plan or reference lists and scans no hot folder before the window has painted; all of them after', async () => {
    const { dir, pdf } = await folderWithHotFolder('painted')
    const plans = requestsTo(emulator, PLAN)
    const lists = requestsTo(emulator, LISTS)
    const pages = libraryPages()
    const firstPaint = createFirstPaint({ fallbackMs: 600_000 })
    const { core, booted } = await start(dir, firstPaint)
    // The start itself goes on: the key is confirmed and the library synced meanwhile.
    await waitFor('the account to be confirmed', () => core.connection.accountId !== null)
    await waitFor('the library to sync', async () => libraryPages() > pages && (await core.library.snapshot()).sync.phase === 'idle')
    await sleep(QUIET_MS)
    expect(requestsTo(emulator, PLAN) - plans).toBe(0)
    expect(requestsTo(emulator, LISTS) - lists).toBe(0)
    expect(scanned(core, pdf)).toBe(false)

    await booted.app.painted()
    await waitFor('the plan to be read', () => requestsTo(emulator, PLAN) > plans)
    await waitFor('the reference lists to be read', () => requestsTo(emulator, LISTS) > lists)
    await waitFor('the hot folder to be scanned', () => scanned(core, pdf))
    // Asked several times before the paint (the queue restored, the key confirmed), the plan is read once after it: once per host.
    await sleep(QUIET_MS)
    expect(requestsTo(emulator, PLAN) - plans).toBeLessThanOrEqual(2)
  })

  it('starts it after the fallback when no window ever paints', async () => {
    const { dir, pdf } = await folderWithHotFolder('unpainted')
    const plans = requestsTo(emulator, PLAN)
    const firstPaint = createFirstPaint({ fallbackMs: 300 })
    const { core } = await start(dir, firstPaint)
    await waitFor('the plan to be read', () => requestsTo(emulator, PLAN) > plans)
    await waitFor('the hot folder to be scanned', () => scanned(core, pdf))
    expect(firstPaint.done).toBe(true)
  })
})
