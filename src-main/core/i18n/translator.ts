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
import { pluralIndexOf, PSEUDO_LANGUAGES, SHIPPED_LANGUAGES, SOURCE_LANGUAGE, type LanguageCode } from '../../../src-shared/i18n/languages'
import type { CatalogTree } from '../../../src-shared/i18n/pseudo'

/*
 * The main process's translator over JSON catalogs (the desktop's words, the core's English
 * sentences). Electron-free. The window's catalogs are compiled at build time (its CSP refuses
 * eval); main has no CSP and reads the JSON catalogs as they are, so core-base's message
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
