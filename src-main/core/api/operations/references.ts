import type { DocType } from '../../../../src-shared/domain/service/item'
import type { BackgroundMusic, Currency, Skin, Template } from '../../../../src-shared/domain/service/references'
import type { ApiContext } from '../api-context'
import { toBackgroundMusic, toCurrencies, toSkins, toTemplates } from '../normalize/references'

/** The four reference lists (service-api.md §4.1). */
export function referenceOperations(api: ApiContext) {
  const read = (path: string, query?: Record<string, string | number | boolean>) =>
    api.call({ method: 'GET', path, idempotent: true, ...(query ? { query } : {}) })
  return {
    /** Templates for flipbooks (DocType 0) or documents (DocType 1). */
    async listTemplates(docType: DocType = 'Flipbook'): Promise<Template[]> {
      const answer = await read('/api/list-templates', { DocType: docType === 'Document' ? 1 : 0 })
      return api.decode(answer, (p, r) => toTemplates(p, r.gaps))
    },
    /** Skins for flipbooks (Type=false) or documents (Type=true). */
    async listSkins(docType: DocType = 'Flipbook'): Promise<Skin[]> {
      return api.decode(await read('/api/list-skins', { Type: docType === 'Document' }), (p, r) => toSkins(p, r.gaps))
    },
    async listCurrencies(): Promise<Currency[]> {
      return api.decode(await read('/api/list-currencies'), (p, r) => toCurrencies(p, r.gaps))
    },
    async listBackgroundMusic(): Promise<BackgroundMusic[]> {
      return api.decode(await read('/api/list-background-music'), (p, r) => toBackgroundMusic(p, r.gaps))
    }
  }
}
