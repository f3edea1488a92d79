import { ref } from 'vue'
import { intlLocaleOf, SOURCE_LANGUAGE, type LanguageCode } from '../../../src-shared/i18n/languages'

/*
 * The language the window speaks now, apart from the catalogs: formats (src-renderer/src/format)
 * read it, and so can code that runs outside the bundle (Playwright imports formatBytes).
 */

export const activeLanguage = ref<LanguageCode>(SOURCE_LANGUAGE)

/**
 * The locale Intl formats numbers, dates and lists in: the window's language, in the region the
 * person prefers when they prefer that language (English in Britain writes "23 Dec 2026",
 * German in Switzerland "1’000"), else the language alone.
 */
export function intlLocale(): string {
  const language = intlLocaleOf(activeLanguage.value)
  const base = language.split('-')[0] ?? language
  const preferred = typeof navigator === 'undefined' ? [] : navigator.languages
  // A pseudo-locale's region (en-XA) is no place people live in.
  const regional = preferred.find((tag) => tag.split('-')[0] === base && tag !== base && !/-X[AB]$/i.test(tag) && isKnown(tag))
  return regional ?? language
}

function isKnown(tag: string): boolean {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf(tag).length > 0
  } catch {
    return false
  }
}
