import { contract } from '../../../src-shared/contract'
import { AppError } from '../../../src-shared/contract/errors'
import { libraryKey, type LibraryDetails, type LibraryItem, type LibrarySnapshot, type LibrarySyncState } from '../../../src-shared/domain/library'
import type { EnqueueResult, QueueChange } from '../../../src-shared/domain/queue'
import { DOC_TYPES, type DocType, type ItemSummary } from '../../../src-shared/domain/service/item'
import type { Settings } from '../../../src-shared/domain/settings'
import type { ApiClient } from '../api/api-client'
import type { ServiceItem } from '../api/normalize/item'
import { explain, ServiceError } from '../api/service-error'
import type { HandlersOf } from '../area-handlers'
import type { EventSink } from '../events'
import { sentence } from '../i18n/sentence'
import type { Logger } from '../log'
import type { UploadQueue } from '../queue/upload-queue'
import type { ServiceConnection } from '../service/service-connection'
import { downloadPdf } from './download-pdf'
import { createLibraryCovers } from './library-covers'
import { toLibraryItem } from './library-item'
import type { LibraryStore } from './library-store'
import { LibraryStores } from './library-stores'
import { LibrarySync, type SyncHosts } from './library-sync'
import { mergePages } from './merge-pages'
import { rowsOfNewItems } from './new-copies'
import { followPublishedItems } from './published-items'
import { interruptionOf, SIGNED_OUT } from './sync-interruption'

export interface LibraryDependencies {
  dataDir: string
  connection: ServiceConnection
  /** The settings in force (environment overrides applied). */
  settings: () => Settings
  uploads: Pick<UploadQueue, 'replace'>
  emit: EventSink
  log: Logger
  /** The current account's UserID, when known: the library shown is its own (each account's rows are kept apart). */
  userId: () => string | null
  /** Sync on its own at start and when the connection or the account changes (the app); false for the command. */
  background?: boolean
  /** The OS save dialog; null when cancelled. */
  chooseSavePath?: (defaultName: string) => Promise<string | null>
  /** Shows a file selected in its folder (Electron's shell in main; the test host records it). */
  showInFolder?: (path: string) => void
  /** The OS open dialog for PDFs (replace from a file). */
  choosePdfs?: () => Promise<string[]>
  /** The queue's changes (items just published join the library at once); none: they come with the next sync. */
  onQueueChange?: (listener: (change: QueueChange) => void) => () => void
  /** Tests' own answer to whose client reads an account's items; the app's is the connection's `clientFor`. */
  clientFor?: (accountId: string | null) => ApiClient | null
  /** First wait before an interrupted sync tries again by itself; tests lengthen it. */
  syncRetryMs?: number
  /** A complete sync of an account read every item (readers' numbers keep them as a sample). */
  onSynced?: (accountId: string, items: LibraryItem[], gone: string[]) => void
}

/** The `library` area, plus what the core needs. */
export interface LibraryService extends HandlersOf<'library'> {
  /** At once, from memory: never waits for the network. */
  snapshot(): LibrarySnapshot
  /** An item of the library shown, from memory (undefined when it is not synced here). */
  localItem(ref: { id: number; docType: DocType }): LibraryItem | undefined
  /** The OS says the network went away or came back. */
  networkChanged(online: boolean): void
  /**
   * The current account changed (or became known): the window is given its library at once
   * (from memory once opened), with its sync state, and a sync of it starts in the background.
   */
  accountChanged(): void
  /** Reads these accounts' libraries from disk now, so switching to one shows its rows at once. */
  preload(accountIds: readonly string[]): Promise<void>
  /** The account signed out: its library file and covers go, and it leaves memory (the others stay). */
  forget(accountId: string): Promise<void>
  /**
   * Whether an item of an account still exists: the service is asked with that account's key,
   * when it is held. Only the service's "not found" says no: offline, or with no key of that
   * account here, the answer is yes (never drop a live item).
   */
  itemExists(accountId: string, docType: DocType, itemId: number): Promise<boolean>
  /** An item of an account's library, from memory when it is open (its name and link now). */
  accountItem(accountId: string, key: string): LibraryItem | undefined
  /** Rows a counts refresh read with the account's own key: their fresh totals join its library. */
  takeRows(accountId: string, rows: readonly ItemSummary[], hostDocType: DocType): void
  close(): Promise<void>
}

