import type { BridgeError } from '../../../src-shared/contract/errors'
import { speakSaid, type Said, type SaidSpeaker } from '../../../src-shared/i18n/said'
import { groupedCount } from '../format/count'
import { intlLocale } from './active-language'
import { t } from './i18n'

/** The window as a speaker of the core's sentences. */
const WINDOW: SaidSpeaker = {
  translate: (key, named, count) => (count === undefined ? t(key, named) : t(key, named, count)),
  count: groupedCount,
  locale: intlLocale
}

/**
 * What the core said, in the window's language: its catalog message (src-shared/i18n/core) with
 * the values formatted here; the core's English sentence when it sent no message or the
 * catalog does not have it (an older core).
 */
export function spoken(said: Said | undefined, english: string): string {
  return speakSaid(WINDOW, said, english)
}

/** A failed call's sentence in the window's language. */
export function errorText(error: Pick<BridgeError, 'message' | 'said'>): string {
  return spoken(error.said, error.message)
}
