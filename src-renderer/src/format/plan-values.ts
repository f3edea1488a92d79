import type { PlanLimit } from '../../../src-shared/domain/service/account'
import type { Quota } from '../../../src-shared/domain/service/quota'
import { COMMON_WORDS } from '../words/common'
import { groupedCount } from './count'

/** "Yes" / "No", or null (shown as "unknown") when the service did not say. */
export function yesNo(value: boolean | null): string | null {
  return value === null ? null : value ? COMMON_WORDS.value.yes : COMMON_WORDS.value.no
}

/** A plan limit: a grouped number, "Unlimited", or null when unknown. */
export function planLimit(value: PlanLimit, locale?: string): string | null {
  if (value === null) return null
  return value === 'unlimited' ? COMMON_WORDS.value.unlimited : groupedCount(value, locale)
}

/** How full a quota is (0 to 1), and whether it is near its limit: at most a tenth (and at least 1) left. */
export function quotaFill(quota: Quota): { share: number; low: boolean; full: boolean } {
  return {
    share: quota.max > 0 ? Math.min(1, quota.count / quota.max) : 1,
    low: quota.left <= Math.max(1, quota.max * 0.1),
    full: quota.left <= 0
  }
}
