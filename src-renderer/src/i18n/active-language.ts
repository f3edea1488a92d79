import { ref } from 'vue'
import { intlLocaleOf, SOURCE_LANGUAGE, type LanguageCode } from '../../../src-shared/i18n/languages'

/*
 * The language the window speaks now, apart from the catalogs: formats (src-renderer/src/format)
 * read it, and so can code that runs outside the bundle (Playwright imports formatBytes).
 */

export const activeLanguage = ref<LanguageCode>(SOURCE_LANGUAGE)

/** The locale Intl formats numbers, dates and lists in. */
export function intlLocale(): string {
  return intlLocaleOf(activeLanguage.value)
}
