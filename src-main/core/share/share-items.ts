import { AppError } from '../../../src-shared/contract/errors'
import type { LibraryItem } from '../../../src-shared/domain/library'
import type { ShareItem, ShareRef } from '../../../src-shared/domain/share'
import { sentence } from '../i18n/sentence'

/** Where the items to share are read: the synced library at once, else the service's details of the item. */
export interface ShareItemSource {
  localItem(ref: ShareRef): LibraryItem | undefined
  details(ref: ShareRef): Promise<{ item: LibraryItem }>
}

function shareItemOf(item: LibraryItem, ref: ShareRef): ShareItem {
  if (!item.fullUrl) {
    const label = item.title ?? item.name
    throw new AppError('not-found', label ? sentence('coreShare.noPublicLink', { name: label }) : sentence('coreShare.noPublicLinkUnnamed'))
  }
  return { id: ref.id, docType: ref.docType, name: item.name, title: item.title, url: item.fullUrl, embedUrl: item.embedUrl, coverUrl: item.thumbnailUrl }
}

/** An item's names and public links from the synced library alone (no request), or null when it is not there or has no public link. */
export function localShareItem(source: Pick<ShareItemSource, 'localItem'>, ref: ShareRef): ShareItem | null {
  const item = source.localItem(ref)
  return item?.fullUrl ? shareItemOf(item, ref) : null
}

/**
 * The items' names and public links, in the order asked: from the synced library (items just
 * published join it at once), asking the service only for one it does not hold.
 */
export async function shareItems(source: ShareItemSource, refs: readonly ShareRef[]): Promise<ShareItem[]> {
  const items: ShareItem[] = []
  for (const ref of refs) items.push(shareItemOf(source.localItem(ref) ?? (await source.details(ref)).item, ref))
  return items
}
