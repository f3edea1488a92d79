/** What an item is on the service: decided by the host it was created on (service-api.md §1). */
export type DocType = 'Flipbook' | 'Document'

export const DOC_TYPES: readonly DocType[] = ['Flipbook', 'Document']

/** The two hosts of the service: the default host makes Flipbooks, the document host Documents (§1). IDs are per host. */
export const HOSTS = ['base', 'document'] as const
export type Host = (typeof HOSTS)[number]

/** The host that holds (or makes) items of a kind. */
export function hostFor(docType: DocType): Host {
  return docType === 'Document' ? 'document' : 'base'
}

/** The kind of item a host holds. */
export function docTypeOn(host: Host): DocType {
  return host === 'document' ? 'Document' : 'Flipbook'
}

/**
 * A row of the library as the renderer sees it: an allow-list of the service's fields,
 * normalized (numbers are numbers, dates ISO). Every field but `id` is null when the
 * service's answer lacked it. The full record never leaves main; credentials never do.
 */
export interface ItemSummary {
  id: number
  name: string | null
  title: string | null
  description: string | null
  docType: DocType | null
  folder: string | null
  customUrl: string | null
  fullUrl: string | null
  embedUrl: string | null
  /** ISO 8601; the service sends three different formats (§2.6), normalized once in the client. */
  createdOn: string | null
  pages: number | null
  views: number | null
  leads: number | null
  sales: number | null
  approvals: number | null
  isStarred: boolean | null
  isPublished: boolean | null
  isActive: boolean | null
  /** Relative path of the thumbnail image (IMGPdf), '' when none. */
  thumbnail: string | null
}

export const SORT_KEYS = ['Name', 'DocType', 'CreatedOn', 'NoOfViews', 'NoOfLeads'] as const
export type SortKey = (typeof SORT_KEYS)[number]
export type SortOrder = 'ASC' | 'DESC'

/** The list query (§4.4); omitted values take the service's defaults. */
export interface ListQuery {
  folder?: string
  search?: string
  pageNo?: number
  pageSize?: number
  offset?: number
  sortBy?: SortKey
  sortOrder?: SortOrder
}

export interface ListPage {
  items: ItemSummary[]
  totalRecordCount: number | null
  totalItems: number | null
  userItems: number | null
  pageSize: number | null
  /** The service lowered the page size we asked for. */
  capped: boolean | null
}

/** A new item's ID and viewer URL (create and duplicate answers carry the ID as a string). */
export interface NewItem {
  id: number
  url: string
}
