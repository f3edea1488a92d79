import { describe, expect, it } from 'vitest'
import { FileChangedError } from '../../../../src-main/core/queue/intake/hash-file'
import { afterFailure } from '../../../../src-main/core/queue/retry-policy'

describe('a file still being saved when its upload starts', () => {
  it('is tried again after a pause, in words without its path, never failed for good', () => {
    const next = afterFailure(new FileChangedError('/home/dana/Exports/catalogue.pdf'))
    expect(next).toEqual({ kind: 'retry', message: 'The file is still being saved.' })
  })
})
