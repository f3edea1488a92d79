import { contract } from '../../../src-shared/contract'
import { AppError } from '../../../src-shared/contract/errors'
import { libraryKey, type LibraryDetails, type LibraryItem, type LibrarySnapshot } from '../../../src-shared/domain/library'
import type { EnqueueResult, QueueChange } from '../../../src-shared/domain/queue'
import { DOC_TYPES, type DocType } from '../../../src-shared/domain/service/item'
import type { Settings } from '../../../src-shared/domain/settings'
import type { ApiClient } from '../api/api-client'
import type { ServiceItem } from '../api/normalize/item'
import { ServiceError } from '../api/service-error'
import type { HandlersOf } from '../area-handlers'
import type { EventSink } from '../events'
import type { Logger } from '../log'
import type { UploadQueue } from '../queue/upload-queue'
import type { ServiceConnection } from '../service/service-connection'
import { downloadPdf } from './download-pdf'
import { createLibraryCovers } from './library-covers'
import { toLibraryItem } from './library-item'
import { LibraryStore } from './library-store'
import { LibrarySync } from './library-sync'
import { mergePages } from './merge-pages'
import { rowsOfNewItems } from './new-copies'
import { followPublishedItems } from './published-items'
import { snapshotPath } from './snapshot-file'

export interface LibraryDependencies {
  dataDir: string
  connection: ServiceConnection
  /** The settings in force (environment overrides applied). */
  settings: () => Settings
  uploads: Pick<UploadQueue, 'replace'>
  emit: EventSink
  log: Logger
  /** The signed-in account's UserID, when known (the rows on disk are kept per account). */
  userId: () => string | null
  /** Sync on its own at start and when the connection changes (the app); false for the command. */
  background?: boolean
  /** The OS save dialog; null when cancelled. */
  chooseSavePath?: (defaultName: string) => Promise<string | null>
  /** The OS open dialog for PDFs (replace from a file). */
  choosePdfs?: () => Promise<string[]>
  /** The queue's changes (items just published join the library at once); none: they come with the next sync. */
  onQueueChange?: (listener: (change: QueueChange) => void) => () => void
  /** The client of an account when its key is the one in use, else null (reads belong to their account). */
  clientFor?: (accountId: string | null) => ApiClient | null
}

/** The `library` area, plus what the core needs. */
export interface LibraryService extends HandlersOf<'library'> {
  /** At once, from memory: never waits for the network. */
  snapshot(): LibrarySnapshot
  /** The OS says the network went away or came back. */
  networkChanged(online: boolean): void
  /** Who is signed in changed (or became known): another account's rows go. */
  accountChanged(): void
  /**
   * Whether an item of an account still exists: its synced row says yes at once; otherwise
   * the service is asked with that account's key, when it is in use. Only the service's "not
   * found" says no: offline, or for another account, the answer is yes (never drop a live item).
   */
  itemExists(accountId: string, docType: DocType, itemId: number): Promise<boolean>
  close(): Promise<void>
}

const NOTHING_QUEUED: EnqueueResult = { added: [], refused: [], sameContent: [] }

/**
 * The library: the last synced rows from disk at once (also offline), a full sync of both
 * hosts in the background, the service's own search, and what can be done with one item.
 * Everything a result holds is allow-listed: rows and grouped details, never a raw record.
 */
