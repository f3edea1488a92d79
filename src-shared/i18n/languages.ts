/*
 * The languages FlipDrop ships, named in their own words, and how a list of preferred
 * languages (the operating system's, or the browser's) picks one of them.
 */

export const SHIPPED_LANGUAGES = [
  { code: 'en', name: 'English', dir: 'ltr' },
  { code: 'de', name: 'Deutsch', dir: 'ltr' },
  { code: 'fr', name: 'Français', dir: 'ltr' },
  { code: 'es', name: 'Español', dir: 'ltr' },
  { code: 'pt-BR', name: 'Português (Brasil)', dir: 'ltr' },
  { code: 'it', name: 'Italiano', dir: 'ltr' },
  { code: 'nl', name: 'Nederlands', dir: 'ltr' },
  { code: 'ja', name: '日本語', dir: 'ltr' },
  { code: 'zh-CN', name: '简体中文', dir: 'ltr' },
  { code: 'ar', name: 'العربية', dir: 'rtl' }
] as const

/**
 * Chromium's pseudo-locales, for tests only: never offered in Settings, reached only when the
 * preferred languages name them (Chromium started with `--lang=en-XA`). en-XA: every word
 * accented, about 40 % longer, in brackets. ar-XB: the same words right to left.
 */
export const PSEUDO_LANGUAGES = [
  { code: 'en-XA', name: '[Ƥşêûðö]', dir: 'ltr' },
  { code: 'ar-XB', name: '[Ƥşêûðö ŔŤĻ]', dir: 'rtl' }
] as const

export type ShippedLanguage = (typeof SHIPPED_LANGUAGES)[number]['code']
export type PseudoLanguage = (typeof PSEUDO_LANGUAGES)[number]['code']
export type LanguageCode = ShippedLanguage | PseudoLanguage
export type TextDirection = 'ltr' | 'rtl'

export const SOURCE_LANGUAGE: ShippedLanguage = 'en'

const ALL = [...SHIPPED_LANGUAGES, ...PSEUDO_LANGUAGES]

export function isLanguageCode(value: string): value is LanguageCode {
  return ALL.some((language) => language.code === value)
}

export function isShippedLanguage(value: string): value is ShippedLanguage {
  return SHIPPED_LANGUAGES.some((language) => language.code === value)
}

export function directionOf(code: LanguageCode): TextDirection {
  return ALL.find((language) => language.code === code)?.dir ?? 'ltr'
}

/** Traditional Chinese reads Simplified poorly: such a preference moves on to the next one. */
function isTraditionalChinese(tag: Intl.Locale): boolean {
  const script = tag.maximize().script
  return tag.language === 'zh' && script === 'Hant'
}

function parsed(tag: string): Intl.Locale | null {
  try {
    return new Intl.Locale(tag.replace(/_/g, '-'))
  } catch {
    return null
  }
}

/**
 * The first preferred language FlipDrop speaks: the exact language and region first
 * (`pt-BR`, `en-XA`), then the language alone (`pt-PT` → Portuguese, `de-CH` → German),
 * then the next preference; English when none match.
 */
export function negotiateLanguage(preferred: readonly string[]): LanguageCode {
  for (const raw of preferred) {
    const tag = parsed(raw)
    if (!tag) continue
    const exact = ALL.find((language) => language.code.toLowerCase() === tag.baseName.toLowerCase())
    if (exact) return exact.code
    if (isTraditionalChinese(tag)) continue
    const sameLanguage = SHIPPED_LANGUAGES.find((language) => language.code.split('-')[0] === tag.language)
    if (sameLanguage) return sameLanguage.code
  }
  return SOURCE_LANGUAGE
}

/** The language Intl formats numbers, dates and lists in: a pseudo-locale formats as its base. */
export function intlLocaleOf(code: LanguageCode): string {
  if (code === 'en-XA') return 'en'
  if (code === 'ar-XB') return 'ar'
  return code
}

/** CLDR's order of plural categories: a plural message lists its forms in this order. */
const CATEGORY_ORDER: readonly Intl.LDMLPluralRule[] = ['zero', 'one', 'two', 'few', 'many', 'other']

/** The plural forms a message in this language has, in order (English: one, other; Arabic: all six; Japanese: other). */
export function pluralFormsOf(code: LanguageCode): Intl.LDMLPluralRule[] {
  const categories = new Intl.PluralRules(intlLocaleOf(code)).resolvedOptions().pluralCategories
  return CATEGORY_ORDER.filter((category) => categories.includes(category))
}

/** Which of a plural message's forms a count takes. */
export function pluralIndexOf(code: LanguageCode, count: number, formCount: number): number {
  const forms = pluralFormsOf(code)
  // A message with fewer forms than the language (one that does not vary) takes its last.
  if (formCount !== forms.length) return formCount - 1
  const category = new Intl.PluralRules(intlLocaleOf(code)).select(Math.abs(count))
  return Math.max(0, forms.indexOf(category))
}
