import type { Said, Sentence } from '../../../src-shared/i18n/said'

/** A notice: whole sentences, said together (the command prints the English, the window its own language). */
export interface Notice {
  text: string
  said: Said[]
}

/** One notice of these whole sentences, in order. */
export function noticeOf(...sentences: Sentence[]): Notice {
  return { text: sentences.map((sentence) => sentence.text).join(' '), said: sentences.map((sentence) => sentence.said) }
}
