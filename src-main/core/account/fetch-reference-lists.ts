import type { ReferenceLists } from '../../../src-shared/domain/account'
import type { ApiClient } from '../api/api-client'

/**
 * Reads the four reference lists (service-api.md §4.1), templates and skins for both kinds:
 * six read calls on the default host (the kind is a query parameter there, not a host),
 * through the key's one rate limiter. They run one after another: this is background work,
 * and a burst of six would take connections and rate-limit room from uploads running at the
 * same time. One failure fails the whole read (the first stops the rest), so a cache is never
 * a mix of two moments.
 */
export async function fetchReferenceLists(client: ApiClient): Promise<ReferenceLists> {
  const flipbookTemplates = await client.listTemplates('Flipbook')
  const documentTemplates = await client.listTemplates('Document')
  const flipbookSkins = await client.listSkins('Flipbook')
  const documentSkins = await client.listSkins('Document')
  const currencies = await client.listCurrencies()
  const music = await client.listBackgroundMusic()
  return { flipbookTemplates, documentTemplates, flipbookSkins, documentSkins, currencies, music }
}
