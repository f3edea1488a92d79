import { describe, expect, it } from 'vitest'
import type { Connectivity, JobView } from '../../src-shared/domain/queue'
import { metaLine, primaryAction, reasonLine, stateWord } from '../../src-renderer/src/publish/job-text'
import { displayOrder, mainIndexFor } from '../../src-renderer/src/publish/reorder'
import { fileJob, urlJob } from '../main/shell/queue-views'

const online: Connectivity = { online: true, problem: null, retryAt: null, rateLimitedUntil: null, signedIn: true, nextCheckAt: null }
const unreachable: Connectivity = { ...online, problem: 'unreachable' }
const slowedDown: Connectivity = { ...online, rateLimitedUntil: '2026-01-01T10:42:00Z' }
const now = Date.parse('2026-01-01T10:00:00Z')
const waiting = (reason: NonNullable<JobView['waiting']>['reason'], message: string, until: string | null = null): JobView => ({
  ...fileJob('w', 'waiting'),
  waiting: { reason, message, until }
})

describe('one state word per row', () => {
  it('says Waiting, Publishing 45 %, Published (Updated for a replace), Paused, Failed, Cancelled', () => {
    expect(stateWord(fileJob('a', 'queued'), null)).toBe('Waiting')
    expect(stateWord(waiting('offline', 'x'), null)).toBe('Waiting')
    expect(stateWord(fileJob('a', 'uploading'), { sent: 455, total: 1000, bytesPerSecond: null, secondsLeft: null })).toBe('Publishing 45 %')
    expect(stateWord(fileJob('a', 'verifying'), null)).toBe('Publishing')
    // All sent, the service still at it: no "100 %" that stays.
    expect(stateWord(fileJob('a', 'uploading'), { sent: 1000, total: 1000, bytesPerSecond: null, secondsLeft: null })).toBe('Publishing')
    expect(stateWord(fileJob('a', 'done'), null)).toBe('Published')
    expect(stateWord({ ...fileJob('a', 'done'), kind: 'replace' }, null)).toBe('Updated')
    expect(stateWord(fileJob('a', 'queued', { paused: true }), null)).toBe('Paused')
    expect(stateWord(fileJob('a', 'failed'), null)).toBe('Failed')
    expect(stateWord(fileJob('a', 'cancelled'), null)).toBe('Cancelled')
  })
})

describe('the reason on the line below', () => {
  it('a row waiting for the network, a rate limit, or a retry the strip explains, says nothing more', () => {
    expect(reasonLine(waiting('offline', 'You are offline.'), online, now)).toBeNull()
    expect(reasonLine(waiting('rate-limited', 'Slowed down until 10:42.'), slowedDown, now)).toBeNull()
    expect(reasonLine(waiting('retry', 'The service failed; trying again at 10:01.'), unreachable, now)).toBeNull()
  })

  it('other waits say why (whose account, a retry of its own); Failed says why; the Undo window counts down', () => {
    expect(reasonLine(waiting('other-account', 'Waiting for Dana to sign in.'), online, now)).toBe('Waiting for Dana to sign in.')
    // Another account's slow-down: the strip speaks of the account shown, so the row says it.
    expect(reasonLine(waiting('rate-limited', 'Slowed down until 10:42.'), online, now)).toBe('Slowed down until 10:42.')
    expect(reasonLine(waiting('retry', 'The service failed; trying again at 10:01.'), online, now)).toBe('The service failed; trying again at 10:01.')
    expect(reasonLine(waiting('undo-window', '', '2026-01-01T10:00:07.200Z'), online, now)).toBe('Starts in 8 s — you can still undo it.')
    expect(reasonLine(fileJob('a', 'failed', { name: 'poster' }), online, now)).toBe('poster is not a PDF the service accepts.')
    expect(reasonLine(fileJob('a', 'queued', { paused: true }), online, now)).toBe('Held for review: check its name, then publish.')
    expect(reasonLine({ ...fileJob('a', 'queued', { paused: true }), kind: 'replace' }, online, now)).toBe('Waiting for you to confirm the new PDF.')
  })
})

describe('what a row reads at a glance', () => {
  it('names the file, its size and its pages when known; a link by its address without the scheme; never an item ID', () => {
    const counted: JobView = { ...fileJob('a', 'queued', { name: 'spring', size: 2 * 1024 * 1024 }), source: { type: 'file', fileName: 'spring.pdf', size: 2 * 1024 * 1024, pages: 12 } }
    expect(metaLine(counted)).toBe('spring.pdf · 2.0 MB · 12 pages')
    const single: JobView = { ...counted, source: { type: 'file', fileName: 'spring.pdf', size: 900, pages: 1 } }
    expect(metaLine(single)).toBe('spring.pdf · 900 bytes · 1 page')
    // Pages may be missing (added before FlipDrop counted them).
    expect(metaLine(fileJob('b', 'queued', { size: 900 }))).toBe('b.pdf · 900 bytes')
    expect(metaLine(urlJob('c', 'queued'))).toBe('example.com/c.pdf')
    const replace: JobView = { ...fileJob('d', 'done'), kind: 'replace', targetItemId: 1038 }
    expect(metaLine(replace)).not.toContain('1038')
  })

  it('offers one primary action: Copy link when published, Publish as new when the item is gone, Retry, Review, Undo, Resume', () => {
    expect(primaryAction(fileJob('a', 'done'))).toBe('copy-link')
    const gone: JobView = { ...fileJob('a', 'failed'), kind: 'replace', failure: { message: 'gone', retryable: false, code: 'item-gone' } }
    expect(primaryAction(gone)).toBe('publish-as-new')
    expect(primaryAction({ ...fileJob('a', 'failed'), failure: { message: 'later', retryable: true, code: 'unreachable' } })).toBe('retry')
    expect(primaryAction(fileJob('a', 'failed'))).toBeNull()
    expect(primaryAction({ ...fileJob('a', 'queued', { paused: true }), kind: 'replace' })).toBe('review')
    expect(primaryAction(waiting('undo-window', '', '2026-01-01T10:00:07Z'))).toBe('undo')
    expect(primaryAction(fileJob('a', 'queued', { paused: true }))).toBe('resume')
    expect(primaryAction(fileJob('a', 'uploading'))).toBeNull()
  })
})

describe('active rows first', () => {
  it('shows what is being sent, then what waits, then what finished, each in the queue order', () => {
    const jobs = [fileJob('done', 'done'), fileJob('next', 'queued'), fileJob('sending', 'uploading'), fileJob('later', 'waiting'), fileJob('checking', 'verifying'), fileJob('failed', 'failed')]
    expect(displayOrder(jobs).map((job) => job.id)).toEqual(['sending', 'checking', 'next', 'later', 'done', 'failed'])
  })

  it('a move within the rows shown becomes main’s index, whatever finished jobs sit between in main’s order', () => {
    const main = ['done', 'b', 'c', 'd']
    const shown = ['b', 'c', 'd', 'done']
    // b down past c: after c in main's order.
    expect(mainIndexFor(shown, main, 0, 1)).toBe(2)
    // d up before b.
    expect(mainIndexFor(shown, main, 2, 0)).toBe(1)
    // Nothing finished between: the index shown is main's.
    expect(mainIndexFor(['one', 'two', 'three'], ['one', 'two', 'three'], 0, 1)).toBe(1)
    expect(mainIndexFor(['two', 'one', 'three'], ['two', 'one', 'three'], 2, 1)).toBe(1)
  })
})
