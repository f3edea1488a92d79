import type { CatalogTree } from '../../../src-shared/i18n/pseudo'
import type { LanguageCode } from '../../../src-shared/i18n/languages'
import en from '../../../src-shared/i18n/desktop/desktop/en.json'
import de from '../../../src-shared/i18n/desktop/desktop/de.json'
import fr from '../../../src-shared/i18n/desktop/desktop/fr.json'
import es from '../../../src-shared/i18n/desktop/desktop/es.json'
import ptBR from '../../../src-shared/i18n/desktop/desktop/pt-BR.json'
import it from '../../../src-shared/i18n/desktop/desktop/it.json'
import nl from '../../../src-shared/i18n/desktop/desktop/nl.json'
import ja from '../../../src-shared/i18n/desktop/desktop/ja.json'
import zhCN from '../../../src-shared/i18n/desktop/desktop/zh-CN.json'
import ar from '../../../src-shared/i18n/desktop/desktop/ar.json'
import enXA from '../../../src-shared/i18n/desktop/desktop/en-XA.json'
import arXB from '../../../src-shared/i18n/desktop/desktop/ar-XB.json'

/*
 * Every language's desktop catalog, imported at build time: main's bundle is not loaded over a
 * network, and a menu must be relabelled at once when the language changes, so all are in.
 * One area today (src-shared/i18n/desktop/desktop); another area is one more import per language.
 */

export const DESKTOP_CATALOGS: Record<LanguageCode, { desktop: CatalogTree }> = {
  'en': { desktop: en },
  'de': { desktop: de },
  'fr': { desktop: fr },
  'es': { desktop: es },
  'pt-BR': { desktop: ptBR },
  'it': { desktop: it },
  'nl': { desktop: nl },
  'ja': { desktop: ja },
  'zh-CN': { desktop: zhCN },
  'ar': { desktop: ar },
  'en-XA': { desktop: enXA },
  'ar-XB': { desktop: arXB }
}
