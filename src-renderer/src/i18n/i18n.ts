import { createI18n } from 'vue-i18n'
import {
  directionOf,
  intlLocaleOf,
  PSEUDO_LANGUAGES,
  pluralIndexOf,
  SHIPPED_LANGUAGES,
  SOURCE_LANGUAGE,
  type LanguageCode
} from '../../../src-shared/i18n/languages'
import { groupedCount } from '../format/count'
import { activeLanguage } from './active-language'
import { englishMessages, loadMessages } from './catalogs'

/*
 * The window's one translator. Words files and templates ask it by key; a missing message
 * falls back to English, never to the key. Plural forms follow Intl.PluralRules of the
 * language, in CLDR's order (src-shared/i18n/languages.ts).
 */

const pluralRules = Object.fromEntries(
  [...SHIPPED_LANGUAGES, ...PSEUDO_LANGUAGES].map(({ code }) => [code, (choice: number, choices: number) => pluralIndexOf(code, choice, choices)])
)

export const i18n = createI18n({
  legacy: false,
  locale: SOURCE_LANGUAGE,
  fallbackLocale: SOURCE_LANGUAGE,
  messages: { [SOURCE_LANGUAGE]: englishMessages() },
  pluralRules,
  missingWarn: false,
  fallbackWarn: false
})

export { activeLanguage, intlLocale } from './active-language'

type Named = Record<string, string | number>

/** A message by key; with `count`, the plural form for that count (the count itself is a placeholder too). */
export function t(key: string, named: Named = {}, count?: number): string {
  return count === undefined ? i18n.global.t(key, named) : i18n.global.t(key, named, count)
}

/** A plural message: the count grouped in the active language as its placeholder, the form chosen by the raw number. */
export function counted(key: string, count: number, named: Named = {}): string {
  return t(key, { ...named, count: groupedCount(count) }, count)
}

const loaded = new Set<LanguageCode>([SOURCE_LANGUAGE])

/** Speaks `language` from now on: loads its catalog once, then switches words, formats and direction together. */
export async function speak(language: LanguageCode): Promise<void> {
  if (!loaded.has(language)) {
    i18n.global.setLocaleMessage(language, await loadMessages(language))
    loaded.add(language)
  }
  i18n.global.locale.value = language
  activeLanguage.value = language
  document.documentElement.lang = intlLocaleOf(language)
  document.documentElement.dir = directionOf(language)
}
