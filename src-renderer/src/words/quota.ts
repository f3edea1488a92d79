import type { Quota } from '../../../src-shared/domain/service/quota'
import { groupedCount } from '../format/count'
import { t } from '../i18n/i18n'
import type { NounForms } from './plural'

/*
 * The plan's room in words, the same in the sidebar, on Account and in Publish (catalog area
 * `shell`). Zero is said in words ("none left", "no documents left"), never "0 left".
 */

/** The kinds of item a plan counts. */
export type QuotaKind = 'flipbook' | 'document'

/**
 * What is left: "none left", "94 left"; of one kind "no documents left", "3 documents left".
 * (A kind's English noun forms are still taken from callers not yet speaking from the catalog.)
 */
export function leftOf(left: number, of?: QuotaKind | NounForms): string {
  const count = Math.max(0, left)
  const grouped = { count: groupedCount(count) }
  const kind = typeof of === 'object' ? of.one : of
  if (kind === 'flipbook') return count === 0 ? t('shell.quota.noFlipbooksLeft') : t('shell.quota.flipbooksLeft', grouped, count)
  if (kind === 'document') return count === 0 ? t('shell.quota.noDocumentsLeft') : t('shell.quota.documentsLeft', grouped, count)
  return count === 0 ? t('shell.quota.noneLeft') : t('shell.quota.left', grouped, count)
}

/**
 * How much of the plan is used: "96 of 100 used". An account can hold more than its plan allows
 * (a plan changed to a smaller one keeps what was published): "6,854 of 100" would read as a
 * typo, so that case says what it is.
 */
export function usedOf(quota: Quota): string {
  const numbers = { count: groupedCount(quota.count), max: groupedCount(quota.max) }
  return quota.count > quota.max ? t('shell.quota.overPlan', numbers) : t('shell.quota.used', numbers)
}
