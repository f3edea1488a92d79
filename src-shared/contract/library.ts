import { z } from 'zod'
import {
  coverRefSchema,
  duplicateSchema,
  keepCoverSchema,
  itemRefSchema,
  libraryQuerySchema,
  openByLinkSchema,
  replaceItemSchema,
  type CoversChange,
  type DownloadProgress,
  type LibraryCover,
  type DownloadResult,
  type DuplicateResult,
  type LibraryChange,
  type LibraryDetails,
  type LibraryPage,
  type LibrarySnapshot,
  type LibrarySyncState
} from '../domain/library'
import type { EnqueueResult } from '../domain/queue'
import { event, invoke } from './define'

/** The `library` area: every flipbook and document, synced to disk, and what can be done with them. */
export const library = {
  /** The last synced library from disk, at once (also offline). */
  snapshot: invoke<LibrarySnapshot>()('library:snapshot', z.undefined()),
  /** Starts a full sync of both hosts (or resumes an interrupted one); a running one is joined. */
  sync: invoke<LibrarySyncState>()('library:sync', z.undefined()),
  /** One page of the service's own search/sort/folder answer, both hosts merged. */
  query: invoke<LibraryPage>()('library:query', libraryQuerySchema),
  details: invoke<LibraryDetails>()('library:details', itemRefSchema),
  /** Finds an item by a viewer URL, a custom-domain URL or a bare slug. */
  openByLink: invoke<LibraryDetails>()('library:openByLink', openByLinkSchema),
  duplicate: invoke<DuplicateResult>()('library:duplicate', duplicateSchema),
  /** Asks where to save (OS dialog in main) and streams the item's PDF there. */
  downloadPdf: invoke<DownloadResult>()('library:downloadPdf', itemRefSchema),
  /** Shows a PDF "Download PDF" saved, selected in its folder (the OS file manager); no other path. */
  showDownload: invoke<undefined>()('library:showDownload', z.string().min(1).max(4096)),
  /**
   * Queues a new PDF for the item (same ID and link): a dropped file, a URL, or one picked in
   * the OS dialog. With `confirmFirst` it waits, paused, for `uploads.confirmReplace`.
   */
  replace: invoke<EnqueueResult>()('library:replace', replaceItemSchema),
  /**
   * An item's cover from the data folder, fetched by main first when it has none (through
   * the service's proxy and certificates, http or https); null when none can be had now.
   */
  cover: invoke<LibraryCover | null>()('library:cover', coverRefSchema),
  /** Keeps the window's drawing of a published PDF's first page as its item's cover. */
  keepCover: invoke<null>()('library:keepCover', keepCoverSchema),
  coversChanged: event<CoversChange>()('library:coversChanged'),
  syncChanged: event<LibrarySyncState>()('library:syncChanged'),
  changed: event<LibraryChange>()('library:changed'),
  downloadProgress: event<DownloadProgress>()('library:downloadProgress')
}
