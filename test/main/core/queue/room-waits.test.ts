import { describe, expect, it } from 'vitest'
import type { DocType } from '../../../../src-shared/domain/service/item'
import type { Quota } from '../../../../src-shared/domain/service/quota'
import type { JobRecord } from '../../../../src-main/core/queue/job-record'
import { newJob } from '../../../../src-main/core/queue/new-job'
import { jobsWithoutRoom } from '../../../../src-main/core/queue/room-waits'

/* Which creates wait for room: the rule itself, on real job records, beside the queue tests over HTTP. */

const create = (name: string, change: Partial<JobRecord> = {}, docType: DocType = 'Flipbook', accountId = 'dana'): JobRecord => ({
  ...newJob({ kind: 'create', source: { type: 'url', url: `https://example.com/${name}.pdf` }, docType, accountId, name, title: name }),
  ...change
})

const quotas = (left: Partial<Record<string, number>>) => (accountId: string, docType: DocType): Quota | undefined => {
  const value = left[`${accountId}/${docType}`]
  return value === undefined ? undefined : { docType, count: 0, max: 10, left: value }
}

const waiting = (jobs: JobRecord[], left: Partial<Record<string, number>>, running: string[] = []): string[] => {
  const set = jobsWithoutRoom(jobs, quotas(left), (id) => running.includes(id))
  return jobs.filter((job) => set.has(job.id)).map((job) => job.name)
}

describe('which creates wait for room in their plan', () => {
  it('fills the room in queue order; the rest wait, paused ones keeping their place', () => {
    const jobs = [create('a'), create('b', { paused: true }), create('c'), create('d')]
    expect(waiting(jobs, { 'dana/Flipbook': 2 })).toEqual(['c', 'd'])
  })

  it('counts creates already on their way first, wherever they stand (moved down, in doubt, sending)', () => {
    const jobs = [create('a'), create('b'), create('sending', { state: 'uploading' }), create('doubt', { inDoubtSince: 1 })]
    expect(waiting(jobs, { 'dana/Flipbook': 3 })).toEqual(['b'])
    const running = create('starting')
    expect(waiting([create('a'), running], { 'dana/Flipbook': 1 }, [running.id])).toEqual(['a'])
  })

  it('leaves out what uses no slot: made already, finished, replaces', () => {
    const jobs = [
      create('made', { state: 'verifying', result: { itemId: 1, url: 'u', embedUrl: null, pages: null } }),
      create('failed', { state: 'failed' }),
      { ...create('replace'), kind: 'replace' as const },
      create('next')
    ]
    expect(waiting(jobs, { 'dana/Flipbook': 1 })).toEqual([])
  })

  it('keeps each account and kind apart, and nothing waits while a quota is unknown', () => {
    const jobs = [create('f1'), create('f2'), create('d1', {}, 'Document'), create('k1', {}, 'Flipbook', 'kite'), create('k2', {}, 'Flipbook', 'kite')]
    expect(waiting(jobs, { 'dana/Flipbook': 1, 'dana/Document': 1, 'kite/Flipbook': 0 })).toEqual(['f2', 'k1', 'k2'])
    expect(waiting(jobs, {})).toEqual([])
  })
})
