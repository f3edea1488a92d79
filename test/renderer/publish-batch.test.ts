import { describe, expect, it } from 'vitest'
import { secondsLeft, summarizeBatch } from '../../src-renderer/src/publish/batch'
import { fileJob, urlJob } from '../main/shell/queue-views'


describe('the numbers of a batch', () => {
  it('counts what is sent, waiting, held and finished, with the part sent of what is being sent', () => {
    const jobs = [
      fileJob('done-1', 'done'),
      { ...fileJob('replaced', 'done'), kind: 'replace' as const },
      fileJob('failed', 'failed'),
      fileJob('sending', 'uploading', { size: 1000, sent: 500 }),
      fileJob('next', 'queued', { size: 3000 }),
      fileJob('held', 'queued', { paused: true })
    ]
    const summary = summarizeBatch(jobs, () => null)
    expect(summary).toMatchObject({ total: 6, published: 1, updated: 1, failed: 1, finished: 3, running: 1, waiting: 1, held: 1, ended: false })
    expect(summary.fraction).toBeCloseTo((3 + 0.5 * 0.98) / 6)
    // 500 bytes left of the one being sent and 3000 of the next; the held one does not count.
    expect(summary.bytesLeft).toBe(3500)
    expect(summary.jobsLeft).toBeCloseTo(1.5)
    expect(summary.doneIds).toEqual(['done-1', 'replaced'])
    expect(summary.kinds).toEqual(['Flipbook'])
  })

  it('takes the latest progress tick over the job view', () => {
    const sending = fileJob('a', 'uploading', { size: 1000, sent: 0 })
    const summary = summarizeBatch([sending], () => ({ sent: 900, total: 1000, bytesPerSecond: 100, secondsLeft: 1 }))
    expect(summary.bytesLeft).toBe(100)
    expect(summary.fraction).toBeCloseTo(0.9 * 0.98)
  })

  it('ends when everything has finished', () => {
    expect(summarizeBatch([fileJob('a', 'done'), fileJob('b', 'cancelled')], () => null)).toMatchObject({ ended: true, cancelled: 1, published: 1 })
  })
})

describe('time left for the whole batch', () => {
  const start = Date.parse('2026-01-01T10:00:00Z')
  const none = { startedAt: start, finished: 0 }

  it('is the bytes left at the speed measured, or the jobs left at the pace so far, whichever is longer', () => {
    const summary = summarizeBatch([fileJob('a', 'uploading', { size: 1000, sent: 500 }), fileJob('b', 'queued', { size: 3000 })], () => null)
    expect(secondsLeft(summary, 500, none, start)).toBe(7)
    // Two finished in 20 s: 10 s a job, 1.5 jobs left. The service's own time per item shows here.
    expect(secondsLeft(summary, 500, { startedAt: start, finished: 2 }, start + 20_000)).toBe(15)
  })

  it('is unknown before a speed or a pace is known, and for links until one finished; nothing when only held jobs are left', () => {
    const files = summarizeBatch([fileJob('a', 'queued')], () => null)
    expect(secondsLeft(files, null, none, start)).toBeNull()
    const withLink = summarizeBatch([fileJob('a', 'queued'), urlJob('b', 'queued')], () => null)
    expect(withLink.bytesLeft).toBeNull()
    expect(secondsLeft(withLink, 1000, none, start)).toBeNull()
    expect(secondsLeft(withLink, 1000, { startedAt: start, finished: 1 }, start + 4000)).toBe(8)
    const held = summarizeBatch([fileJob('a', 'done'), fileJob('b', 'queued', { paused: true })], () => null)
    expect(secondsLeft(held, 1000, { startedAt: start, finished: 1 }, start + 4000)).toBeNull()
  })
})

describe('items updated', () => {
  it('counts items, not updates: a linked file saved twice is one item updated', () => {
    const update = (id: string, itemId: number) => ({ ...fileJob(id, 'done'), kind: 'replace' as const, targetItemId: itemId })
    const summary = summarizeBatch([update('first', 7), update('again', 7), update('other', 8), fileJob('new', 'done')], () => null)
    expect(summary).toMatchObject({ published: 1, updated: 2, finished: 4 })
  })
})
