import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../../../../src-main/core/log'
import { createServiceConnection } from '../../../../src-main/core/service/service-connection'
import type { Connectivity } from '../../../../src-shared/domain/queue'
import { settingsSchema } from '../../../../src-shared/domain/settings'
import { startEmulator, type RunningEmulator } from '../../../emulator'
import { fastClient, QUEUE_KEY, startQueueCore, waitForQueue, writePdf, type QueueCore } from '../../../support/queue-fixture'

/*
 * The status strip speaks whenever the service cannot be reached, queue or no queue: every
 * feature's requests (library sync, account reads, reference lists) tell the one status, a
 * connection reset as much as a refused one, and "Try now" retries what waits.
 */

let emulator: RunningEmulator
beforeAll(async () => {
  emulator = await startEmulator({ keys: [QUEUE_KEY], log: () => {} })
})
afterAll(() => emulator.close())

const told = (running: QueueCore): Connectivity[] =>
  running.events.filter((event) => event.channel === 'uploads:connectivityChanged').map((event) => event.payload as Connectivity)

// An interrupted library sync would try again by itself after a minute: only "Try now" brings it back sooner here.
async function signedIn(): Promise<QueueCore> {
  const running = await startQueueCore(emulator, { core: { library: { syncRetryMs: 60_000 } } })
  await expect.poll(() => running.core.connection.accountId, { timeout: 10_000 }).not.toBeNull()
  // The sign-in's own library sync ends first: a sync() asked later would join it, and it may
  // finish with the pages it read before the tests' faults began.
  expect((await running.core.library.sync()).phase).toBe('idle')
  return running
}

describe('with nothing in the queue', () => {
  it('a library sync whose every request is reset makes the strip say the service cannot be reached, with its next try', async () => {
    const running = await signedIn()
    try {
      expect(running.core.uploads.list().jobs).toEqual([])
      emulator.faults.add({ route: '*', kind: 'reset-request', count: 'always' })
      await running.core.library.sync()
      const view = running.core.uploads.list().connectivity
      expect(view).toMatchObject({ online: false, problem: 'unreachable' })
      expect(view.nextCheckAt).not.toBeNull()
      expect(told(running).at(-1)).toMatchObject({ online: false, problem: 'unreachable' })
    } finally {
      emulator.faults.clear()
      await running.core.close()
    }
  })

  it('account reads and the reference lists tell it too', async () => {
    for (const read of ['profile', 'refreshReferences'] as const) {
      const running = await signedIn()
      try {
        emulator.faults.add({ route: '*', kind: 'reset-request', count: 'always' })
        await Promise.resolve(running.core.account[read]()).catch(() => undefined)
        expect(running.core.uploads.list().connectivity, read).toMatchObject({ online: false, problem: 'unreachable' })
      } finally {
        emulator.faults.clear()
        await running.core.close()
      }
    }
  })

  it('"Try now" once the service answers again clears the strip and carries on the library sync that waited', async () => {
    const running = await signedIn()
    try {
      emulator.faults.add({ route: '*', kind: 'reset-request', count: 'always' })
      const stopped = await running.core.library.sync()
      expect(stopped.phase).toBe('interrupted')
      emulator.faults.clear()
      const after = await running.core.uploads.checkNow()
      expect(after.problem === null || after.problem === 'unreachable').toBe(true)
      await expect.poll(() => running.core.uploads.list().connectivity.online, { timeout: 10_000 }).toBe(true)
      await expect.poll(async () => (await running.core.library.snapshot()).sync, { timeout: 10_000 }).toMatchObject({ phase: 'idle', message: null })
      expect((await running.core.library.snapshot()).sync.syncedAt).not.toBeNull()
    } finally {
      emulator.faults.clear()
      await running.core.close()
    }
  })
})

describe('with uploads waiting', () => {
  it('a job whose requests are reset waits for the service (the strip says why), with no clock time of its own', async () => {
    const running = await signedIn()
    const files = await mkdtemp(join(tmpdir(), 'flipdrop-reachability-files-'))
    try {
      emulator.faults.add({ route: '*', kind: 'reset-request', count: 'always' })
      const { added } = await running.core.uploads.enqueuePaths({ paths: [await writePdf(files, 'reset.pdf')], docType: 'Flipbook', onSameContent: 'ask' })
      const view = await waitForQueue(running.core, (queue) => !queue.connectivity.online && queue.jobs[0]?.state === 'waiting')
      expect(view.jobs[0]?.id).toBe(added[0]?.id)
      expect(view.jobs[0]?.waiting).toMatchObject({ reason: 'offline' })
      expect(view.jobs[0]?.failure).toBeNull()
    } finally {
      emulator.faults.clear()
      await running.core.close()
    }
  })
})

describe('a sign-in check', () => {
  it('at the service in use tells the one status; at addresses being tried, it says nothing of the service in use', async () => {
    const settings = settingsSchema.parse({ baseUrl: emulator.baseUrl, documentUrl: emulator.documentUrl })
    const connection = createServiceConnection({ settings: () => settings, environment: {}, createClient: fastClient, log: createLogger(() => {}) })
    const heard: boolean[] = []
    connection.onReachable((reachable) => heard.push(reachable))
    emulator.faults.add({ route: '*', kind: 'reset-request', count: 'always' })
    try {
      const elsewhere = connection.trial(QUEUE_KEY, { baseUrl: 'http://127.0.0.1:9' })
      await elsewhere.whoami().catch(() => undefined)
      await elsewhere.close()
      expect(heard).toEqual([])
      const here = connection.trial(QUEUE_KEY)
      await here.whoami().catch(() => undefined)
      await here.close()
      expect(heard).toContain(false)
    } finally {
      emulator.faults.clear()
      await connection.close()
    }
  })
})
