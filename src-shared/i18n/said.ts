/*
 * What the core said, as a catalog message and its values, beside its English sentence. The
 * command prints the English (it stays English); the window says the same message in its own
 * language (src-shared/i18n/core/<area>/<language>.json), formatting the values its way.
 */

/**
 * A value of a said sentence: text is shown as it is (names, the service's words); a number is
 * grouped the reader's way; `time` is a moment shown as a time of day; a Sentence is another
 * whole sentence said inside this one ("Try 2 failed: {reason}"), in the reader's language too.
 */
export type SaidValue = string | number | { time: string } | Sentence

export interface Said {
  /** "core.offline": a key of src-shared/i18n/core. */
  key: string
  values?: Record<string, SaidValue>
  /** Chooses the plural form. */
  count?: number
}

/** A sentence of the core: its English text and what to say in another language. */
export interface Sentence {
  text: string
  said: Said
}

export const isSentence = (value: unknown): value is Sentence =>
  typeof value === 'object' && value !== null && typeof (value as Sentence).text === 'string' && typeof (value as Sentence).said === 'object'
