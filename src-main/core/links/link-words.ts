import type { Said, Sentence } from '../../../src-shared/i18n/said'
import type { LinkRecord } from './links-file'

/**
 * What FlipDrop says about a link or an offered file: its English (the command prints it) and,
 * when it is a sentence of the catalog, what the window says in its language. Words from
 * elsewhere (a queue's refusal, a job's failure) come as plain English and are shown so.
 */
export interface Words {
  text: string
  said?: Said
}

/** A sentence, or plain English, as words. */
export const wordsOf = (words: string | Sentence): Words => (typeof words === 'string' ? { text: words } : words)

/** Sets what a link says (nothing: null), its English and its catalog message together. */
export function sayOnLink(link: LinkRecord, words: Words | null): void {
  link.message = words?.text ?? null
  if (words?.said) link.said = words.said
  else delete link.said
}
