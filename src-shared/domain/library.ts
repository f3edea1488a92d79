import { z } from 'zod'
import type { Said } from '../i18n/said'
import type { ItemDetails } from './service/item-details'
import { DOC_TYPES, SORT_KEYS, type DocType, type ItemSummary, type NewItem } from './service/item'

/**
 * An item of the library as the window holds it: the list row of its host, marked with the
 * host's kind. IDs are unique per host only, so `key` (`Flipbook:12`) names an item.
 */
export interface LibraryItem extends ItemSummary {
  key: string
  docType: DocType
  /** Absolute URL of its thumbnail image (the host's storage root + IMGPdf), null when none is known. */
  thumbnailUrl: string | null
}

export function libraryKey(docType: DocType, id: number): string {
  return `${docType}:${id}`
}

/** Where a full sync stands. */
export interface LibrarySyncState {
  /** idle: nothing running; syncing: pages being fetched; interrupted: stopped by the network or an error, resumes from where it stopped. */
  phase: 'idle' | 'syncing' | 'interrupted'
  /** Items fetched so far in this sync, and the totals the service announced (null before the first page). */
  fetched: number
  total: number | null
  /** When the last complete sync finished (ISO), null when none has. */
  syncedAt: string | null
  /** Why the sync stopped (offline, rate limited, signed out…), null when it did not. */
  message: string | null
  /** The message as the window says it in its language (absent: shown as it came). */
  said?: Said
  /** A host capped the page size asked for (the service's `Capped`). */
  capped: boolean
}

/** The whole library as last synced, for the window to show at once. */
export interface LibrarySnapshot {
  items: LibraryItem[]
  sync: LibrarySyncState
  /** Whether a document host is set (otherwise only flipbooks exist). */
  hasDocumentHost: boolean
}

/** Items that changed (added or updated) and keys that left, after a sync or an action. */
export interface LibraryChange {
  upserted: LibraryItem[]
  removed: string[]
  /**
   * Another account's library is shown now: `upserted` is every row there is (the window drops
   * whatever else it holds: search-only rows, the open item's details); `removed` still lists
   * the rows shown before, for a window that only merges.
   */
  reset?: true
  /** Whose library a reset carries (the window keeps each account's rows to show them at once when switched back). */
  accountId?: string | null
}

export const librarySortSchema = z.enum(SORT_KEYS)

/** The service's own search, sort, folder filter and paging (confirms what the window filtered locally). */
export const libraryQuerySchema = z
  .object({
    search: z.string().trim().max(200).optional(),
    folder: z.string().max(200).optional(),
    sortBy: librarySortSchema.optional(),
    sortOrder: z.enum(['ASC', 'DESC']).optional(),
    /** 1-based. */
    pageNo: z.number().int().min(1).max(100_000).default(1),
    pageSize: z.number().int().min(1).max(500).default(100),
    docTypes: z.array(z.enum(DOC_TYPES)).min(1).optional()
  })
  .strict()

export type LibraryQuery = z.input<typeof libraryQuerySchema>

/** One page of the service's answer, both hosts merged. */
export interface LibraryPage {
  items: LibraryItem[]
  /** TotalRecordCount summed over the hosts asked; null when a host did not say. */
  totalRecordCount: number | null
  /** The page size the service used (it may lower the one asked for). */
  pageSize: number | null
  capped: boolean
}

const itemId = z.number().int().positive()

export const itemRefSchema = z.object({ id: itemId, docType: z.enum(DOC_TYPES) }).strict()
export type ItemRef = z.infer<typeof itemRefSchema>

export const duplicateSchema = itemRefSchema.extend({ count: z.number().int().min(1).max(500) }).strict()

/** What a duplicate made: every copy that exists (kept when a later batch fails), and why it stopped. */
export interface DuplicateResult {
  created: NewItem[]
  /** The failure that stopped it early, null when every copy was made. */
  error: string | null
  /** The failure as the window says it in its language (absent: shown as it came). */
  said?: Said
}

export const openByLinkSchema = z
  .object({ link: z.string().trim().min(1, 'Paste a viewer link, a custom-domain link or a slug.').max(2048) })
  .strict()

/** An item's details with the item as the library shows it. */
export interface LibraryDetails {
  item: LibraryItem
  details: ItemDetails
}

/** A download of an item's PDF, streamed to a file the user chose. */
export interface DownloadResult {
  /** Null when the user cancelled the save dialog. */
  path: string | null
  bytes: number
}

export interface DownloadProgress {
  key: string
  received: number
  /** Null when the storage did not say. */
  total: number | null
}

/**
 * Replace an item's PDF from a file (path from a drop, or the OS dialog when absent) or a URL.
 * `confirmFirst` adds the replace paused, for the window to show the cover beside the new
 * first page and ask (see the uploads area's `confirmReplace`).
 */
export const replaceItemSchema = itemRefSchema
  .extend({
    path: z.string().min(1).max(4096).optional(),
    url: z.string().min(1).max(2048).optional(),
    confirmFirst: z.boolean().optional()
  })
  .strict()

/** A library key (`Flipbook:12`), as the window names an item's cover. */
export const libraryKeySchema = z.string().regex(/^(Flipbook|Document):[1-9]\d{0,15}$/, 'Not an item of the library.')

export const coverRefSchema = z.object({ key: libraryKeySchema }).strict()

/** Image types a cover may have, told by its first bytes (never by what a server says). */
export const COVER_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const
export type CoverType = (typeof COVER_TYPES)[number]

/** An item's cover as main keeps it (in the data folder, per account): the image's bytes and type. */
export interface LibraryCover {
  bytes: Uint8Array
  type: CoverType
}

/** The largest cover main keeps or hands over (a first page drawn at tile size is far smaller). */
export const MAX_COVER_BYTES = 2 * 1024 * 1024

/**
 * The first page of a PDF FlipDrop published, drawn by the window (pdf.js) at cover size, to be
 * kept as that item's cover: the job says which item, main checks it published it.
 */
export const keepCoverSchema = z
  .object({
    jobId: z.string().uuid(),
    png: z.instanceof(Uint8Array).refine((bytes) => bytes.length > 0 && bytes.length <= MAX_COVER_BYTES, 'A cover of at most 2 MiB.')
  })
  .strict()

/** Covers that changed (a new first page kept, an old one dropped): the window asks for them again. */
export interface CoversChange {
  keys: string[]
}
