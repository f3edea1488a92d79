import { AppError } from '../../../src-shared/contract/errors'
import type { DocType } from '../../../src-shared/domain/service/item'
import type { ApiClient } from '../api/api-client'
import { ServiceError } from '../api/service-error'

/** What a link remembers of its item: name, kind and share link, read from the service. */
export async function describeItem(client: ApiClient | null, itemId: number): Promise<{ name: string; docType: DocType; url: string | null }> {
  if (!client) throw new AppError('signed-out', 'Sign in to link a file to an item.')
  try {
    const { summary } = await client.getItem(itemId)
    return { name: summary.name ?? `Item ${itemId}`, docType: summary.docType ?? 'Flipbook', url: summary.fullUrl }
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'not-found') {
      throw new AppError('not-found', `Item ${itemId} was not found on the service, or it belongs to another account.`)
    }
    throw error
  }
}
