import type { LibraryChange, LibraryItem, LibrarySyncState } from '../../../src-shared/domain/library'
import type { DocType, ItemSummary } from '../../../src-shared/domain/service/item'
import type { ApiClient } from '../api/api-client'
import { sentence } from '../i18n/sentence'
import type { Logger } from '../log'
import { throttle } from '../throttle'
import { confirmGone, MAX_CHECKS_PER_SYNC, type Suspect } from './confirm-gone'
import { toLibraryItem } from './library-item'
import type { LibraryStore } from './library-store'
import { ListCursor } from './list-pages'
import { interruptionOf, SIGNED_OUT, type Interruption } from './sync-interruption'
import { learnStorageRoot } from './thumbnail-root'
import { monotonicNow } from '../clock'

/**
 * Rows per list request: the service's usual cap (a bigger ask is cut and reported as
 * `Capped`, and the cursor then pages by what the service says it used).
 */
export const SYNC_PAGE_SIZE = 100
/** Progress reaches the window at most ten times a second. */
const PROGRESS_INTERVAL_MS = 100
const FIRST_RETRY_MS = 5_000
const MAX_RETRY_MS = 60_000

/** The hosts to sync, and what identifies them (a new address starts the sync over). */
export interface SyncHosts {
  docTypes: DocType[]
  signature: string
}

/** The client of the account whose library this is: `client()` throws `signed-out` when it has none now. */
export interface SyncConnection {
  readonly connected: boolean
  client(): ApiClient
}

/** Another account is shown: no retry of its own; the run carries on when this account is shown again. */
const PAUSED_WORDS = sentence('coreLibrary.sync.paused')
const PAUSED: Interruption = { reason: 'signed-out', message: PAUSED_WORDS.text, said: PAUSED_WORDS.said, retryAt: null }

export interface LibrarySyncDependencies {
  /** The library of one account, and only that account's client (never a row of one account in another's file). */
  store: LibraryStore
  connection: SyncConnection
  hosts: () => SyncHosts
  onState: (state: LibrarySyncState) => void
  onChange: (change: LibraryChange) => void
  log: Logger
  /** First wait before an interrupted sync tries again by itself (doubling to a minute); tests lengthen it. */
  firstRetryMs?: number
  /** A complete sync read every item: its rows now, and the keys the service said are gone (readers' numbers keep them). */
  onComplete?: (items: LibraryItem[], gone: string[]) => void
}

/** A sync in progress or interrupted: where each host's listing stands and every key seen so far. */
interface Run {
  signature: string
  cursors: ListCursor[]
  seen: Set<string>
  fetched: number
}

/**
 * The full sync of the library: every page of every host, newest rows upserted as they
 * arrive. Only a complete sync removes what the service no longer lists, and only once a get
 * says it is gone (paging is no snapshot: see confirmGone); an interrupted one
 * keeps its cursors and carries on from the page that failed (on `sync()`, when the network
 * is back, after a rate-limit wait, after signing in again).
 */
export class LibrarySync {
  private current: LibrarySyncState
  private run: Run | null = null
  private running: Promise<LibrarySyncState> | null = null
  /** Bumped to abandon a run in flight (sign-out, new addresses, another account shown, closing): its answers are dropped. */
  private generation = 0
  private interruption: Interruption | null = null
  /** The client the running sync last used: a change that kept it (the account confirmed) needs no restart. */
  private clientInUse: ApiClient | null = null
  private retryTimer: ReturnType<typeof setTimeout> | undefined
  private retryDelay: number
  private closed = false
  private readonly progress = throttle(() => this.deps.onState(this.state), PROGRESS_INTERVAL_MS)

  constructor(private readonly deps: LibrarySyncDependencies) {
    this.current = { phase: 'idle', fetched: 0, total: null, syncedAt: deps.store.syncedAt, message: null, capped: false }
    this.retryDelay = deps.firstRetryMs ?? FIRST_RETRY_MS
  }

  get state(): LibrarySyncState {
    return { ...this.current }
  }

