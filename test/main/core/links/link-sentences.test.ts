import { describe, expect, it } from 'vitest'
import { AppError } from '../../../../src-shared/contract/errors'
import { explain, ServiceError } from '../../../../src-main/core/api/service-error'
import { toBridgeError } from '../../../../src-main/core/errors/to-bridge-error'
import { interruptionOf, SIGNED_OUT } from '../../../../src-main/core/library/sync-interruption'
import { checkPath } from '../../../../src-main/core/links/check-path'

/* Links' and the library's sentences: the English the command always printed, and the key and values the window says in its language. */

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught
  )
  if (!(error instanceof AppError)) throw new Error('expected an AppError')
  return error
}

describe('a link’s refusals', () => {
  it('cross the bridge in English with the path as a value, never translated', async () => {
    const error = await refusal(checkPath('relative/price list.pdf', 'file'))
    expect(toBridgeError(error)).toEqual({
      code: 'invalid-input',
      message: 'relative/price list.pdf is not a full path.',
      said: { key: 'coreLinks.path.notFull', values: { path: 'relative/price list.pdf' } }
    })
  })

  it('say a folder that is a file as a folder, and one that is not there as not found', async () => {
    const file = await refusal(checkPath(import.meta.filename, 'folder'))
    expect(file.message).toBe(`${import.meta.filename} is not a folder.`)
    expect(file.said).toEqual({ key: 'coreLinks.path.notAFolder', values: { path: import.meta.filename } })
    const missing = await refusal(checkPath(`${import.meta.dirname}/nowhere`, 'folder'))
    expect(missing.said?.key).toBe('coreLinks.path.notFound')
  })
})

describe('why a library sync stopped', () => {
  it('is said by its own key, in the same English as before', () => {
    const offline = interruptionOf(new ServiceError('network', explain.network(), { delivery: 'not-sent' }))
    expect(offline.message).toBe('Offline: the service cannot be reached. The library shows what was synced and finishes when the connection is back.')
    expect(offline.said).toEqual({ key: 'coreLibrary.sync.offline' })
    expect(SIGNED_OUT.said).toEqual({ key: 'coreLibrary.sync.signedOut' })
  })

  it('sends the moment a rate limit ends, for the window to say as its time of day', () => {
    const limited = interruptionOf(new ServiceError('rate-limited', explain.rateLimited(Date.now()), { delivery: 'not-sent', retryAt: 60_000 }))
    expect(limited.message).toMatch(/^The service asked FlipDrop to slow down; the library sync continues at \d{1,2}:\d{2}/)
    expect(limited.said).toEqual({ key: 'coreLibrary.sync.rateLimited', values: { time: { time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) } } })
  })

  it('carries another error’s sentence inside as it came', () => {
    const stopped = interruptionOf(new AppError('internal', 'Something else.'))
    expect(stopped.message).toBe('The library sync stopped: Something else.')
    expect(stopped.said).toEqual({ key: 'coreLibrary.sync.stopped', values: { reason: 'Something else.' } })
  })
})