export async function createLibraryService(deps: LibraryDependencies): Promise<LibraryService> {
  const { connection } = deps
  const store = await LibraryStore.open(snapshotPath(deps.dataDir), deps.log)
  const hasDocumentHost = (): boolean => Boolean(deps.settings().documentUrl)
  const docTypes = (): DocType[] => (hasDocumentHost() ? [...DOC_TYPES] : ['Flipbook'])
  /** The host that answers for an item of a kind: its own, or the default one when no document host is set. */
  const hostOf = (docType: DocType): DocType => (docType === 'Document' && hasDocumentHost() ? 'Document' : 'Flipbook')
  const sync = new LibrarySync({
    store,
    connection,
    hosts: () => ({ docTypes: docTypes(), signature: `${deps.settings().baseUrl} ${deps.settings().documentUrl}` }),
    onState: (state) => deps.emit(contract.library.syncChanged, state),
    onChange: (change) => {
      deps.emit(contract.library.changed, change)
      // Items the service says are gone take their covers with them.
      if (change.removed.length > 0) covers.forget(change.removed)
    },
    log: deps.log
  })
  const downloads = new AbortController()
  const covers = createLibraryCovers({
    dataDir: deps.dataDir,
    store,
    network: () => connection.network(),
    emit: (change) => deps.emit(contract.library.coversChanged, change),
    log: deps.log
  })
  // The service gave an item another thumbnail: whatever FlipDrop kept shows an older first page.
  store.onThumbnailChanged = (keys) => covers.forget(keys)

  /** Keeps fresh rows in the library and tells the window, without waiting for the next sync. */
  function keep(items: LibraryItem[]): void {
    const upserted = store.upsert(items)
    if (upserted.length > 0) deps.emit(contract.library.changed, { upserted, removed: [] })
  }

  function detailsOf(found: ServiceItem, hostDocType: DocType): LibraryDetails {
    const item = toLibraryItem(found.summary, hostDocType, store.roots)
    keep([item])
    return { item, details: found.details }
  }

  const background = deps.background !== false
  /** Drops another account's rows once the signed-in account is known; a sync under way starts over. */
  function claimForAccount(): void {
    const owner = deps.userId()
    if (owner === null) return
    const removed = store.claim(owner)
    if (removed.length === 0) return
    deps.emit(contract.library.changed, { upserted: [], removed })
    if (background) sync.startOver()
  }

  const stopWatching = connection.onChange(() => {
    claimForAccount()
    covers.retryFailed()
    if (background) sync.connectionChanged()
  })
  const stopFollowing =
    deps.onQueueChange && deps.clientFor
      ? followPublishedItems({
          onQueueChange: deps.onQueueChange,
          clientFor: deps.clientFor,
          owner: () => store.owner,
          roots: () => store.roots,
          keep: (item) => keep([item]),
          covers,
          log: deps.log
        })
      : () => {}
  // Signed in already (the key loaded before the library): sync at start.
  if (background && connection.connected) void sync.sync()

  return {
    accountChanged: claimForAccount,
    async itemExists(accountId, docType, itemId) {
      // The service decides when it can be asked: the synced library may predate a delete.
      // Offline, or unsure, the item is taken to exist: a wrong "gone" would publish twice.
      if (!connection.connected || connection.accountId !== accountId) return true
      try {
        await connection.client().getItem(itemId, hostOf(docType), { retries: 0 })
        return true
      } catch (error) {
        // The library's own next sync confirms it gone and removes its row (confirm-gone.ts).
        return !(error instanceof ServiceError && error.kind === 'not-found')
      }
    },
    snapshot: () => {
      claimForAccount()
      return { items: store.all(), sync: sync.state, hasDocumentHost: hasDocumentHost() }
    },
    sync: () => sync.sync(),

    async query(input) {
      const client = connection.client()
      const hosts = (input.docTypes ?? docTypes()).filter((docType) => docType === 'Flipbook' || hasDocumentHost())
      if (hosts.length === 0) throw new AppError('document-host-missing', 'Documents need the document host. Set it in Settings, then try again.')
      const query = {
        pageNo: input.pageNo,
        pageSize: input.pageSize,
        ...(input.search ? { search: input.search } : {}),
        ...(input.folder ? { folder: input.folder } : {}),
        ...(input.sortBy ? { sortBy: input.sortBy, sortOrder: input.sortOrder ?? 'ASC' } : {})
      }
      const pages = await Promise.all(
        hosts.map(async (docType) => {
          const page = await client.listItems(query, docType)
          return { page, items: page.items.map((row) => toLibraryItem(row, docType, store.roots)) }
        })
      )
      return mergePages(pages, input.sortBy, input.sortBy ? (input.sortOrder ?? 'ASC') : undefined)
    },

    async details({ id, docType }) {
      const host = hostOf(docType)
      return detailsOf(await connection.client().getItem(id, host), host)
    },

    async openByLink({ link }) {
      const client = connection.client()
      try {
        return detailsOf(await client.findByUrl(link, 'Flipbook'), 'Flipbook')
      } catch (error) {
        // IDs and slugs are the host's: a document's link may only be known to the document host.
        if (!(error instanceof ServiceError && error.kind === 'not-found' && hasDocumentHost())) throw error
        return detailsOf(await client.findByUrl(link, 'Document'), 'Document')
      }
    },

    async duplicate({ id, docType, count }) {
      const client = connection.client()
      const host = hostOf(docType)
      const outcome = await client.duplicate(id, count, host)
      if (outcome.created.length > 0) {
        try {
          keep((await rowsOfNewItems(client, outcome.created, host)).map((row) => toLibraryItem(row, host, store.roots)))
        } catch (error) {
          deps.log.warn('The new copies could not be read yet; the next sync lists them', error)
        }
      }
      return { created: outcome.created, error: outcome.failure?.message ?? null }
    },

    async downloadPdf({ id, docType }) {
      if (!deps.chooseSavePath) throw new AppError('not-allowed', 'Saving a PDF needs the FlipDrop window.')
      const client = connection.client()
      const host = hostOf(docType)
      const key = libraryKey(docType, id)
      const name = store.get(key)?.name ?? (await client.getItem(id, host)).summary.name
      return downloadPdf({
        key,
        name,
        id,
        chooseSavePath: deps.chooseSavePath,
        pdfUrl: () => client.getPdfUrl(id, host),
        network: connection.network(),
        signal: downloads.signal,
        onProgress: (progress) => deps.emit(contract.library.downloadProgress, progress)
      })
    },

    async replace({ id, docType, path, url, confirmFirst }) {
      if (path !== undefined && url !== undefined) throw new AppError('invalid-input', 'Give either a file or a URL.')
      // The item lives on the host of its kind (IDs are per host).
      const known = store.get(libraryKey(docType, id))?.name
      const target = { itemId: id, docType: hostOf(docType), ...(confirmFirst ? { confirmFirst } : {}), ...(known ? { name: known } : {}) }
      if (path !== undefined) return deps.uploads.replace({ ...target, path })
      if (url !== undefined) return deps.uploads.replace({ ...target, url })
      if (!deps.choosePdfs) throw new AppError('not-allowed', 'Choosing a file needs the FlipDrop window.')
      const [chosen] = await deps.choosePdfs()
      return chosen === undefined ? NOTHING_QUEUED : deps.uploads.replace({ ...target, path: chosen })
    },

    cover: ({ key }) => covers.cover(key),

    async keepCover({ jobId, png }) {
      await covers.keepDrawing(jobId, png)
      return null
    },

    networkChanged: (online) => {
      if (online) covers.retryFailed()
      if (background) sync.networkChanged(online)
    },

    async close() {
      stopWatching()
      stopFollowing()
      downloads.abort()
      await sync.close()
      await store.close()
    }
  }
}
