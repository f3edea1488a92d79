import type { Quota } from '../../../src-shared/domain/service/quota'
import { groupedCount } from '../format/count'
import { nounFor, type NounForms } from './plural'

/*
 * The plan's room in words, the same in the sidebar and on Account. Zero is said in words
 * ("none left", "no documents left"), never "0 left".
 */

/** What is left: "none left", "94 left"; with a noun "no documents left", "3 documents left". */
export function leftOf(left: number, noun?: NounForms): string {
  const count = Math.max(0, left)
  if (!noun) return count === 0 ? 'none left' : `${groupedCount(count)} left`
  return count === 0 ? `no ${noun.other} left` : `${groupedCount(count)} ${nounFor(count, noun)} left`
}

/**
 * How much of the plan is used: "96 of 100 used". An account can hold more than its plan allows
 * (a plan changed to a smaller one keeps what was published): "6,854 of 100" would read as a
 * typo, so that case says what it is.
 */
export function usedOf(quota: Quota): string {
  if (quota.count > quota.max) return `${groupedCount(quota.count)} published, more than the plan’s ${groupedCount(quota.max)}`
  return `${groupedCount(quota.count)} of ${groupedCount(quota.max)} used`
}
