/** What an item is on the service: decided by the host it was created on (service-api.md §1). */
export type DocType = 'Flipbook' | 'Document'

export const DOC_TYPES: readonly DocType[] = ['Flipbook', 'Document']

/** A row of the library, normalized: numbers are numbers, dates are ISO strings. */
export interface ItemSummary {
  id: number
  name: string
  title: string
  description: string
  docType: DocType
  folder: string
  customUrl: string
  fullUrl: string
  embedUrl: string
  /** ISO 8601; the service sends three different formats (§2.6), normalized once in the client. */
  createdOn: string | null
  pages: number
  views: number
  leads: number
  sales: number
  approvals: number
  isStarred: boolean
  isPublished: boolean
  isActive: boolean
  /** Relative path of the thumbnail image (IMGPdf), '' when none. */
  thumbnail: string
  /** Every field the service sent, as sent; nothing is dropped (§2.6 lists ~190). */
  raw: Record<string, unknown>
}

/** The full record of one item (get, find-by-url). */
export type Item = ItemSummary

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
  totalRecordCount: number
  totalItems: number
  userItems: number
  pageSize: number
  /** The service lowered the page size we asked for. */
  capped: boolean
}

/** A new item's ID and viewer URL (create and duplicate answers carry the ID as a string). */
export interface NewItem {
  id: number
  url: string
}
