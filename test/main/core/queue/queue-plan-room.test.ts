import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { QueueView } from '../../../../src-shared/domain/queue'
import { startEmulator, type RunningEmulator } from '../../../emulator'
import { deleteOnServer } from '../../../support/delete-on-server'
import { createRequests, jobNamed, QUEUE_KEY, startQueueCore, waitForQueue, writePdf, type QueueCore } from '../../../support/queue-fixture'

/*
 * A plan with room for 2 flipbooks and 1 document. Files over the plan are kept as jobs that
 * wait for room (never refused, never sent), survive a restart, go on by themselves in order
 * as room comes back (only as many as fit), and can be turned into documents.
 */

let emulator: RunningEmulator
let files: string
let dir: string
const cores: QueueCore[] = []

beforeAll(async () => {
  emulator = await startEmulator({ keys: [QUEUE_KEY], seed: false, maxItems: { flipbooks: 2, documents: 1 }, log: () => {} })
  files = await mkdtemp(join(tmpdir(), 'flipdrop-room-'))
  dir = await mkdtemp(join(tmpdir(), 'flipdrop-room-data-'))
})
afterAll(async () => {
  for (const { core } of cores) await core.close()
  await emulator.close()
})

async function queue(): Promise<QueueCore> {
  // One upload at a time: which of two creates the service answers first would be a race.
  const settings = { baseUrl: emulator.baseUrl, documentUrl: emulator.documentUrl, uploadConcurrency: 1 }
  const started = await startQueueCore(emulator, { dir, settings })
  cores.push(started)
  return started
}

const stateOf = (view: QueueView, name: string): string => {
  const job = jobNamed(view, name)
  return job?.waiting ? `${job.state}:${job.waiting.reason}` : `${job?.state}:${job?.docType}`
}
const states = (view: QueueView): Record<string, string> => Object.fromEntries(view.jobs.map((job) => [job.name, stateOf(view, job.name)]))
const published = (name: string): number => [...emulator.state.items.values()].filter((item) => item.name === name).length

describe('a plan with no room left keeps the files waiting', () => {
  let running: QueueCore

  it('queues files over the plan as jobs waiting for room, not as refusals, and sends none of them', async () => {
    running = await queue()
    await waitForQueue(running.core, (view) => view.limits.quotas.Flipbook !== undefined)
    const names = ['one', 'two', 'three', 'four']
    const paths = await Promise.all(names.map((name) => writePdf(files, `${name}.pdf`)))
    const result = await running.core.uploads.enqueuePaths({ paths, docType: 'Flipbook', onSameContent: 'ask' })
    expect(result.refused).toEqual([])
    expect(result.added.map((job) => job.name)).toEqual(names)
    const view = await waitForQueue(running.core, (now) => stateOf(now, 'one') === 'done:Flipbook' && stateOf(now, 'two') === 'done:Flipbook')
    expect(states(view)).toEqual({ one: 'done:Flipbook', two: 'done:Flipbook', three: 'waiting:no-room', four: 'waiting:no-room' })
    expect(jobNamed(view, 'three')?.waiting?.message).toContain('Waiting for room in your plan (2 flipbooks at most)')
    expect(createRequests(emulator)).toBe(2)
  })

  it('still waits after a restart, from the journal, and nothing more is sent', async () => {
    await running.core.close()
    running = await queue()
    const view = await waitForQueue(running.core, (now) => now.jobs.length === 4 && stateOf(now, 'four') === 'waiting:no-room')
    expect(states(view)).toEqual({ one: 'done:Flipbook', two: 'done:Flipbook', three: 'waiting:no-room', four: 'waiting:no-room' })
    expect(createRequests(emulator)).toBe(2)
  })

  it('when room comes back (an item deleted, the plan read again), starts only as many as fit, in order', async () => {
    const one = [...emulator.state.items.values()].find((item) => item.name === 'one')
    deleteOnServer(emulator, [one?.id ?? -1])
    await running.core.uploads.refreshLimits()
    const view = await waitForQueue(running.core, (now) => stateOf(now, 'three') === 'done:Flipbook')
    expect(stateOf(view, 'four')).toBe('waiting:no-room')
    // A moment later, still only one more: the room was for one.
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(stateOf(running.core.uploads.list(), 'four')).toBe('waiting:no-room')
    expect(createRequests(emulator)).toBe(3)
  })

  it('"Publish as Documents" turns exactly the waiting flipbooks into documents, as many as the plan has room for', async () => {
    await running.core.uploads.enqueuePaths({ paths: [await writePdf(files, 'five.pdf')], docType: 'Flipbook', onSameContent: 'ask' })
    const before = await waitForQueue(running.core, (now) => stateOf(now, 'five') === 'waiting:no-room')
    expect(before.limits.quotas.Document?.left).toBe(1)
    await running.core.uploads.publishWaitingAsDocuments({})
    const view = await waitForQueue(running.core, (now) => stateOf(now, 'four') === 'done:Document')
    // The first waiting one fit in the documents' room; the next keeps waiting as a flipbook.
    expect(states(view)).toEqual({
      one: 'done:Flipbook',
      two: 'done:Flipbook',
      three: 'done:Flipbook',
      four: 'done:Document',
      five: 'waiting:no-room'
    })
    expect(jobNamed(view, 'five')?.docType).toBe('Flipbook')
    expect([...emulator.state.items.values()].find((item) => item.name === 'four')?.docType).toBe('Document')
  })

  it('never sends a file twice, and a waiting job can be removed', async () => {
    // "one" was deleted on the service to make room; each other file is there once, and was sent once.
    for (const name of ['two', 'three', 'four']) expect(published(name)).toBe(1)
    expect(published('five')).toBe(0)
    expect(createRequests(emulator)).toBe(4)
    const five = jobNamed(running.core.uploads.list(), 'five')
    await running.core.uploads.remove({ jobId: five?.id ?? '' })
    expect(jobNamed(running.core.uploads.list(), 'five')).toBeUndefined()
  })

  it('a held job keeps its place in the plan; removing it lets the next waiting one go on by itself', async () => {
    const two = [...emulator.state.items.values()].find((item) => item.name === 'two')
    deleteOnServer(emulator, [two?.id ?? -1])
    await running.core.uploads.refreshLimits()
    await running.core.uploads.enqueuePaths({ paths: [await writePdf(files, 'six.pdf')], docType: 'Flipbook', onSameContent: 'ask', hold: true })
    await running.core.uploads.enqueuePaths({ paths: [await writePdf(files, 'seven.pdf')], docType: 'Flipbook', onSameContent: 'ask' })
    const held = await waitForQueue(running.core, (now) => stateOf(now, 'seven') === 'waiting:no-room')
    expect(jobNamed(held, 'six')).toMatchObject({ state: 'queued', paused: true })
    await running.core.uploads.remove({ jobId: jobNamed(held, 'six')?.id ?? '' })
    await waitForQueue(running.core, (now) => stateOf(now, 'seven') === 'done:Flipbook')
    expect(published('seven')).toBe(1)
    expect(createRequests(emulator)).toBe(5)
  })
})
