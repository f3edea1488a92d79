import { describe, expect, it } from 'vitest'
import type { Connectivity, JobView } from '../../src-shared/domain/queue'
import { canRetry, metaLine, primaryAction, reasonLine, stateWord, updatesLine, waitsInLine } from '../../src-renderer/src/publish/job-text'
import { foldUpdates } from '../../src-renderer/src/publish/fold-updates'
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
    expect(reasonLine(fileJob('a', 'failed', { name: 'poster' }), online, now)).toBe('The service could not read this file as a PDF.')
    // Held for review: its own Name and Title fields and its Publish button say it; no line under it.
    expect(reasonLine(fileJob('a', 'queued', { paused: true }), online, now)).toBeNull()
    expect(reasonLine({ ...fileJob('a', 'queued', { paused: true }), kind: 'replace' }, online, now)).toBe('Waiting for you to confirm the new PDF.')
  })
})

describe('what a row reads at a glance', () => {
  it('names the file, its size and its pages when known; a link by its address without the scheme; never an item ID', () => {
    const counted: JobView = { ...fileJob('a', 'queued', { name: 'spring', size: 2 * 1024 * 1024 }), source: { type: 'file', fileName: 'spring.pdf', size: 2 * 1024 * 1024, pages: 12 } }
    // The file's name is not printed again under a name that says the same.
    expect(metaLine(counted)).toBe('2.0 MB · 12 pages')
    const single: JobView = { ...counted, source: { type: 'file', fileName: 'spring.pdf', size: 900, pages: 1 } }
    expect(metaLine(single)).toBe('900 bytes · 1 page')
    // Renamed: the file is named, as it differs.
    expect(metaLine({ ...single, name: 'Spring catalogue' })).toBe('spring.pdf · 900 bytes · 1 page')
    expect(metaLine({ ...single, source: { type: 'file', fileName: 'Spring.PDF', size: 900, pages: 1 } })).toBe('Spring.PDF · 900 bytes · 1 page')
    // Pages may be missing (added before FlipDrop counted them).
    expect(metaLine(fileJob('b', 'queued', { size: 900 }))).toBe('900 bytes')
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
    // An item found that may be this upload (stored bytes differ): keep it, never a bare Retry.
    const lookalike: JobView = { ...fileJob('a', 'failed'), failure: { message: 'found', retryable: false, code: 'uncertain-content' } }
    expect(primaryAction(lookalike)).toBe('keep-found')
    expect(canRetry(lookalike)).toBe(false)
    expect(primaryAction({ ...fileJob('a', 'queued', { paused: true }), kind: 'replace' })).toBe('review')
    expect(primaryAction(waiting('undo-window', '', '2026-01-01T10:00:07Z'))).toBe('undo')
    // Held for review: "Publish"; a paused job that can no longer be renamed: "Resume".
    expect(primaryAction(fileJob('a', 'queued', { paused: true }))).toBe('publish-held')
    expect(primaryAction({ ...fileJob('a', 'waiting', { paused: true }), kind: 'replace' })).toBe('resume')
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

describe('"starts when the ones above are done", said once', () => {
  it('no row says it; the list asks which rows only wait their turn', () => {
    expect(reasonLine(fileJob('a', 'queued'), online, now)).toBeNull()
    expect(waitsInLine(fileJob('a', 'queued'))).toBe(true)
    expect(waitsInLine({ ...fileJob('a', 'waiting'), waiting: null })).toBe(true)
    // A wait of its own (the network, a retry), held, sending or finished: not in line.
    expect(waitsInLine(waiting('retry', 'Trying again at 10:01.'))).toBe(false)
    expect(waitsInLine(fileJob('a', 'queued', { paused: true }))).toBe(false)
    expect(waitsInLine(fileJob('a', 'uploading'))).toBe(false)
    expect(waitsInLine(fileJob('a', 'done'))).toBe(false)
  })
})

describe('the updates of a linked item fold into its row', () => {
  const update = (id: string, state: JobView['state'], at: string, itemId = 7): JobView => ({
    ...fileJob(id, state, { name: 'price list' }),
    kind: 'replace',
    targetItemId: itemId,
    result: state === 'done' ? { itemId, url: 'https://go.fliplink.me/view/p', embedUrl: null, pages: 3 } : null,
    addedAt: at,
    history: [{ at, text: 'added' }]
  })
  const first = { ...fileJob('first', 'done', { name: 'price list' }), addedAt: '2026-01-01T09:00:00.000Z' }

  it('one row, the newest job, counting the updates published and the time of the last', () => {
    const rows = [update('second', 'done', '2026-01-01T14:06:00.000Z'), first, fileJob('other', 'queued'), update('third', 'done', '2026-01-01T11:00:00.000Z')]
    const { rows: shown, folds } = foldUpdates(rows)
    expect(shown.map((job) => job.id)).toEqual(['second', 'other'])
    expect(folds.get('second')).toEqual({ updates: 2, lastAt: '2026-01-01T14:06:00.000Z', jobIds: ['second', 'first', 'third'] })
    expect(updatesLine(folds.get('second'), 'en-GB')).toBe('Updated 2× · last 14:06')
  })

  it('an update on its way is the row (its state shows), counting only those published; other items and accounts stay apart', () => {
    const sending = update('sending', 'uploading', '2026-01-01T15:00:00.000Z')
    const elsewhere = { ...update('elsewhere', 'done', '2026-01-01T15:00:00.000Z'), accountId: 'user-2' }
    const { rows, folds } = foldUpdates([sending, first, update('another-item', 'done', '2026-01-01T12:00:00.000Z', 8), elsewhere])
    expect(rows.map((job) => job.id)).toEqual(['sending', 'another-item', 'elsewhere'])
    expect(folds.get('sending')?.updates).toBe(0)
    expect(updatesLine(folds.get('sending'))).toBeNull()
    // Creates alone never fold (each has its own item).
    expect(foldUpdates([first, { ...first, id: 'twin' }]).rows).toHaveLength(2)
  })
})
