import { isSentence, type Said, type Sentence } from '../../../src-shared/i18n/said'

/*
 * What a job's failure or history line said is kept on disk beside its English text, so the
 * window says it in its own language after a restart too (src-main/core/i18n/said-schema.ts).
 * The field is optional: records written before FlipDrop kept it load as they are (the window
 * shows their English), and an older FlipDrop reading a newer record drops it (zod strips
 * unknown keys).
 */

/** A message as a view or record holds it: its English and, when it was a Sentence, what the window says. */
export function told(words: string | Sentence): { message: string; said?: Said } {
  return isSentence(words) ? { message: words.text, said: words.said } : { message: words }
}
