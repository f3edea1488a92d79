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

/** How one side (the window, the desktop) speaks: its translator and its formats. */
export interface SaidSpeaker {
  /** A message by key; '' or the key itself when the catalog lacks it. */
  translate(key: string, named: Record<string, string>, count?: number): string
  /** A number grouped the reader's way. */
  count(value: number): string
  /** The locale a moment is written in. */
  locale(): string
}

/**
 * What the core said, in the speaker's language: its catalog message with the values formatted
 * the speaker's way (a sentence inside it said the same way); `english` when there is no message
 * or the catalog does not have it (an older core).
 */
export function speakSaid(speaker: SaidSpeaker, said: Said | undefined, english: string): string {
  if (!said) return english
  const valueText = (value: SaidValue): string => {
    if (typeof value === 'number') return speaker.count(value)
    if (typeof value === 'string') return value
    if ('said' in value) return speakSaid(speaker, value.said, value.text)
    return new Intl.DateTimeFormat(speaker.locale(), { timeStyle: 'short' }).format(new Date(value.time))
  }
  const named = Object.fromEntries(Object.entries(said.values ?? {}).map(([name, value]) => [name, valueText(value)]))
  const text = speaker.translate(said.key, named, said.count)
  return text === '' || text === said.key ? english : text
}
