import { describe, expect, it } from 'vitest'
import { AppError } from '../../../../src-shared/contract/errors'
import { explain, ServiceError } from '../../../../src-main/core/api/service-error'
import { toBridgeError } from '../../../../src-main/core/errors/to-bridge-error'
import { sentence } from '../../../../src-main/core/i18n/sentence'

/* The core's sentences: English from its catalog for the command and the log, the key and values for the window. */

describe('sentence', () => {
  it('writes the English of the catalog and keeps the key and the raw values beside it', () => {
    const said = sentence('coreService.badDuplicateCount', { max: 1000 })
    expect(said.text).toBe('The number of copies must be a whole number from 1 to 1000.')
    expect(said.said).toEqual({ key: 'coreService.badDuplicateCount', values: { max: 1000 } })
  })

  it('chooses the plural form by the count, as the command always said it', () => {
    expect(explain.stalled(1).text).toBe('The upload stopped moving for 1 second and was stopped.')
    expect(explain.stalled(12).text).toBe('The upload stopped moving for 12 seconds and was stopped.')
    expect(explain.stalled(12).said).toEqual({ key: 'coreService.stalled', values: { seconds: 12 }, count: 12 })
  })

  it('says a moment as a time of day in English, and sends the moment itself', () => {
    const retryAt = Date.now() + 60_000
    const said = explain.rateLimited(retryAt)
    expect(said.text).toMatch(/^The service asked FlipDrop to slow down\. It will continue at \d{1,2}:\d{2}/)
    expect(said.said.values?.['time']).toEqual({ time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) })
  })
})

describe('errors that carry a sentence', () => {
  it('cross the bridge with their English message and what the window says', () => {
    const service = new ServiceError('network', explain.network(), { delivery: 'not-sent' })
    expect(toBridgeError(service)).toEqual({ code: 'network', message: 'The service could not be reached. Check your internet connection.', said: { key: 'coreService.network' } })
    const app = new AppError('invalid-input', explain.badDuplicateCount(5))
    expect(toBridgeError(app)).toEqual({ code: 'invalid-input', message: 'The number of copies must be a whole number from 1 to 5.', said: { key: 'coreService.badDuplicateCount', values: { max: 5 } } })
  })

  it('an error written as a plain sentence crosses without one, and one said again keeps it', () => {
    expect(toBridgeError(new AppError('internal', 'Something else.'))).toEqual({ code: 'internal', message: 'Something else.' })
    const first = new ServiceError('portal', explain.portal(), { delivery: 'not-sent' })
    const again = new ServiceError('portal', first.sentence, { delivery: 'not-sent', cause: first })
    expect(again.said).toEqual({ key: 'coreService.portal' })
  })
})
