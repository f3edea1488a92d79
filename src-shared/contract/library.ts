import { z } from 'zod'
import {
  duplicateSchema,
  itemRefSchema,
  libraryQuerySchema,
  openByLinkSchema,
  replaceItemSchema,
  type DownloadProgress,
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
  /** Queues a new PDF for the item (same ID and link): a dropped file, a URL, or one picked in the OS dialog. */
  replace: invoke<EnqueueResult>()('library:replace', replaceItemSchema),
  syncChanged: event<LibrarySyncState>()('library:syncChanged'),
  changed: event<LibraryChange>()('library:changed'),
  downloadProgress: event<DownloadProgress>()('library:downloadProgress')
}
