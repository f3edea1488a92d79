import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startEmulator } from '../../../emulator'
import { freePorts } from '../../../support/free-ports'
import { allFinished, meetAccountOnce, QUEUE_KEY, startQueueCore, waitForQueue, writePdf } from '../../../support/queue-fixture'

describe('the queue without a network', () => {
  it('takes 5 files while the service is down, survives two restarts, and publishes them in order when it comes up', async () => {
    const [port = 0, documentPort = 0] = await freePorts(2)
    const addresses = { baseUrl: `http://127.0.0.1:${port}`, documentUrl: `http://127.0.0.1:${documentPort}` }
    const dir = await mkdtemp(join(tmpdir(), 'flipdrop-offline-'))
    const files = await mkdtemp(join(tmpdir(), 'flipdrop-offline-files-'))
    // Signed in once earlier; the service is down from here on.
    await meetAccountOnce({ port, documentPort }, dir)
    const names = ['first', 'second', 'third', 'fourth', 'fifth']
    const paths = await Promise.all(names.map((name) => writePdf(files, `${name}.pdf`)))

    // One upload at a time: with two, which of two concurrent creates the service numbers first is a race.
    const settings = { uploadConcurrency: 1 }
    let running = await startQueueCore(addresses, { dir, settings })
    const added = await running.core.uploads.enqueuePaths({ paths, docType: 'Flipbook', onSameContent: 'ask' })
    expect(added.added.map((job) => job.name)).toEqual(names)
    const offline = await waitForQueue(running.core, (view) => !view.connectivity.online)
    // Waiting, with the reason, and no retries spent.
    expect(offline.jobs.map((job) => job.state)).toEqual(Array(5).fill('waiting'))
    expect(offline.jobs[0]?.waiting).toMatchObject({ reason: 'offline' })
    expect(offline.jobs[0]?.history.map((line) => line.text).join('\n')).not.toContain('failed')

    for (let restart = 0; restart < 2; restart++) {
      await running.core.close()
      running = await startQueueCore(addresses, { dir, settings })
      expect(running.core.uploads.list().jobs.map((job) => job.name)).toEqual(names)
    }

    const emulator = await startEmulator({ keys: [QUEUE_KEY], port, documentPort, log: () => {} })
    try {
      // The queue finds the service by itself (its probe backs off to at most 30 s; the OS event is faster).
      running.core.uploads.networkChanged(true)
      const view = await waitForQueue(running.core, allFinished, 40_000)
      expect(view.jobs.map((job) => job.state)).toEqual(Array(5).fill('done'))
      const items = [...emulator.state.items.values()].sort((a, b) => a.id - b.id)
      expect(items.map((item) => item.name)).toEqual(names)
    } finally {
      await running.core.close()
      await emulator.close()
    }
  }, 60_000)

  it('resumes by itself when the service answers again, without the OS telling it', async () => {
    const [port = 0, documentPort = 0] = await freePorts(2)
    const addresses = { baseUrl: `http://127.0.0.1:${port}`, documentUrl: `http://127.0.0.1:${documentPort}` }
    const files = await mkdtemp(join(tmpdir(), 'flipdrop-offline-probe-'))
    const dir = await mkdtemp(join(tmpdir(), 'flipdrop-offline-probe-data-'))
    await meetAccountOnce({ port, documentPort }, dir)
    const { core } = await startQueueCore(addresses, { dir })
    await core.uploads.enqueuePaths({ paths: [await writePdf(files, 'probe.pdf')], docType: 'Flipbook', onSameContent: 'ask' })
    await waitForQueue(core, (view) => !view.connectivity.online)
    const emulator = await startEmulator({ keys: [QUEUE_KEY], port, documentPort, log: () => {} })
    try {
      const view = await waitForQueue(core, allFinished, 40_000)
      expect(view.jobs[0]?.state).toBe('done')
      expect(view.connectivity.online).toBe(true)
    } finally {
      await core.close()
      await emulator.close()
    }
  }, 60_000)
})
