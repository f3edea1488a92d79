import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobRecordSchema, upgradeJobRecord } from '../../../../src-main/core/queue/job-record'
import { isJobRecord } from '../../../../src-main/core/queue/job-record-guard'
import { toJobView } from '../../../../src-main/core/queue/job-view'
import { startEmulator, type RunningEmulator } from '../../../emulator'
import { makePdf } from '../../../emulator/fixtures/make-pdf'
import { QUEUE_KEY, startQueueCore, type QueueCore } from '../../../support/queue-fixture'

/* The page count a reader finds is learned while a file is checked, and shown on its job. */

let emulator: RunningEmulator
const cores: QueueCore[] = []

beforeAll(async () => {
  emulator = await startEmulator({ keys: [QUEUE_KEY], log: () => {} })
})
afterAll(async () => {
  for (const { core } of cores) await core.close().catch(() => {})
  await emulator.close()
})

describe('the page count on a file job', () => {
  it('is the reader’s count, for an ordinary file and for one only pdf.js can read', async () => {
    const started = await startQueueCore(emulator)
    cores.push(started)
    await started.core.uploads.pause()
    const dir = await mkdtemp(join(tmpdir(), 'flipdrop-job-pages-'))
    const ordinary = join(dir, 'catalogue.pdf')
    await writeFile(ordinary, await makePdf(3, 'catalogue'))
    // Junk after the end marker: the structure check leaves it to pdf.js, which counts too.
    const unusual = join(dir, 'scan.pdf')
    await writeFile(unusual, Buffer.concat([await makePdf(5, 'scan'), Buffer.alloc(5000, 0x41)]))
    const result = await started.core.uploads.enqueuePaths({ paths: [ordinary, unusual], docType: 'Flipbook', onSameContent: 'new' })
    expect(result.refused).toEqual([])
    expect(result.added.map((job) => job.source)).toEqual([
      { type: 'file', fileName: 'catalogue.pdf', size: expect.any(Number), pages: 3 },
      { type: 'file', fileName: 'scan.pdf', size: expect.any(Number), pages: 5 }
    ])
    expect(started.core.uploads.list().jobs.map((job) => job.source)).toEqual(result.added.map((job) => job.source))
  })

  it('is null for a job written before FlipDrop counted pages, which still restores', () => {
    const old = {
      id: 'a6e0a1f4-0e0c-4c43-9b49-1d1b1f0e7c11',
      kind: 'create',
      source: { type: 'file', path: '/designs/a.pdf', fileName: 'a.pdf', size: 10, mtimeMs: 1, sha256: 'ab' },
      docType: 'Flipbook',
      accountId: 'u-1',
      host: 'base',
      name: 'a',
      title: 'a',
      targetItemId: null,
      state: 'queued',
      paused: false,
      attempts: 0,
      addedAt: 1,
      inDoubtSince: null,
      replaceCreated: false,
      result: null,
      failure: null,
      history: []
    }
    expect(isJobRecord(old)).toBe(false)
    const upgraded = upgradeJobRecord(old)
    expect(isJobRecord(upgraded)).toBe(true)
    const record = jobRecordSchema.parse(upgraded)
    expect(record.source).toEqual({ ...old.source, pages: null })
    expect(toJobView(record, null, null).source).toEqual({ type: 'file', fileName: 'a.pdf', size: 10, pages: null })
    // A current record comes back as it is (restoring 10,000 jobs must not copy them).
    expect(upgradeJobRecord(record)).toBe(record)
  })
})
