import { AppError } from '../../../src-shared/contract/errors'
import { ServiceError } from '../api/service-error'
import type { Said, Sentence } from '../../../src-shared/i18n/said'
import { monotonicNow, wallTimeOf } from '../clock'
import { sentence } from '../i18n/sentence'

/** Why a sync stopped, and what brings it back. */
export interface Interruption {
  /** network: when the network is back (or a later try); rate-limited: at `retryAt`; signed-out: after sign-in; failed: a later try. */
  reason: 'network' | 'rate-limited' | 'signed-out' | 'failed'
  message: string
  /** The message as the window says it in its language. */
  said: Said
  /** Local epoch ms at which to carry on, for rate limits. */
  retryAt: number | null
}

/** A monotonic deadline as the moment it falls at now (said as a time of day). */
const time = (ms: number): { time: string } => ({ time: new Date(wallTimeOf(ms)).toISOString() })

/** An interruption saying this sentence. */
const saying = (reason: Interruption['reason'], words: Sentence, retryAt: number | null = null): Interruption => ({ reason, message: words.text, said: words.said, retryAt })

export const SIGNED_OUT: Interruption = saying('signed-out', sentence('coreLibrary.sync.signedOut'))

/** A sync's failure in words for the window: what happened, and that the rest comes later. */
export function interruptionOf(error: unknown): Interruption {
  if ((error instanceof AppError && error.code === 'signed-out') || (error instanceof ServiceError && error.kind === 'unauthorized')) {
    return SIGNED_OUT
  }
  if (error instanceof ServiceError) {
    switch (error.kind) {
      case 'network':
      case 'stalled':
        return saying('network', sentence('coreLibrary.sync.offline'))
      case 'portal':
        return saying('network', sentence('coreLibrary.sync.portal'))
      case 'rate-limited': {
        const retryAt = error.retryAt ?? monotonicNow() + 60_000
        return saying('rate-limited', sentence('coreLibrary.sync.rateLimited', { time: time(retryAt) }), retryAt)
      }
      // The error's own sentence is said as it came (English) inside this one.
      default:
        return saying('failed', sentence('coreLibrary.sync.stoppedRetrying', { reason: error.message }))
    }
  }
  if (error instanceof AppError) return saying('failed', sentence('coreLibrary.sync.stopped', { reason: error.message }))
  return saying('failed', sentence('coreLibrary.sync.unexpected'))
}
