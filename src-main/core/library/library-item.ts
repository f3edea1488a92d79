import { libraryKey, type LibraryItem } from '../../../src-shared/domain/library'
import type { DocType, ItemSummary } from '../../../src-shared/domain/service/item'

/** Where each kind's stored files are public: `root + relative path` is a file's URL. */
export type StorageRoots = Partial<Record<DocType, string>>

/**
 * The absolute URL of a thumbnail: the storage root of its kind + IMGPdf (a relative path,
 * §2.6). Null when the item has none or the root is not known yet; an absolute IMGPdf is kept.
 */
export function thumbnailUrl(thumbnail: string | null, root: string | undefined): string | null {
  if (!thumbnail) return null
  if (/^https?:\/\//i.test(thumbnail)) return thumbnail
  if (!root) return null
  return `${root}${thumbnail.replace(/^\/+/, '')}`
}

/**
 * A row as the library holds it. The row's own DocType names it when it says (a host may list
 * both kinds); otherwise the kind of the host it came from.
 */
export function toLibraryItem(summary: ItemSummary, hostDocType: DocType, roots: StorageRoots): LibraryItem {
  const docType = summary.docType ?? hostDocType
  return { ...summary, key: libraryKey(docType, summary.id), docType, thumbnailUrl: thumbnailUrl(summary.thumbnail, roots[docType]) }
}

/** The fields of an item in a fixed order, to tell whether a fresh row changed anything. */
const FIELDS: readonly (keyof LibraryItem)[] = [
  'key', 'id', 'name', 'title', 'description', 'docType', 'folder', 'customUrl', 'fullUrl', 'embedUrl', 'createdOn', 'pages',
  'views', 'leads', 'sales', 'approvals', 'isStarred', 'isPublished', 'isActive', 'thumbnail', 'thumbnailUrl'
]

export function sameItem(a: LibraryItem, b: LibraryItem): boolean {
  return FIELDS.every((field) => a[field] === b[field])
}

/** Only the allow-listed fields: what is kept on disk and sent to the window, nothing else a row carried. */
export function pickItem(item: LibraryItem): LibraryItem {
  const out: Record<string, unknown> = {}
  for (const field of FIELDS) out[field] = item[field]
  return out as unknown as LibraryItem
}
