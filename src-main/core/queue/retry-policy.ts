import { AppError } from '../../../src-shared/contract/errors'
import type { FailureCode } from '../../../src-shared/domain/queue'
import { ServiceError } from '../api/service-error'
import { monotonicNow } from '../clock'
import type { OfflineCause } from './connectivity'
import { FileChangedError } from './intake/hash-file'
import type { Sentence } from '../../../src-shared/i18n/said'
import { sentence } from '../i18n/sentence'

/** What to do after an attempt failed. */
export type AfterFailure =
  /** The service cannot be reached, or a sign-in page answers for it: wait without spending a retry. */
  | { kind: 'offline'; cause: OfflineCause }
  /** The key was refused (401) or there is none: wait for a sign-in, losing nothing. */
  | { kind: 'signed-out' }
  /** The service asked to slow down: wait until its window resets (on the core's monotonic clock). */
  | { kind: 'rate-limited'; until: number }
  /** Worth trying again by itself after a pause (network trouble, stall, 5xx, unreadable answer). */
  | { kind: 'retry'; message: string }
  /** No point sending again as it is; the user may still retry when `retryable`. */
  | { kind: 'final'; message: string; retryable: boolean; code: FailureCode }

const stillSaving = (): Sentence => sentence('coreQueue.failure.stillSaving')

/**
 * What a failed attempt says, as afterFailure's message does (the same English), and with it
 * what the window says in its language when the error carried that (a ServiceError's sentence).
 */
export function wordsOf(error: unknown): string | Sentence {
  if (error instanceof FileChangedError) return stillSaving()
  if (error instanceof ServiceError || error instanceof AppError) return error.sentence
  return error instanceof Error ? error.message : String(error)
}

/** Automatic retries of one job before it is marked failed (the user can still retry). */
export const MAX_AUTOMATIC_RETRIES = 5

/** The backoff before a job's first automatic retry, before jitter (a setting of the core: tests lengthen it). */
export const FIRST_RETRY_MS = 2_000

/** Backoff before automatic retry n (0-based): `firstMs` doubling to 5 min, with ±50 % jitter. */
export function retryDelayMs(attempt: number, firstMs: number = FIRST_RETRY_MS, random: () => number = Math.random): number {
  const base = Math.min(Math.max(300_000, firstMs), firstMs * 2 ** attempt)
  return Math.round(base / 2 + random() * base)
}

/**
 * Sorts a failed attempt (service-api.md §7 and DESIGN §4): network trouble, stalls, 5xx
 * and 429 pass by themselves; 401 waits for a new key; 413, an invalid PDF, a refused
 * host, a full quota and every other service answer are final, with the service's words.
 */
export function afterFailure(error: unknown): AfterFailure {
  if (error instanceof AppError && error.code === 'signed-out') return { kind: 'signed-out' }
  // Read while a save was still writing it (its size or time moved): it settles by itself.
  if (error instanceof FileChangedError) return { kind: 'retry', message: stillSaving().text }
  if (!(error instanceof ServiceError)) {
    return { kind: 'final', message: error instanceof Error ? error.message : String(error), retryable: true, code: 'internal' }
  }
  switch (error.kind) {
    case 'unauthorized':
      return { kind: 'signed-out' }
    case 'rate-limited':
      return { kind: 'rate-limited', until: error.retryAt ?? monotonicNow() + 60_000 }
    case 'network':
      // Nothing left this machine: the service is out of reach, not this job at fault.
      return error.delivery === 'not-sent' ? { kind: 'offline', cause: 'unreachable' } : { kind: 'retry', message: error.message }
    case 'portal':
      // A captive portal or a proxy's login page: no usable connection, not this job at fault.
      // A create it met stays in doubt (mayHaveCreated) and is looked up once the service answers.
      return { kind: 'offline', cause: 'portal' }
    case 'stalled':
    case 'protocol':
      return { kind: 'retry', message: error.message }
    case 'service':
      return error.status !== undefined && error.status >= 500
        ? { kind: 'retry', message: error.message }
        : { kind: 'final', message: error.message, retryable: true, code: 'rejected' }
    case 'source-timeout':
      return { kind: 'final', message: error.message, retryable: true, code: 'source-refused' }
    case 'cancelled':
      return { kind: 'final', message: error.message, retryable: true, code: 'internal' }
    case 'too-large':
      return { kind: 'final', message: error.message, retryable: false, code: 'too-large' }
    case 'invalid-pdf':
      return { kind: 'final', message: error.message, retryable: false, code: 'not-pdf' }
    case 'host-not-allowed':
      return { kind: 'final', message: error.message, retryable: false, code: 'source-refused' }
    case 'not-found':
      return { kind: 'final', message: error.message, retryable: false, code: 'item-gone' }
    case 'unknown-field':
      return { kind: 'final', message: error.message, retryable: false, code: 'internal' }
    case 'document-host-missing':
      return { kind: 'final', message: error.message, retryable: true, code: 'document-host-missing' }
    case 'quota-full':
      return { kind: 'final', message: error.message, retryable: true, code: 'quota' }
  }
}

/**
 * Whether a failed create may still have made the item: anything but a clean refusal
 * (a Result ERROR, 401, 413, 429) or a request that never left this machine. A 5xx or an
 * unreadable answer can come after the service committed (a proxy in between, a cut answer).
 */
export function mayHaveCreated(error: unknown): boolean {
  if (!(error instanceof ServiceError)) return true
  if (error.delivery === 'not-sent') return false
  if (error.delivery === 'unknown') return true
  return error.kind === 'protocol' || (error.kind === 'service' && (error.status ?? 200) >= 500)
}
