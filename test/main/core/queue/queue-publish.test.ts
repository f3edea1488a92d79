import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JobProgressEvent, QueueChange } from '../../../../src-shared/domain/queue'
import { startEmulator, type RunningEmulator } from '../../../emulator'
import { allFinished, createRequests, jobNamed, QUEUE_KEY, startQueueCore, waitForQueue, writePdf, type QueueCore } from '../../../support/queue-fixture'

let emulator: RunningEmulator
let files: string
const cores: QueueCore[] = []

beforeAll(async () => {
  emulator = await startEmulator({ keys: [QUEUE_KEY], log: () => {} })
  files = await mkdtemp(join(tmpdir(), 'flipdrop-queue-files-'))
})
afterAll(async () => {
  for (const { core } of cores) await core.close()
  await emulator.close()
})

async function queue(settings: Record<string, unknown> = {}): Promise<QueueCore> {
  const started = await startQueueCore(emulator, { settings: { baseUrl: emulator.baseUrl, ...settings } })
  cores.push(started)
  return started
}

describe('publishing through the queue', () => {
  it('publishes PDFs as flipbooks: checked, verified, with link, embed URL and pages', async () => {
    const { core, events } = await queue()
    const paths = [await writePdf(files, 'Spring catalogue.pdf', 3), await writePdf(files, 'Price list.PDF', 1)]
    const added = await core.uploads.enqueuePaths({ paths, docType: 'Flipbook', onSameContent: 'ask' })
    expect(added.refused).toEqual([])
    expect(added.added.map((job) => [job.name, job.title, job.source])).toEqual([
      ['Spring catalogue', 'Spring catalogue', { type: 'file', fileName: 'Spring catalogue.pdf', size: expect.any(Number), pages: 3 }],
      ['Price list', 'Price list', { type: 'file', fileName: 'Price list.PDF', size: expect.any(Number), pages: 1 }]
    ])
    const view = await waitForQueue(core, allFinished)
    const spring = jobNamed(view, 'Spring catalogue')
    expect(spring).toMatchObject({ state: 'done', failure: null, result: { itemId: expect.any(Number), pages: 3 } })
    expect(spring?.result?.url).toMatch(/\/view\//)
    expect(spring?.result?.embedUrl).toMatch(/\/embed\//)
    expect(spring?.history.map((line) => line.text).join('\n')).toContain('Checked: “Spring catalogue” is there with 3 pages.')
    const item = emulator.state.items.get(spring?.result?.itemId ?? -1)
    expect(item).toMatchObject({ name: 'Spring catalogue', docType: 'Flipbook', pages: 3 })
    // The renderer learns of it as whole jobs, and of progress.
    const changed = events.filter((event) => event.channel === 'uploads:changed').map((event) => event.payload as QueueChange)
    expect(changed.flatMap((change) => change.jobs).some((job) => job.state === 'uploading')).toBe(true)
    const progress = events.filter((event) => event.channel === 'uploads:progress').map((event) => event.payload as JobProgressEvent)
    expect(progress.some((entry) => entry.sent === entry.total)).toBe(true)
    // No local path, no hash ever reaches the views.
    expect(JSON.stringify(view)).not.toContain(files)
  })

  it('holds no more uploads at once than Settings allow', async () => {
    const { core } = await queue({ uploadConcurrency: 1 })
    emulator.faults.add({ route: '/api/create-by-file', kind: 'latency', ms: 150, count: 'always' })
    try {
      const paths = await Promise.all(['c1', 'c2', 'c3'].map((name) => writePdf(files, `${name}.pdf`)))
      await core.uploads.enqueuePaths({ paths, docType: 'Flipbook', onSameContent: 'ask' })
      let most = 0
      await waitForQueue(core, (view) => {
        most = Math.max(most, view.jobs.filter((job) => job.state === 'uploading' || job.state === 'verifying').length)
        return allFinished(view)
      })
      expect(most).toBe(1)
    } finally {
      emulator.faults.clear()
    }
  })

  it('keeps its order; a job moved to the top goes first; names change before it starts', async () => {
    // The queue starts jobs in its order; with two at once their creates race, so the order is seen one at a time.
    const { core } = await queue({ uploadConcurrency: 1 })
    await core.uploads.pause()
    const paths = await Promise.all(['o1', 'o2', 'o3'].map((name) => writePdf(files, `${name}.pdf`)))
    const { added } = await core.uploads.enqueuePaths({ paths, docType: 'Flipbook', onSameContent: 'ask' })
    const [first, , third] = added
    await core.uploads.move({ jobId: third?.id ?? '', toIndex: 0 })
    expect(core.uploads.list().jobs.slice(-3).map((job) => job.name)).toEqual(['o3', 'o1', 'o2'])
    const renamed = await core.uploads.rename({ jobId: first?.id ?? '', name: 'First, renamed', title: 'A better title' })
    expect(renamed).toMatchObject({ name: 'First, renamed', title: 'A better title' })
    const before = createRequests(emulator)
    await core.uploads.resume()
    const view = await waitForQueue(core, allFinished)
    expect(createRequests(emulator) - before).toBe(3)
    const ids = ['o3', 'First, renamed', 'o2'].map((name) => jobNamed(view, name)?.result?.itemId ?? 0)
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
    expect(emulator.state.items.get(ids[1] ?? -1)).toMatchObject({ name: 'First, renamed', title: 'A better title' })
  })

  it('pauses and resumes one job; cancels one in flight; retries a cancelled one; removes and clears finished', async () => {
    const { core } = await queue({ uploadConcurrency: 1 })
    emulator.faults.add({ route: '/api/create-by-file', kind: 'latency', ms: 400, count: 'always' })
    try {
      const paths = await Promise.all(['p1', 'p2', 'p3'].map((name) => writePdf(files, `${name}.pdf`)))
      const { added } = await core.uploads.enqueuePaths({ paths, docType: 'Flipbook', onSameContent: 'ask' })
      const [p1, p2, p3] = added.map((job) => job.id)
      await core.uploads.pause({ jobId: p2 ?? '' })
      await waitForQueue(core, (view) => view.jobs.find((job) => job.id === p1)?.state === 'uploading')
      const cancelled = await core.uploads.cancel({ jobId: p1 ?? '' })
      expect(cancelled.state).toBe('cancelled')
      await waitForQueue(core, (view) => view.jobs.find((job) => job.id === p3)?.state === 'done')
      expect(core.uploads.list().jobs.find((job) => job.id === p2)).toMatchObject({ state: 'queued', paused: true })
      await core.uploads.resume({ jobId: p2 ?? '' })
      await waitForQueue(core, (view) => view.jobs.find((job) => job.id === p2)?.state === 'done')
      // The cancelled upload may have reached the service; the job says which.
      const p1View = core.uploads.list().jobs.find((job) => job.id === p1)
      const reached = p1View?.result !== null
      if (!reached) {
        await core.uploads.retry({ jobId: p1 ?? '' })
        await waitForQueue(core, (view) => view.jobs.find((job) => job.id === p1)?.state === 'done')
      }
      expect(emulator.state.items.size).toBeGreaterThan(0)
      const named = [...emulator.state.items.values()].filter((item) => item.name === 'p1')
      expect(named).toHaveLength(1)
      await core.uploads.remove({ jobId: p3 ?? '' })
      expect(core.uploads.list().jobs.some((job) => job.id === p3)).toBe(false)
      await core.uploads.clearFinished()
      expect(core.uploads.list().jobs.filter((job) => [p1, p2].includes(job.id))).toEqual([])
    } finally {
      emulator.faults.clear()
    }
  })
})
