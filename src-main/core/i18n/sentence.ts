import type { Said, SaidValue, Sentence } from '../../../src-shared/i18n/said'
import { CORE_ENGLISH } from './core-catalogs'
import { translatorFor } from './translator'

const english = translatorFor('en', { en: CORE_ENGLISH })

/** How a value reads in the English sentence: as the command has always printed it. */
function inEnglish(value: SaidValue): string | number {
  if (typeof value !== 'object') return value
  return 'said' in value ? value.text : new Date(value.time).toLocaleTimeString()
}

/**
 * A sentence of the core by its catalog key (src-shared/i18n/core): the English text for the
 * command and the log, and the key and values the window says in its own language.
 */
export function sentence(key: string, values: Record<string, SaidValue> = {}, count?: number): Sentence {
  const named = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, inEnglish(value)]))
  const said: Said = { key, ...(Object.keys(values).length > 0 ? { values } : {}), ...(count !== undefined ? { count } : {}) }
  return { text: english(key, named, count), said }
}
