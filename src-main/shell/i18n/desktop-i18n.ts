import { directionOf, intlLocaleOf, SOURCE_LANGUAGE, type LanguageCode, type TextDirection } from '../../../src-shared/i18n/languages'
import { translatorFor, type Translate } from '../../core/i18n/translator'
import { speakSaid, type Said, type SaidSpeaker } from '../../../src-shared/i18n/said'
import { CORE_SENTENCE_CATALOGS } from './core-sentence-catalogs'
import { DESKTOP_CATALOGS } from './desktop-catalogs'

/*
 * The main process's one translator for the desktop's words: the menus, the tray,
 * notifications, native dialogs and the failure page, in the language main speaks now.
 */

type Named = Record<string, string | number>

let language: LanguageCode = SOURCE_LANGUAGE
let current: Translate = translatorFor(language, DESKTOP_CATALOGS)
let sentences: Translate = translatorFor(language, CORE_SENTENCE_CATALOGS)

/** A message by key ("desktop.tray.show"), in main's language; with `count`, the plural form for that count. */
export function t(key: string, named: Named = {}, count?: number): string {
  return current(key, named, count)
}

/** Speaks `code` from now on: later menus, notifications and dialogs are in it. */
export function speakDesktop(code: LanguageCode): void {
  if (code === language) return
  language = code
  current = translatorFor(code, DESKTOP_CATALOGS)
  sentences = translatorFor(code, CORE_SENTENCE_CATALOGS)
}

/** The language main speaks now. */
export function desktopLanguage(): LanguageCode {
  return language
}

export function desktopDirection(): TextDirection {
  return directionOf(language)
}

/** The locale Intl formats numbers and lists in. */
export function desktopLocale(): string {
  return intlLocaleOf(language)
}

/** A count grouped in the active language ("6,854", "6.854"). */
export function countText(value: number): string {
  return new Intl.NumberFormat(desktopLocale()).format(value)
}

/** "a, b, and c" in the active language's way. */
export function listText(items: readonly string[]): string {
  return new Intl.ListFormat(desktopLocale(), { type: 'conjunction' }).format(items)
}

/** The desktop as a speaker of the core's sentences. */
const DESKTOP: SaidSpeaker = { translate: (key, named, count) => sentences(key, named, count), count: countText, locale: desktopLocale }

/** What the core said (src-shared/i18n/core), in the desktop's language; its English when the catalog lacks it. */
export function spokenDesktop(said: Said | undefined, english: string): string {
  return speakSaid(DESKTOP, said, english)
}
