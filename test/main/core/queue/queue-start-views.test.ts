import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { QueueChange } from '../../../../src-shared/domain/queue'
import { startEmulator } from '../../../emulator'
import { freePorts } from '../../../support/free-ports'
import { meetAccountOnce, QUEUE_KEY, startQueueCore, waitForQueue, writePdf } from '../../../support/queue-fixture'
import { waitFor } from '../links/links-fixture'

type Events = { channel: string; payload: unknown }[]
const jobsSent = (events: Events): string[] =>
  events.filter((event) => event.channel === 'uploads:changed').flatMap((event) => (event.payload as QueueChange).jobs.map((job) => job.name))
const wentOffline = (events: Events): boolean =>
  events.some((event) => event.channel === 'uploads:connectivityChanged' && (event.payload as { online: boolean }).online === false)

describe('the queue restored at start', () => {
  it('sends no view of its jobs when the connection changes before anyone was shown them; once shown, a changed wait is sent', async () => {
    const [port = 0, documentPort = 0] = await freePorts(2)
    const addresses = { baseUrl: `http://127.0.0.1:${port}`, documentUrl: `http://127.0.0.1:${documentPort}` }
    const dir = await mkdtemp(join(tmpdir(), 'flipdrop-start-views-'))
    const files = await mkdtemp(join(tmpdir(), 'flipdrop-start-views-files-'))
    await meetAccountOnce({ port, documentPort }, dir)
    const names = ['first', 'second', 'third']
    const first = await startQueueCore(addresses, { dir })
    await first.core.uploads.enqueuePaths({ paths: await Promise.all(names.map((name) => writePdf(files, `${name}.pdf`))), docType: 'Flipbook', onSameContent: 'ask' })
    await first.core.close()

    // A restart with the service still away: the connection is found offline before the window lists the queue.
    const { core, events } = await startQueueCore(addresses, { dir })
    try {
      await waitFor('the queue to find the service away', () => wentOffline(events))
      expect(jobsSent(events)).toEqual([])
      // The window's first list shows them as they are.
      expect(core.uploads.list().jobs.map((job) => [job.name, job.waiting?.reason])).toEqual(names.map((name) => [name, 'offline']))

      const emulator = await startEmulator({ keys: [QUEUE_KEY], port, documentPort, log: () => {} })
      try {
        core.uploads.networkChanged(true)
        await waitForQueue(core, (view) => view.connectivity.online)
        // Their wait ended: each shown job is sent again.
        await waitFor('the jobs to be sent again', () => names.every((name) => jobsSent(events).includes(name)))
      } finally {
        await core.close()
        await emulator.close()
      }
    } finally {
      await core.close().catch(() => undefined)
    }
  }, 60_000)
})
