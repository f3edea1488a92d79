import type { Connectivity } from '../../../../src-shared/domain/queue'
import { formatClock } from '../../format/duration'

/** What the status strip says: one state of the whole app at a time, the most blocking first. */
export interface StripState {
  kind: 'no-network' | 'unreachable' | 'portal' | 'service' | 'rate-limited'
  title: string
  text: string
  /** When FlipDrop tries again by itself (for the countdown), if it does. */
  until: string | null
  /** Whether "Try now" can help (a rate-limit wait is the service's own). */
  canTryNow: boolean
}

/**
 * The app-wide status in words, in one place. Signing out is not here: the sign-in screen
 * says that. Null when nothing stands between FlipDrop and the service.
 */
export function stripState(connectivity: Connectivity | null, now: number): StripState | null {
  if (!connectivity) return null
  if (connectivity.problem === 'no-network') {
    return {
      kind: 'no-network',
      title: 'No network',
      text: 'This computer is offline. Uploads wait and start by themselves when it is back.',
      until: null,
      canTryNow: true
    }
  }
  if (connectivity.problem === 'unreachable') {
    return {
      kind: 'unreachable',
      title: 'Can’t reach the flipbook service',
      text: 'The network is up, but the service does not answer: a proxy or firewall may be in the way (Settings → Network), or the service is down.',
      until: connectivity.nextCheckAt,
      canTryNow: true
    }
  }
  if (connectivity.problem === 'portal') {
    return {
      kind: 'portal',
      title: 'A sign-in page is in the way',
      text: 'Are you on hotel or office Wi-Fi? Sign in to the network in your browser; uploads wait and start by themselves once the service answers.',
      until: connectivity.nextCheckAt,
      canTryNow: true
    }
  }
  if (connectivity.problem === 'service') {
    return {
      kind: 'service',
      title: 'The flipbook service is having problems',
      text: connectivity.retryAt ? `Uploads try again at ${formatClock(connectivity.retryAt)}.` : 'Uploads try again by themselves.',
      until: connectivity.retryAt,
      canTryNow: true
    }
  }
  if (connectivity.rateLimitedUntil && Date.parse(connectivity.rateLimitedUntil) > now) {
    return {
      kind: 'rate-limited',
      title: 'The service asked FlipDrop to slow down',
      text: `Everything continues at ${formatClock(connectivity.rateLimitedUntil)}, when its limit resets.`,
      until: connectivity.rateLimitedUntil,
      canTryNow: false
    }
  }
  return null
}
