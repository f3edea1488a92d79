import { AppError } from '../../../src-shared/contract/errors'
import { ServiceError } from '../api/service-error'
import { monotonicNow, wallTimeOf } from '../clock'

/** Why a sync stopped, and what brings it back. */
export interface Interruption {
  /** network: when the network is back (or a later try); rate-limited: at `retryAt`; signed-out: after sign-in; failed: a later try. */
  reason: 'network' | 'rate-limited' | 'signed-out' | 'failed'
  message: string
  /** Local epoch ms at which to carry on, for rate limits. */
  retryAt: number | null
}

/** A monotonic deadline as the wall-clock time it falls at now. */
const time = (ms: number): string => new Date(wallTimeOf(ms)).toLocaleTimeString()

export const SIGNED_OUT: Interruption = { reason: 'signed-out', message: 'Signed out: sign in to finish syncing the library.', retryAt: null }

/** A sync's failure in words for the window: what happened, and that the rest comes later. */
export function interruptionOf(error: unknown): Interruption {
  if ((error instanceof AppError && error.code === 'signed-out') || (error instanceof ServiceError && error.kind === 'unauthorized')) {
    return SIGNED_OUT
  }
  if (error instanceof ServiceError) {
    switch (error.kind) {
      case 'network':
      case 'stalled':
        return {
          reason: 'network',
          message: 'Offline: the service cannot be reached. The library shows what was synced and finishes when the connection is back.',
          retryAt: null
        }
      case 'portal':
        return {
          reason: 'network',
          message: 'A sign-in page is in the way (hotel or office Wi-Fi?). The library shows what was synced and finishes once the service answers.',
          retryAt: null
        }
      case 'rate-limited': {
        const retryAt = error.retryAt ?? monotonicNow() + 60_000
        return { reason: 'rate-limited', message: `The service asked FlipDrop to slow down; the library sync continues at ${time(retryAt)}.`, retryAt }
      }
      default:
        return { reason: 'failed', message: `The library sync stopped: ${error.message} It tries again shortly.`, retryAt: null }
    }
  }
  if (error instanceof AppError) return { reason: 'failed', message: `The library sync stopped: ${error.message}`, retryAt: null }
  return { reason: 'failed', message: 'The library sync stopped because of an unexpected problem; it tries again shortly.', retryAt: null }
}
