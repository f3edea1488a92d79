import type { CatalogTree } from '../../../src-shared/i18n/pseudo'
import type { LanguageCode } from '../../../src-shared/i18n/languages'
import en from '../../../src-shared/i18n/desktop/desktop/en.json'
import enXA from '../../../src-shared/i18n/desktop/desktop/en-XA.json'
import arXB from '../../../src-shared/i18n/desktop/desktop/ar-XB.json'

/*
 * Every language's desktop catalog, imported at build time: main's bundle is not loaded over a
 * network, and a menu must be relabelled at once when the language changes, so all are in.
 * One area today (src-shared/i18n/desktop/desktop); another area is one more import per language.
 */

export const DESKTOP_CATALOGS: Partial<Record<LanguageCode, { desktop: CatalogTree }>> = {
  'en': { desktop: en },
  'en-XA': { desktop: enXA },
  'ar-XB': { desktop: arXB }
}