  /** Starts a sync, resumes an interrupted one, or joins the one running; resolves when it ends. */
  sync(): Promise<LibrarySyncState> {
    if (this.closed) return Promise.resolve(this.state)
    if (this.running) return this.running
    this.clearRetry()
    const hosts = this.deps.hosts()
    if (!this.run || this.run.signature !== hosts.signature) {
      const query = { pageSize: SYNC_PAGE_SIZE, sortBy: 'CreatedOn', sortOrder: 'ASC' } as const
      this.run = { signature: hosts.signature, cursors: hosts.docTypes.map((docType) => new ListCursor(query, docType)), seen: new Set(), fetched: 0 }
    }
    this.interruption = null
    this.set({ phase: 'syncing', message: null, ...this.counts(this.run) }, true)
    const generation = this.generation
    const running = this.execute(this.run, generation)
    this.running = running
    return running
  }

  /** The network came back (the OS said so, or the service answered again, "Try now"): an offline sync carries on at once. */
  networkChanged(online: boolean): void {
    if (online && this.interruption?.reason === 'network') void this.sync()
  }

  /** The service client appeared, went away or was rebuilt (sign-in, sign-out, new settings), or the account was confirmed. */
  connectionChanged(): void {
    if (this.closed) return
    const { connection } = this.deps
    // Only the account was confirmed: the sync in flight carries on with the same client (a
    // restart would read its current page again for nothing).
    if (this.running && connection.connected && connection.client() === this.clientInUse) return
    this.abandon()
    if (!this.deps.connection.connected) {
      // The account's key went (signed out, refused): start over once it is back.
      const hadRun = this.run !== null
      this.run = null
      if (hadRun) {
        this.interruption = SIGNED_OUT
        this.set({ phase: 'interrupted', message: this.interruption.message, said: this.interruption.said }, true)
      }
      return
    }
    void this.sync()
  }

  /**
   * Another account is shown: a run in flight is abandoned (its late answers are dropped) and
   * keeps its cursors, so it carries on from its page when this account is shown again. Nothing
   * is emitted: the window shows the other account now.
   */
  pause(): void {
    if (this.closed) return
    const wasRunning = this.running !== null || this.retryTimer !== undefined
    this.abandon()
    this.progress.cancel()
    if (!wasRunning) return
    this.interruption = PAUSED
    this.current = { ...this.current, phase: 'interrupted', message: PAUSED.message, said: PAUSED.said }
  }

  async close(): Promise<void> {
    this.closed = true
    this.abandon()
    this.progress.cancel()
  }

  private abandon(): void {
    this.generation += 1
    this.running = null
    this.clearRetry()
  }

  private async execute(run: Run, generation: number): Promise<LibrarySyncState> {
    const stale = (): boolean => generation !== this.generation
    // Abandoned for a restart (a rebuilt client): whoever waits on this run waits for that one.
    const handOver = (): Promise<LibrarySyncState> => this.running ?? Promise.resolve(this.state)
    const tried = new Set<DocType>()
    try {
      for (const cursor of run.cursors) {
        while (!cursor.done) {
          const client = this.deps.connection.client()
          this.clientInUse = client
          // The cursor moves on only once the page is kept: the run that replaces an abandoned
          // one carries on with the same cursors, so a page the abandoned one read and dropped
          // must be read again, not skipped.
          const page = await cursor.fetch(client)
          if (stale()) return handOver()
          await this.learnRoots(client, page.items, cursor.docType, tried)
          if (stale()) return handOver()
          const rows = cursor.accept(page)
          const items = rows.map((row) => toLibraryItem(row, cursor.docType, this.deps.store.roots))
          for (const item of items) run.seen.add(item.key)
          run.fetched += rows.length
          const upserted = this.deps.store.upsert(items)
          if (upserted.length > 0) this.deps.onChange({ upserted, removed: [] })
          this.set(this.counts(run), false)
        }
      }
      // Complete: what the service no longer lists, and says is gone, leaves (an interrupted sync never gets here).
      const gone = await this.confirmGone(run, stale)
      if (stale()) return handOver()
      const removed = this.deps.store.remove(gone)
      if (removed.length > 0) this.deps.onChange({ upserted: [], removed })
      const syncedAt = new Date().toISOString()
      this.deps.store.completed(syncedAt)
      this.deps.onComplete?.(this.deps.store.all(), removed)
      this.run = null
      this.running = null
      this.retryDelay = this.deps.firstRetryMs ?? FIRST_RETRY_MS
      this.set({ phase: 'idle', message: null, syncedAt, ...this.counts(run) }, true)
    } catch (error) {
      if (stale()) return handOver()
      const interruption = interruptionOf(error)
      if (interruption.reason === 'failed') this.deps.log.warn('The library sync stopped', error)
      this.interruption = interruption
      // Ended: a sync() from here on (the window reacting to this state) starts a new try.
      this.running = null
      this.set({ phase: 'interrupted', message: interruption.message, said: interruption.said }, true)
      this.scheduleRetry(interruption)
    }
    await this.deps.store.flush()
    return this.state
  }

