import type { BridgeError } from '../../../src-shared/contract/errors'
import type { Said, SaidValue } from '../../../src-shared/i18n/said'
import { groupedCount } from '../format/count'
import { intlLocale } from './active-language'
import { t } from './i18n'

/** A value as the reader's language writes it: numbers grouped, a moment as a time of day, a sentence in its words. */
function valueText(value: SaidValue): string {
  if (typeof value === 'number') return groupedCount(value)
  if (typeof value === 'string') return value
  if ('said' in value) return spoken(value.said, value.text)
  return new Intl.DateTimeFormat(intlLocale(), { timeStyle: 'short' }).format(new Date(value.time))
}

/**
 * What the core said, in the window's language: its catalog message (src-shared/i18n/core) with
 * the values formatted here; the core's English sentence when it sent no message or the
 * catalog does not have it (an older core).
 */
export function spoken(said: Said | undefined, english: string): string {
  if (!said) return english
  const named = Object.fromEntries(Object.entries(said.values ?? {}).map(([name, value]) => [name, valueText(value)]))
  const text = said.count === undefined ? t(said.key, named) : t(said.key, named, said.count)
  return text === '' || text === said.key ? english : text
}

/** A failed call's sentence in the window's language. */
export function errorText(error: Pick<BridgeError, 'message' | 'said'>): string {
  return spoken(error.said, error.message)
}
