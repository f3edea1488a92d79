import {
  compile,
  createCoreContext,
  fallbackWithLocaleChain,
  registerLocaleFallbacker,
  registerMessageCompiler,
  registerMessageResolver,
  resolveValue,
  translate,
  type CoreContext
} from '@intlify/core-base'
import { directionOf, intlLocaleOf, pluralIndexOf, PSEUDO_LANGUAGES, SHIPPED_LANGUAGES, SOURCE_LANGUAGE, type LanguageCode, type TextDirection } from '../../../src-shared/i18n/languages'
import type { CatalogTree } from '../../../src-shared/i18n/pseudo'
import { DESKTOP_CATALOGS } from './desktop-catalogs'

/*
 * The main process's one translator, for the menus, the tray, notifications, native dialogs and
 * the failure page. Electron-free. The window's catalogs are compiled at build time (its CSP
 * refuses eval); main has no CSP and reads the JSON catalogs as they are, so core-base's message
 * compiler runs here (its JIT mode builds each message from its syntax tree, no eval either).
 * Same plural rules as the window; a missing message falls back to English, never to the key.
 */

registerMessageCompiler(compile)
registerMessageResolver(resolveValue)
registerLocaleFallbacker(fallbackWithLocaleChain)

const LANGUAGES = [...SHIPPED_LANGUAGES, ...PSEUDO_LANGUAGES].map((language) => language.code)

const pluralRules = Object.fromEntries(LANGUAGES.map((code) => [code, (choice: number, choices: number) => pluralIndexOf(code, choice, choices)]))

type Named = Record<string, string | number>
export type Translate = (key: string, named?: Named, count?: number) => string
export type Catalogs = Partial<Record<LanguageCode, Record<string, CatalogTree>>>

/** A translator for one language over these catalogs, falling back to English message by message. */
export function translatorFor(locale: LanguageCode, messages: Catalogs): Translate {
  const context = createCoreContext({
    locale,
    fallbackLocale: SOURCE_LANGUAGE,
    messages,
    pluralRules,
    missingWarn: false,
    fallbackWarn: false,
    warnHtmlMessage: false
  }) as CoreContext
  return (key, named = {}, count) => {
    const message = count === undefined ? translate(context, key, named) : translate(context, key, named, count)
    // core-base answers the key itself for one missing in English too (a typo the catalog test
    // cannot see): nothing is shown rather than the key.
    return typeof message === 'string' && message !== key ? message : ''
  }
}

let language: LanguageCode = SOURCE_LANGUAGE
let current: Translate = translatorFor(language, DESKTOP_CATALOGS)

/** A message by key ("desktop.tray.show"), in main's language; with `count`, the plural form for that count. */
export function t(key: string, named: Named = {}, count?: number): string {
  return current(key, named, count)
}

/** Speaks `code` from now on: later menus, notifications and dialogs are in it. */
export function speakDesktop(code: LanguageCode): void {
  if (code === language) return
  language = code
  current = translatorFor(code, DESKTOP_CATALOGS)
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
