import { AppError } from '../../../src-shared/contract/errors'
import type { DocType } from '../../../src-shared/domain/service/item'
import type { ApiClient } from '../api/api-client'
import { ServiceError } from '../api/service-error'
import { sentence } from '../i18n/sentence'

/** What a link remembers of its item: name and share link, read on the item's own host. */
export async function describeItem(client: ApiClient | null, itemId: number, docType: DocType): Promise<{ name: string; url: string | null }> {
  if (!client) throw new AppError('signed-out', sentence('coreLinks.signInToLink'))
  try {
    const { summary } = await client.getItem(itemId, docType)
    return { name: summary.name ?? `${docType} ${itemId}`, url: summary.fullUrl }
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'not-found') {
      throw new AppError('not-found', sentence(docType === 'Document' ? 'coreLinks.documentNotFound' : 'coreLinks.flipbookNotFound'))
    }
    throw error
  }
}
