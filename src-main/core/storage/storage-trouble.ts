import { AppError } from '../../../src-shared/contract/errors'
import type { Sentence } from '../../../src-shared/i18n/said'
import { sentence } from '../i18n/sentence'

/**
 * Writes that fail because of the disk, not because of FlipDrop: the disk (or the user's
 * quota) is full, or the folder cannot be written (mounted read-only, permissions taken away).
 * These pass by themselves once the person frees space or mends the folder; nothing that was
 * saved before is lost, so they are said plainly and tried again, never reported as a failure.
 */
export type StorageTrouble = 'full' | 'read-only'

const FULL = new Set(['ENOSPC', 'EDQUOT'])
const READ_ONLY = new Set(['EROFS', 'EACCES', 'EPERM'])

/** What kind of disk trouble `error` (or an error it wraps) is; null for anything else. */
export function storageTrouble(error: unknown): StorageTrouble | null {
  for (let at: unknown = error, depth = 0; at instanceof Error && depth < 5; at = at.cause, depth += 1) {
    const code = (at as NodeJS.ErrnoException).code
    if (code !== undefined && FULL.has(code)) return 'full'
    if (code !== undefined && READ_ONLY.has(code)) return 'read-only'
  }
  return null
}

/** The one thing said while FlipDrop cannot save its data: what happened, what to do, that nothing was lost. */
export function storageTroubleMessage(trouble: StorageTrouble): Sentence {
  return trouble === 'full' ? sentence('coreQueue.waiting.diskFull') : sentence('coreQueue.waiting.readOnly')
}

/** A change that could not be saved because of the disk (see storageTrouble); it was not made. */
export class CannotSave extends AppError {
  constructor(
    readonly trouble: StorageTrouble,
    options: { cause: unknown }
  ) {
    super('cannot-save', storageTroubleMessage(trouble))
    this.cause = options.cause
    this.name = 'CannotSave'
  }
}

/** Rethrows a write failure as CannotSave when the disk is the reason (anything else as it is). */
export function asCannotSave(error: unknown): unknown {
  const trouble = error instanceof CannotSave ? null : storageTrouble(error)
  return trouble === null ? error : new CannotSave(trouble, { cause: error })
}

/** The CannotSave `error` is or wraps (an attempt's failure wraps what stopped it), if any. */
export function cannotSaveIn(error: unknown): CannotSave | null {
  for (let at: unknown = error, depth = 0; at instanceof Error && depth < 5; at = at.cause, depth += 1) {
    if (at instanceof CannotSave) return at
  }
  return null
}
