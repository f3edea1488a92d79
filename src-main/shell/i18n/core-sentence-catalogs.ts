/// <reference types="vite/client" />
import type { LanguageCode } from '../../../src-shared/i18n/languages'
import type { CatalogTree } from '../../../src-shared/i18n/pseudo'
import type { Catalogs } from '../../core/i18n/translator'

/*
 * The core's sentences in every language (src-shared/i18n/core/<area>/<language>.json), for what
 * the desktop says of them: a notification that an upload failed says why in the desktop's language.
 */

const files = import.meta.glob<CatalogTree>('../../../src-shared/i18n/core/*/*.json', { eager: true, import: 'default' })

export const CORE_SENTENCE_CATALOGS: Catalogs = {}
for (const [path, tree] of Object.entries(files)) {
  const [area = '', file = ''] = path.split('/').slice(-2)
  const language = file.replace(/\.json$/, '') as LanguageCode
  CORE_SENTENCE_CATALOGS[language] = { ...CORE_SENTENCE_CATALOGS[language], [area]: tree }
}
