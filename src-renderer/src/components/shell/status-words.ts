import type { Connectivity } from '../../../../src-shared/domain/queue'
import { formatClock } from '../../format/duration'
import { t } from '../../i18n/i18n'

/** What the status strip says: one state of the whole app at a time, the most blocking first. */
export interface StripState {
  kind: 'no-network' | 'unreachable' | 'portal' | 'service' | 'rate-limited'
  /** A short sentence, its full stop included. */
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
      title: t('shell.status.noNetwork'),
      text: t('shell.status.noNetworkText'),
      until: null,
      canTryNow: true
    }
  }
  if (connectivity.problem === 'unreachable') {
    return {
      kind: 'unreachable',
      title: t('shell.status.unreachable'),
      text: t('shell.status.unreachableText'),
      until: connectivity.nextCheckAt,
      canTryNow: true
    }
  }
  if (connectivity.problem === 'portal') {
    return {
      kind: 'portal',
      title: t('shell.status.portal'),
      text: t('shell.status.portalText'),
      until: connectivity.nextCheckAt,
      canTryNow: true
    }
  }
  if (connectivity.problem === 'service') {
    return {
      kind: 'service',
      title: t('shell.status.service'),
      text: connectivity.retryAt ? t('shell.status.serviceAt', { time: formatClock(connectivity.retryAt) }) : t('shell.status.serviceLater'),
      until: connectivity.retryAt,
      canTryNow: true
    }
  }
  if (connectivity.rateLimitedUntil && Date.parse(connectivity.rateLimitedUntil) > now) {
    return {
      kind: 'rate-limited',
      title: t('shell.status.rateLimited'),
      text: t('shell.status.rateLimitedText', { time: formatClock(connectivity.rateLimitedUntil) }),
      until: connectivity.rateLimitedUntil,
      canTryNow: false
    }
  }
  return null
}