  /**
   * The stored rows this complete listing did not show, minus those a get still finds (see
   * confirmGone): a row leaves only on the service's "Item not found". Unsettled rows stay;
   * the next complete sync does not list them either, so it asks again.
   */
  private async confirmGone(run: Run, stale: () => boolean): Promise<string[]> {
    const suspects: Suspect[] = []
    for (const key of this.deps.store.keys()) {
      if (run.seen.has(key)) continue
      const item = this.deps.store.get(key)
      if (item) suspects.push({ key, id: item.id, host: this.hostOf(item.docType) })
    }
    if (suspects.length === 0) return []
    const client = this.deps.connection.client()
    this.clientInUse = client
    const check = await confirmGone(client, suspects, stale)
    if (check.unsettled > 0 && !stale()) {
      const bound = suspects.length > MAX_CHECKS_PER_SYNC ? ` (at most ${MAX_CHECKS_PER_SYNC} are asked about per sync)` : ''
      this.deps.log.info(
        `${check.unsettled} of ${suspects.length} items the service no longer lists stay until a later sync confirms them gone${bound}`,
        check.failure ?? undefined
      )
    }
    return check.gone
  }

  /** The host that answers for an item of a kind (IDs are per host): its own, or the default one without a document host. */
  private hostOf(docType: DocType): DocType {
    return docType === 'Document' && this.deps.hosts().docTypes.includes('Document') ? 'Document' : 'Flipbook'
  }

  /**
   * Thumbnails need each kind's storage root (see learnStorageRoot): learned once, from the
   * first row of that kind with a thumbnail. A failure leaves thumbnails unknown and is tried
   * again by the next sync; it never stops this one.
   */
  private async learnRoots(client: ApiClient, rows: ItemSummary[], hostDocType: DocType, tried: Set<DocType>): Promise<void> {
    for (const row of rows) {
      const docType = row.docType ?? hostDocType
      if (!row.thumbnail || tried.has(docType) || this.deps.store.roots[docType]) continue
      tried.add(docType)
      try {
        const root = await learnStorageRoot(client, row.id, this.hostOf(docType))
        if (root === null) {
          this.deps.log.warn(`The storage address of ${docType} files could not be learned; thumbnails stay hidden`)
          continue
        }
        const change = this.deps.store.setRoot(docType, root)
        if (change.upserted.length > 0) this.deps.onChange(change)
      } catch (error) {
        this.deps.log.warn(`The storage address of ${docType} files could not be learned this time`, error)
      }
    }
  }

  private counts(run: Run): Pick<LibrarySyncState, 'fetched' | 'total' | 'capped'> {
    const totals = run.cursors.map((cursor) => cursor.total).filter((total): total is number => total !== null)
    return {
      fetched: run.fetched,
      total: totals.length === 0 ? null : totals.reduce((sum, total) => sum + total, 0),
      capped: run.cursors.some((cursor) => cursor.capped)
    }
  }

  /** Progress is throttled; a change of phase reaches the window at once (after any progress waiting). */
  private set(patch: Partial<LibrarySyncState>, now: boolean): void {
    this.current = { ...this.current, ...patch }
    // A state that says nothing carries no sentence either (patches clear it with `message: null`).
    if (this.current.message === null) delete this.current.said
    if (!now) {
      this.progress.request()
      return
    }
    this.progress.cancel()
    this.deps.onState(this.state)
  }

  private scheduleRetry(interruption: Interruption): void {
    if (interruption.reason === 'signed-out' || this.closed) return
    const delay = interruption.retryAt !== null ? Math.max(0, interruption.retryAt - monotonicNow()) + 250 : this.retryDelay
    if (interruption.retryAt === null) this.retryDelay = Math.min(MAX_RETRY_MS, this.retryDelay * 2)
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined
      void this.sync()
    }, delay)
    this.retryTimer.unref?.()
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer)
    this.retryTimer = undefined
  }
}
