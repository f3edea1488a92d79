/** The forms of a counted noun ("item" / "items"). */
export interface NounForms {
  one: string
  other: string
}

import { groupedCount } from '../format/count'

const rules = new Intl.PluralRules('en')

/**
 * A count with its noun in the right form ("1 item", "2,000 items"), through Intl.PluralRules
 * so the words never say "1 items". One place, so a later translation changes only this.
 */
export function countOf(count: number, forms: NounForms): string {
  return `${groupedCount(count)} ${nounFor(count, forms)}`
}

/** Only the noun's form for a count ("flipbook" or "flipbooks"). */
export function nounFor(count: number, forms: NounForms): string {
  return rules.select(count) === 'one' ? forms.one : forms.other
}

/** Nouns the whole app counts. */
export const NOUNS = {
  item: { one: 'item', other: 'items' },
  flipbook: { one: 'flipbook', other: 'flipbooks' },
  document: { one: 'document', other: 'documents' },
  pdf: { one: 'PDF', other: 'PDFs' },
  upload: { one: 'upload', other: 'uploads' },
  file: { one: 'file', other: 'files' },
  page: { one: 'page', other: 'pages' },
  copy: { one: 'copy', other: 'copies' },
  link: { one: 'link', other: 'links' }
} satisfies Record<string, NounForms>