/** One account's library: its rows (its own file) and its own sync, which only ever uses its client. */
interface AccountLibrary {
  accountId: string
  store: LibraryStore
  sync: LibrarySync
}

const NOTHING_QUEUED: EnqueueResult = { added: [], refused: [], sameContent: [] }
/** The sync state shown while no account is. */
const NO_SYNC: LibrarySyncState = { phase: 'idle', fetched: 0, total: null, syncedAt: null, message: null, capped: false }

/**
 * The library: each account's last synced rows from its own file (also offline), kept in
 * memory once read so switching accounts shows the other's at once; a full sync of both hosts
 * in the background for the account shown, the service's own search, and what can be done
 * with one item. Everything a result holds is allow-listed: rows and grouped details, never a
 * raw record. A row of one account never lands in another's library.
 */
export async function createLibraryService(deps: LibraryDependencies): Promise<LibraryService> {
  const { connection } = deps
  const stores = await LibraryStores.open(deps.dataDir, deps.log)
  const hasDocumentHost = (): boolean => Boolean(deps.settings().documentUrl)
  const docTypes = (): DocType[] => (hasDocumentHost() ? [...DOC_TYPES] : ['Flipbook'])
  /** The host that answers for an item of a kind: its own, or the default one when no document host is set. */
  const hostOf = (docType: DocType): DocType => (docType === 'Document' && hasDocumentHost() ? 'Document' : 'Flipbook')
  const hosts = (): SyncHosts => ({ docTypes: docTypes(), signature: `${deps.settings().baseUrl} ${deps.settings().documentUrl}` })
  const background = deps.background !== false
  const libraries = new Map<string, AccountLibrary>()
  /** The account the window is shown (its library may still be opening), and its library once open. */
  let shownId: string | null = null
  let shown: AccountLibrary | null = null
  const isShown = (library: AccountLibrary): boolean => shown === library

  /** The client of an account whose key is held and confirmed here (the connection's one answer). */
  function confirmedClient(accountId: string | null): ApiClient | null {
    return (deps.clientFor ?? connection.clientFor)(accountId)
  }

  /**
   * The client that syncs an account: its own confirmed one; or, until whoami confirms the
   * current key (an offline start), the current key's when the account is the one shown: the
   * same trust the rows on screen already have. Another account's client is never used.
   */
  function readerOf(accountId: string): ApiClient | null {
    const own = confirmedClient(accountId)
    if (own || !connection.connected) return own
    return (connection.accountId ?? deps.userId()) === accountId ? connection.client() : null
  }

  const covers = createLibraryCovers({
    dataDir: deps.dataDir,
    shown: () => {
      const library = shown
      return library ? { accountId: library.accountId, get: (key) => library.store.get(key) } : null
    },
    network: () => connection.network(),
    emit: (change) => deps.emit(contract.library.coversChanged, change),
    log: deps.log
  })

  function libraryFor(accountId: string, store: LibraryStore): AccountLibrary {
    const known = libraries.get(accountId)
    if (known?.store === store) return known
    // The store was opened again (it made way for the legacy rows): the old sync goes with it.
    if (known) void known.sync.close()
    const library: AccountLibrary = {
      accountId,
      store,
      sync: new LibrarySync({
        store,
        ...(deps.syncRetryMs !== undefined ? { firstRetryMs: deps.syncRetryMs } : {}),
        connection: {
          get connected() {
            return readerOf(accountId) !== null
          },
          client() {
            const client = readerOf(accountId)
            if (!client) throw new AppError('signed-out', sentence('coreLibrary.signInFirst'))
            return client
          }
        },
        hosts,
        // Only the library shown speaks to the window; another's progress is kept for when it is shown.
        onState: (state) => {
          if (isShown(library)) deps.emit(contract.library.syncChanged, state)
        },
        onChange: (change) => {
          if (isShown(library)) deps.emit(contract.library.changed, change)
          // Items the service says are gone take their covers with them.
          if (change.removed.length > 0) covers.forget(accountId, change.removed)
        },
        log: deps.log,
        ...(deps.onSynced ? { onComplete: (items: LibraryItem[], gone: string[]) => deps.onSynced?.(accountId, items, gone) } : {})
      })
    }
    // The service gave an item another thumbnail: whatever FlipDrop kept shows an older first page.
    store.onThumbnailChanged = (keys) => covers.forget(accountId, keys)
    libraries.set(accountId, library)
    return library
  }

  /** An account's library when it is open (never waits); `claim`: it is about to be shown. */
  function openLibrary(accountId: string, claim = false): AccountLibrary | undefined {
    const store = stores.get(accountId, claim)
    return store ? libraryFor(accountId, store) : undefined
  }

  async function libraryOf(accountId: string, claim = false): Promise<AccountLibrary> {
    return openLibrary(accountId, claim) ?? libraryFor(accountId, await stores.open(accountId, claim))
  }

  /**
   * Replaces what the window shows with another library, in one change (`reset`: the rows
   * sent are all there is; `removed` lists the old ones for a window that only merges), and
   * its sync state; then its sync starts (or carries on) when syncing on its own.
   */
  function show(next: AccountLibrary | null): void {
    const before = shown
    shown = next
    deps.emit(contract.library.changed, { upserted: next?.store.all() ?? [], removed: before ? [...before.store.keys()] : [], reset: true, accountId: next?.accountId ?? null })
    deps.emit(contract.library.syncChanged, next?.sync.state ?? NO_SYNC)
    if (next && background) next.sync.connectionChanged()
  }

  /** Shows the current account's library if another is shown: at once when it is open, else as soon as it is read. */
  function followAccount(): void {
    const wanted = deps.userId()
    if (wanted === shownId) return
    shownId = wanted
    // The account shown before stops syncing: its late answers are dropped, never shown as this one's.
    shown?.sync.pause()
    if (wanted === null) return show(null)
    const ready = openLibrary(wanted, true)
    if (ready) return show(ready)
    // Read for the first time: nothing of the old account stays on screen meanwhile.
    if (shown) show(null)
    void libraryOf(wanted, true).then(
      (library) => {
        // Unless the account changed again meanwhile, or signed out (its library was forgotten).
        if (shownId === wanted && shown !== library && libraries.get(wanted) === library) show(library)
      },
      (error: unknown) => deps.log.warn('The library of the account could not be opened', error)
    )
  }

  /** Keeps fresh rows in an account's library and tells the window when it shows it, without waiting for the next sync. */
  function keepIn(library: AccountLibrary, items: LibraryItem[]): void {
    const upserted = library.store.upsert(items)
    if (upserted.length > 0 && isShown(library)) deps.emit(contract.library.changed, { upserted, removed: [] })
  }

  /** The current key's client, and whose rows its answers are (the account shown until whoami confirms the key). */
  function current(): { client: ApiClient; accountId: string | null } {
    const client = connection.client()
    return { client, accountId: connection.accountId ?? deps.userId() }
  }

  /** Turns rows the current key read into library rows, kept in the library of the account that asked. */
  function keepRows(accountId: string | null, rows: ItemSummary[], hostDocType: DocType): LibraryItem[] {
    const library = accountId === null ? undefined : openLibrary(accountId)
    const items = rows.map((row) => toLibraryItem(row, hostDocType, library?.store.roots ?? {}))
    if (library) keepIn(library, items)
    else if (accountId !== null) void libraryOf(accountId).then((opened) => keepIn(opened, items))
    return items
  }

  function detailsOf(accountId: string | null, found: ServiceItem, hostDocType: DocType): LibraryDetails {
    const [item] = keepRows(accountId, [found.summary], hostDocType)
    if (!item) throw new Error('unreachable: one row in, one row out')
    return { item, details: found.details }
  }

  const downloads = new AbortController()
  /** The files "Download PDF" saved while this runs: the only ones "Show in folder" shows. */
  const savedDownloads = new Set<string>()
  const stopWatching = connection.onChange(() => {
    followAccount()
    covers.retryFailed()
    if (background) shown?.sync.connectionChanged()
  })
  const stopFollowing =
    deps.onQueueChange
      ? followPublishedItems({
          onQueueChange: deps.onQueueChange,
          clientFor: confirmedClient,
          keep: async (accountId, summary, host) => {
            const library = await libraryOf(accountId)
            const item = toLibraryItem(summary, host, library.store.roots)
            keepIn(library, [item])
            return item
          },
          covers,
          log: deps.log
        })
      : () => {}

  // The account known at start (the one signed in before) is read now: the window's first ask finds its rows.
  const first = deps.userId()
  shownId = first
  if (first !== null) {
    const library = await libraryOf(first, true)
    // Unless the account changed while it was read (then that one is shown already, or on its way).
    if (shownId === first && shown === null) shown = library
  }
  // Signed in already (the key loaded before the library): sync at start.
  if (background && shown && readerOf(shown.accountId)) void shown.sync.sync()

  /** The library shown, once it is read (the account may have just changed). */
  async function shownLibrary(): Promise<AccountLibrary | null> {
    followAccount()
    if (shownId === null) return null
    return shown?.accountId === shownId ? shown : libraryOf(shownId, true)
  }

  return {
    accountChanged: followAccount,

    async preload(accountIds) {
      await Promise.all(
        accountIds.map((accountId) =>
          libraryOf(accountId, accountId === deps.userId()).catch((error: unknown) => {
            deps.log.warn('A library could not be read ahead; it is read when its account is shown', error)
          })
        )
      )
      // The account shown may have been waiting for one of these.
      followAccount()
    },

    async forget(accountId) {
      // An opening under way ends first; then nothing of the account is written again.
      await stores.forget(accountId)
      const library = libraries.get(accountId)
      libraries.delete(accountId)
      await library?.sync.close()
      if (library && isShown(library)) show(null)
      // Shown (or on its way): looked at afresh when the account is next followed (empty, if it is still the current one).
      if (shownId === accountId) shownId = null
      await covers.forgetAccount(accountId)
    },

    async itemExists(accountId, docType, itemId) {
      // The service decides when it can be asked: the synced library may predate a delete.
      // Offline, or unsure, the item is taken to exist: a wrong "gone" would publish twice.
      const client = confirmedClient(accountId)
      if (!client) return true
      try {
        await client.getItem(itemId, hostOf(docType), { retries: 0 })
        return true
      } catch (error) {
        // The library's own next sync confirms it gone and removes its row (confirm-gone.ts).
        return !(error instanceof ServiceError && error.kind === 'not-found')
      }
    },

    accountItem: (accountId, key) => openLibrary(accountId)?.store.get(key),

    takeRows(accountId, rows, hostDocType) {
      keepRows(accountId, [...rows], hostDocType)
    },

    localItem: ({ id, docType }) => {
      followAccount()
      return shown?.store.get(libraryKey(docType, id))
    },

    snapshot: () => {
      followAccount()
      return { items: shown?.store.all() ?? [], sync: shown?.sync.state ?? NO_SYNC, hasDocumentHost: hasDocumentHost() }
    },

    async sync() {
      let library = await shownLibrary()
      if (!library && connection.connected && connection.accountId === null) {
        // A key whose account is not known yet (a first start): the service says whose it is, then that library syncs.
        try {
          await connection.client().whoami()
        } catch (error) {
          const interruption = interruptionOf(error)
          return { ...NO_SYNC, phase: 'interrupted', message: interruption.message, said: interruption.said }
        }
        library = await shownLibrary()
      }
      return library ? library.sync.sync() : { ...NO_SYNC, phase: 'interrupted', message: SIGNED_OUT.message, said: SIGNED_OUT.said }
    },

    async query(input) {
      const { client, accountId } = current()
      const roots = (accountId === null ? undefined : openLibrary(accountId))?.store.roots ?? {}
      const hosts = (input.docTypes ?? docTypes()).filter((docType) => docType === 'Flipbook' || hasDocumentHost())
      if (hosts.length === 0) throw new AppError('document-host-missing', explain.documentHostMissing())
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
          return { page, items: page.items.map((row) => toLibraryItem(row, docType, roots)) }
        })
      )
      return mergePages(pages, input.sortBy, input.sortBy ? (input.sortOrder ?? 'ASC') : undefined)
    },

    async details({ id, docType }) {
      const { client, accountId } = current()
      const host = hostOf(docType)
      return detailsOf(accountId, await client.getItem(id, host), host)
    },

    async openByLink({ link }) {
      const { client, accountId } = current()
      try {
        return detailsOf(accountId, await client.findByUrl(link, 'Flipbook'), 'Flipbook')
      } catch (error) {
        // IDs and slugs are the host's: a document's link may only be known to the document host.
        if (!(error instanceof ServiceError && error.kind === 'not-found' && hasDocumentHost())) throw error
        return detailsOf(accountId, await client.findByUrl(link, 'Document'), 'Document')
      }
    },

    async duplicate({ id, docType, count }) {
      const { client, accountId } = current()
      const host = hostOf(docType)
      const outcome = await client.duplicate(id, count, host)
      if (outcome.created.length > 0) {
        try {
          keepRows(accountId, await rowsOfNewItems(client, outcome.created, host), host)
        } catch (error) {
          deps.log.warn('The new copies could not be read yet; the next sync lists them', error)
        }
      }
      const said = outcome.failure?.said
      return { created: outcome.created, error: outcome.failure?.message ?? null, ...(said ? { said } : {}) }
    },

    async downloadPdf({ id, docType }) {
      if (!deps.chooseSavePath) throw new AppError('not-allowed', sentence('coreLibrary.saveNeedsWindow'))
      const client = connection.client()
      const host = hostOf(docType)
      const key = libraryKey(docType, id)
      const name = shown?.store.get(key)?.name ?? (await client.getItem(id, host)).summary.name
      const saved = await downloadPdf({
        key,
        name,
        id,
        chooseSavePath: deps.chooseSavePath,
        pdfUrl: () => client.getPdfUrl(id, host),
        network: connection.network(),
        signal: downloads.signal,
        onProgress: (progress) => deps.emit(contract.library.downloadProgress, progress)
      })
      if (saved.path !== null) savedDownloads.add(saved.path)
      return saved
    },

    showDownload(path) {
      if (!deps.showInFolder) throw new AppError('not-allowed', sentence('coreLibrary.showNeedsWindow'))
      // Only what this window saved: a path from the renderer is never opened on its word alone.
      if (!savedDownloads.has(path)) throw new AppError('not-allowed', sentence('coreLibrary.onlySavedPdfs'))
      deps.showInFolder(path)
      return undefined
    },

    async replace({ id, docType, path, url, confirmFirst }) {
      if (path !== undefined && url !== undefined) throw new AppError('invalid-input', sentence('coreLibrary.fileOrUrl'))
      // The item lives on the host of its kind (IDs are per host).
      const known = shown?.store.get(libraryKey(docType, id))?.name
      const target = { itemId: id, docType: hostOf(docType), ...(confirmFirst ? { confirmFirst } : {}), ...(known ? { name: known } : {}) }
      if (path !== undefined) return deps.uploads.replace({ ...target, path })
      if (url !== undefined) return deps.uploads.replace({ ...target, url })
      if (!deps.choosePdfs) throw new AppError('not-allowed', sentence('coreLibrary.chooseNeedsWindow'))
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
      if (background) shown?.sync.networkChanged(online)
    },

    async close() {
      stopWatching()
      stopFollowing()
      downloads.abort()
      await Promise.all([...libraries.values()].map((library) => library.sync.close()))
      await stores.close()
    }
  }
}
