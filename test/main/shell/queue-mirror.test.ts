import { describe, expect, it } from 'vitest'
import { QueueMirror } from '../../../src-main/shell/queue-mirror'
import { change, fileJob, progress, queueView, urlJob } from './queue-views'

function seeded(...jobs: Parameters<typeof queueView>[0]): QueueMirror {
  const mirror = new QueueMirror()
  mirror.seed(queueView(jobs))
  return mirror
}

describe('QueueMirror', () => {
  it('counts the bytes of the batch, finished jobs in full, so the bar never runs backwards', () => {
    const mirror = seeded(fileJob('a', 'uploading', { size: 1000 }), fileJob('b', 'queued', { size: 3000 }))
    mirror.applyProgress(progress('a', 500, 1000))
    expect(mirror.summary().batch).toEqual({ sent: 500, total: 4000 })
    mirror.applyChange(change([fileJob('a', 'done', { size: 1000 }), fileJob('b', 'uploading', { size: 3000 })]))
    expect(mirror.summary().batch).toEqual({ sent: 1000, total: 4000 })
    mirror.applyProgress(progress('b', 1500, 3000))
    expect(mirror.summary().batch).toEqual({ sent: 2500, total: 4000 })
  })

  it('counts a job being verified as fully sent', () => {
    const mirror = seeded(fileJob('a', 'verifying', { size: 800 }))
    expect(mirror.summary().batch).toEqual({ sent: 800, total: 800 })
  })

  it('leaves jobs already finished at start-up out of the batch and out of the news', () => {
    const mirror = seeded(fileJob('old', 'done'), fileJob('broken', 'failed'), fileJob('a', 'queued'))
    expect(mirror.summary()).toMatchObject({ active: 1, failed: 1, batch: { sent: 0, total: 1000 } })
    const transitions = mirror.applyChange(change([fileJob('a', 'done')]))
    expect(transitions.settled?.published.map((job) => job.id)).toEqual(['a'])
    expect(transitions.settled?.failed).toEqual([])
  })

  it('settles a batch once every job that ran has finished, and reports it once', () => {
    const mirror = seeded(fileJob('a', 'uploading'), fileJob('b', 'queued'), fileJob('c', 'queued'))
    expect(mirror.applyChange(change([fileJob('a', 'done')])).settled).toBeNull()
    const failedB = mirror.applyChange(change([fileJob('b', 'failed')]))
    expect(failedB.failed.map((job) => job.id)).toEqual(['b'])
    expect(failedB.settled).toBeNull()
    const last = mirror.applyChange(change([fileJob('c', 'done')]))
    expect(last.settled?.published.map((job) => job.id)).toEqual(['a', 'c'])
    expect(last.settled?.failed.map((job) => job.id)).toEqual(['b'])
    // The same state again is no news.
    expect(mirror.applyChange(change([fileJob('c', 'done')]))).toEqual({ failed: [], settled: null })
    expect(mirror.summary()).toMatchObject({ active: 0, failed: 1, batch: { sent: 0, total: 0 } })
  })

  it('starts a new batch when a failed job is retried', () => {
    const mirror = seeded(fileJob('a', 'failed'))
    mirror.applyChange(change([fileJob('a', 'queued')]))
    expect(mirror.summary()).toMatchObject({ active: 1, failed: 0 })
    expect(mirror.applyChange(change([fileJob('a', 'done')])).settled?.published).toHaveLength(1)
  })

  it('does not wait for a job the user paused, nor announce a batch that was only cancelled', () => {
    const mirror = seeded(fileJob('a', 'uploading'), fileJob('b', 'queued'))
    expect(mirror.applyChange(change([fileJob('b', 'queued', { paused: true })])).settled).toBeNull()
    expect(mirror.summary().active).toBe(1)
    expect(mirror.applyChange(change([fileJob('a', 'cancelled')])).settled).toBeNull()
    expect(mirror.summary().active).toBe(0)
  })

  it('forgets removed jobs', () => {
    const mirror = seeded(fileJob('a', 'uploading'), fileJob('b', 'failed'))
    mirror.applyChange(change([], { removed: ['a', 'b'] }))
    expect(mirror.summary()).toMatchObject({ active: 0, failed: 0, batch: { total: 0 } })
  })

  it('counts a job first seen already failed as part of what just happened', () => {
    const mirror = seeded()
    const transitions = mirror.applyChange(change([fileJob('x', 'failed')]))
    expect(transitions.failed.map((job) => job.id)).toEqual(['x'])
    expect(transitions.settled?.failed.map((job) => job.id)).toEqual(['x'])
  })

  it('tells sending jobs from waiting ones, and follows the queue-wide pause', () => {
    const mirror = seeded(fileJob('a', 'waiting'), urlJob('u', 'uploading'))
    expect(mirror.summary()).toMatchObject({ active: 2, sending: 1, queuePaused: false, batch: { sent: 0, total: 1000 } })
    mirror.applyChange(change([fileJob('a', 'queued')], { paused: true }))
    expect(mirror.summary().queuePaused).toBe(true)
  })

  it('does not count a job waiting for a signed-out account as running, nor keep the batch open for it', () => {
    const signedOut = { ...fileJob('s', 'waiting'), waiting: { reason: 'signed-out' as const, message: 'Waiting for Dana Kim to sign in.', until: null } }
    const mirror = seeded(signedOut, fileJob('a', 'uploading'))
    expect(mirror.summary().active).toBe(1)
    expect(mirror.activeAccounts()).toEqual(['user-1'])
    const settled = mirror.applyChange(change([fileJob('a', 'done')]))
    expect(settled.settled?.published.map((job) => job.id)).toEqual(['a'])
    expect(mirror.summary().active).toBe(0)
    // Signed in again: it runs by itself once more.
    mirror.applyChange(change([fileJob('s', 'queued')]))
    expect(mirror.summary().active).toBe(1)
  })

  it('ignores events before it is seeded: the first list() carries them', () => {
    const mirror = new QueueMirror()
    expect(mirror.applyChange(change([fileJob('a', 'failed')]))).toEqual({ failed: [], settled: null })
    mirror.applyProgress(progress('a', 10))
    expect(mirror.summary().active).toBe(0)
  })

  it('keeps the share link and the failure message', () => {
    const mirror = seeded(fileJob('a', 'uploading', { name: 'Catalogue' }), fileJob('b', 'queued', { name: 'Brochure' }))
    mirror.applyChange(change([fileJob('a', 'done', { name: 'Catalogue' })]))
    const settled = mirror.applyChange(change([fileJob('b', 'failed', { name: 'Brochure' })])).settled
    expect(settled?.published[0]).toMatchObject({ name: 'Catalogue', url: 'https://go.fliplink.me/view/a' })
    expect(settled?.failed[0]).toMatchObject({ name: 'Brochure', failure: 'Brochure is not a PDF the service accepts.' })
  })
})
