import { describe, expect, it } from 'vitest'
import { explain, ServiceError } from '../../../../src-main/core/api/service-error'
import { sentence } from '../../../../src-main/core/i18n/sentence'
import { failureOf, jobRecordSchema, withHistory, type JobRecord } from '../../../../src-main/core/queue/job-record'
import { isJobRecord } from '../../../../src-main/core/queue/job-record-guard'
import { holdSaying, toJobView } from '../../../../src-main/core/queue/job-view'
import { newJob } from '../../../../src-main/core/queue/new-job'
import { noRoomMessage, sizeProblem } from '../../../../src-main/core/queue/preflight'
import { afterFailure, wordsOf } from '../../../../src-main/core/queue/retry-policy'
import { FileChangedError } from '../../../../src-main/core/queue/intake/hash-file'

/*
 * The upload queue's sentences (src-shared/i18n/core/coreQueue): the English the command has
 * always printed, and beside it the key and values the window says in its language. What a
 * failure and a history line said is kept in the job record; older records without it load.
 */

const job = newJob({
  kind: 'create',
  source: { type: 'file', path: '/designs/menu.pdf', fileName: 'menu.pdf', size: 10, mtimeMs: 1, sha256: 'ab', pages: 2 },
  docType: 'Flipbook',
  accountId: 'u-1',
  name: 'Menu',
  title: 'Menu'
})

describe('the queue’s sentences', () => {
  it('say a service error inside their own, keeping its key for the window and its English for the command', () => {
    const cause = new ServiceError('network', explain.network(), { delivery: 'unknown' })
    const next = afterFailure(cause)
    const reason = wordsOf(cause)
    expect(next.kind === 'retry' && next.message).toBe(typeof reason === 'string' ? reason : reason.text)
    const stopped = sentence('coreQueue.failure.afterTries', { tries: 5, reason })
    expect(stopped.text).toBe('Stopped after 5 tries: The service could not be reached. Check your internet connection.')
    expect(stopped.said).toEqual({
      key: 'coreQueue.failure.afterTries',
      values: { tries: 5, reason: { text: 'The service could not be reached. Check your internet connection.', said: { key: 'coreService.network' } } }
    })
  })

  it('a file still being saved: the same English as before, and its key', () => {
    const error = new FileChangedError('/designs/menu.pdf')
    expect(afterFailure(error)).toEqual({ kind: 'retry', message: 'The file is still being saved.' })
    expect(wordsOf(error)).toEqual({ text: 'The file is still being saved.', said: { key: 'coreQueue.failure.stillSaving' } })
  })

  it('the plan’s room and size in the same English, counted for the window', () => {
    const one = noRoomMessage('Flipbook', { docType: 'Flipbook', count: 1, max: 1, left: 0 })
    expect(one.text).toBe(
      'Waiting for room in your plan (1 flipbook at most): it is published by itself once there is room, when a flipbook is deleted or the plan upgraded.'
    )
    const many = noRoomMessage('Document', { docType: 'Document', count: 25, max: 25, left: 0 })
    expect(many.text).toContain('(25 documents at most)')
    expect(many.said).toEqual({ key: 'coreQueue.waiting.noRoomDocument', values: { max: 25 }, count: 25 })
    expect(sizeProblem('menu.pdf', 212 * 1024 * 1024, 100 * 1024 * 1024)?.text).toBe('menu.pdf is 212 MB; your plan allows 100 MB.')
  })

  it('a lookup’s note in the same English for one item and for several, said inside the failure that repeats it', () => {
    const since = { time: new Date(2026, 10, 28, 14, 6).toISOString() }
    const at = new Date(since.time).toLocaleTimeString()
    const one = sentence('coreQueue.lookup.mismatch', { count: 1, name: 'Menu', time: since }, 1)
    expect(one.text).toBe(`An item named “Menu” was made since this upload started at ${at}, but it does not hold this file, so FlipDrop did not take it for this upload.`)
    const two = sentence('coreQueue.lookup.mismatch', { count: 2, name: 'Menu', time: since }, 2)
    expect(two.text).toBe(`2 items named “Menu” were made since this upload started at ${at}, but none holds this file, so FlipDrop did not take any of them for this upload.`)
    const failed = sentence('coreQueue.lookup.uncertainRetry', { note: two })
    expect(failed.text).toBe(`${two.text} Retry to publish it again as a new item.`)
    expect(failed.said.values?.['note']).toEqual(two)
  })

  it('a job’s view carries what its wait, its failure and its history said', () => {
    const failed: JobRecord = withHistory(
      { ...job, state: 'failed', failure: failureOf(sentence('coreQueue.failure.fileMissing', { file: 'menu.pdf' }), true, 'file-missing') },
      sentence('coreQueue.history.retried')
    )
    const view = toJobView(failed, null, null)
    expect(view.failure).toEqual({
      message: 'menu.pdf was moved or deleted after it was added; nothing was uploaded.',
      retryable: true,
      code: 'file-missing',
      said: { key: 'coreQueue.failure.fileMissing', values: { file: 'menu.pdf' } }
    })
    expect(view.history.map(({ text, said }) => ({ text, said }))).toEqual([
      { text: 'Added menu.pdf.', said: { key: 'coreQueue.history.addedFile', values: { file: 'menu.pdf' } } },
      { text: 'Retried.', said: { key: 'coreQueue.history.retried' } }
    ])
    const waiting = toJobView(job, holdSaying('offline', sentence('coreQueue.waiting.offline'), null), null).waiting
    expect(waiting).toEqual({
      reason: 'offline',
      message: 'The service cannot be reached; uploads start by themselves when it can.',
      said: { key: 'coreQueue.waiting.offline' },
      until: null
    })
  })

  it('a record keeps what was said; one written before it was kept loads, and a broken one is refused', () => {
    const said = withHistory({ ...job, failure: failureOf(sentence('coreQueue.failure.afterTries', { tries: 5, reason: explain.network() }), true, 'unreachable') }, sentence('coreQueue.history.paused'))
    const older = { ...job, failure: { message: 'No.', retryable: true, code: 'unreachable' }, history: [{ at: 1, text: 'Paused.' }] }
    for (const record of [said, older]) {
      expect(isJobRecord(JSON.parse(JSON.stringify(record)))).toBe(true)
      expect(jobRecordSchema.safeParse(JSON.parse(JSON.stringify(record))).success).toBe(true)
    }
    expect(jobRecordSchema.parse(JSON.parse(JSON.stringify(said))).failure?.said).toEqual(said.failure?.said)
    const broken = { ...job, history: [{ at: 1, text: 'Paused.', said: { key: 7 } }] }
    expect(isJobRecord(broken)).toBe(false)
    expect(jobRecordSchema.safeParse(broken).success).toBe(false)
  })
})
