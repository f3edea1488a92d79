import type { Quota } from '../../../src-shared/domain/service/quota'
import type { DocType } from '../../../src-shared/domain/service/item'
import { groupedCount } from '../format/count'
import { t } from '../i18n/i18n'
import type { NounForms } from './plural'

/*
 * The plan's room in words, the same in the sidebar, on Account and in the queue: catalog
 * area `publish` (`publish.quota.*`). Zero is said in words ("none left", "no documents
 * left"), never "0 left".
 */

/** What is left of a kind, none and counted: keys written out whole, so the catalog check finds them. */
const LEFT = {
  flipbook: { none: 'publish.quota.noFlipbooks', some: 'publish.quota.flipbooks' },
  document: { none: 'publish.quota.noDocuments', some: 'publish.quota.documents' },
  item: { none: 'publish.quota.noItems', some: 'publish.quota.items' }
}

/** Which words a kind speaks with; a noun from words/plural.ts is matched by its form. */
function leftWordsOf(kind: NounForms | DocType): { none: string; some: string } {
  const word = typeof kind === 'string' ? kind.toLowerCase() : kind.one
  return word === 'flipbook' || word === 'document' ? LEFT[word] : LEFT.item
}

/** What is left: "none left", "94 left"; with a kind "no documents left", "3 documents left". */
export function leftOf(left: number, kind?: NounForms | DocType): string {
  const count = Math.max(0, left)
  if (!kind) return count === 0 ? t('publish.quota.none') : t('publish.quota.left', { count: groupedCount(count) }, count)
  const words = leftWordsOf(kind)
  return count === 0 ? t(words.none) : t(words.some, { count: groupedCount(count) }, count)
}

/**
 * How much of the plan is used: "96 of 100 used". An account can hold more than its plan allows
 * (a plan changed to a smaller one keeps what was published): "6,854 of 100" would read as a
 * typo, so that case says what it is.
 */
export function usedOf(quota: Quota): string {
  const named = { count: groupedCount(quota.count), max: groupedCount(quota.max) }
  return t(quota.count > quota.max ? 'publish.quota.overPlan' : 'publish.quota.used', named)
}
