import type { CatalogTree } from '../../../src-shared/i18n/pseudo'
import coreAccount from '../../../src-shared/i18n/core/coreAccount/en.json' with { type: 'json' }
import coreApp from '../../../src-shared/i18n/core/coreApp/en.json' with { type: 'json' }
import coreLibrary from '../../../src-shared/i18n/core/coreLibrary/en.json' with { type: 'json' }
import coreLinks from '../../../src-shared/i18n/core/coreLinks/en.json' with { type: 'json' }
import coreQueue from '../../../src-shared/i18n/core/coreQueue/en.json' with { type: 'json' }
import coreService from '../../../src-shared/i18n/core/coreService/en.json' with { type: 'json' }
import coreShare from '../../../src-shared/i18n/core/coreShare/en.json' with { type: 'json' }

/*
 * The core's sentences in English, by area (src-shared/i18n/core/<area>/en.json): the text the
 * command prints and the log keeps. The window has every language of the same catalogs.
 * A new area is one more import here.
 */

export const CORE_ENGLISH: Record<string, CatalogTree> = {
  coreAccount,
  coreApp,
  coreLibrary,
  coreLinks,
  coreQueue,
  coreService,
  coreShare
}
