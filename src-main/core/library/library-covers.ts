import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { AppError } from '../../../src-shared/contract/errors'
import type { CoversChange, LibraryCover } from '../../../src-shared/domain/library'
import type { Network } from '../api/http/network'
import type { Logger } from '../log'
import { fetchCover } from './cover-fetch'
import { CoverStore } from './cover-store'
import { coverTypeOf, ownBytes } from './cover-type'
import type { LibraryStore } from './library-store'

/** Downloads at once: storage is not the API (no rate limit), but a 10,000-item grid must not open 10,000 sockets. */
const FETCHES_AT_ONCE = 4
/** A cover that could not be fetched is not asked for again before this (offline, a dead proxy). */
const RETRY_AFTER_MS = 30_000
/** Jobs remembered for `keep`: far more than a window draws at once. */
const MAX_PUBLISHED = 2_000

export interface LibraryCoversDependencies {
  dataDir: string
  store: Pick<LibraryStore, 'owner' | 'get'>
  /** The routes the service client uses (proxy, trusted roots). */
  network: () => Network
  emit: (change: CoversChange) => void
  log: Logger
}

/** What the library knows of a job FlipDrop published: the item it made or updated, and whose it is. */
export interface PublishedJob {
  key: string
  accountId: string | null
}

export interface LibraryCovers {
  /** The cover of an item: from disk, else fetched (and kept) from its thumbnail URL; null when none can be had now. */
  cover(key: string): Promise<LibraryCover | null>
  /** Keeps the window's drawing of a published job's first page as its item's cover. */
  keepDrawing(jobId: string, png: Uint8Array): Promise<void>
  /** A job published or replaced an item: its drawing may follow. */
  published(jobId: string, job: PublishedJob): void
  /** These items' covers are stale (a new PDF) or their items left: dropped, and the window told. */
  forget(keys: readonly string[]): void
  /** The network came back or the connection changed: failed fetches may be tried again at once. */
  retryFailed(): void
}

/** A folder name for an account that is safe everywhere (UserIDs are the service's strings). */
function accountFolder(accountId: string): string {
  return /^[\w-]{1,64}$/.test(accountId) ? accountId : createHash('sha256').update(accountId).digest('hex').slice(0, 32)
}

/**
 * Covers of the library, fetched by main and kept in the data folder per account, so an
 * offline library shows them and the window never reaches a service host itself (over
 * plain http, the emulator's, included). Items FlipDrop published keep its own drawing of
 * their first page instead of waiting for the service's thumbnail.
 */
export function createLibraryCovers(deps: LibraryCoversDependencies): LibraryCovers {
  const stores = new Map<string, Promise<CoverStore>>()
  const inFlight = new Map<string, Promise<LibraryCover | null>>()
  const failedUntil = new Map<string, number>()
  const published = new Map<string, PublishedJob>()
  let running = 0
  const waiting: (() => void)[] = []
  /** Failures are logged once per spell (offline, 60 tiles would say the same 60 times). */
  let failing = false

  function storeOf(accountId: string): Promise<CoverStore> {
    let store = stores.get(accountId)
    if (!store) {
      store = CoverStore.open(join(deps.dataDir, 'covers', accountFolder(accountId)), deps.log)
      // A folder that cannot be opened is tried again on the next cover, not remembered broken.
      store.catch(() => stores.delete(accountId))
      stores.set(accountId, store)
    }
    return store
  }

  /** The owner's store, or null when the rows' account is unknown or its folder cannot be used. */
  async function currentStore(): Promise<CoverStore | null> {
    const owner = deps.store.owner
    if (owner === null) return null
    try {
      return await storeOf(owner)
    } catch (error) {
      deps.log.warn('The covers folder cannot be used; covers are fetched but not kept', error)
      return null
    }
  }

  async function inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (running >= FETCHES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve))
    running += 1
    try {
      return await work()
    } finally {
      running -= 1
      waiting.shift()?.()
    }
  }

  async function fromDisk(store: CoverStore | null, key: string, url: string | null): Promise<LibraryCover | null> {
    const file = store?.find(key, url)
    if (!store || !file) return null
    const bytes = await store.read(file)
    const type = bytes ? coverTypeOf(bytes) : null
    return bytes && type ? { bytes: ownBytes(bytes), type } : null
  }

  async function fetchAndKeep(key: string, url: string): Promise<LibraryCover | null> {
    const owner = deps.store.owner
    try {
      const bytes = await inTurn(() => fetchCover(url, deps.network()))
      const type = coverTypeOf(bytes)
      if (!type) throw new Error('The thumbnail is not an image FlipDrop shows.')
      // Kept only for the account it was fetched for (someone else may have signed in since).
      const store = await currentStore()
      if (store && deps.store.owner === owner) await store.keep(key, 'service', bytes, url).catch((error: unknown) => deps.log.warn('A cover could not be kept', error))
      failing = false
      return { bytes, type }
    } catch (error) {
      failedUntil.set(url, Date.now() + RETRY_AFTER_MS)
      if (!failing) deps.log.info('Covers cannot be fetched now; the library shows those kept in the data folder', error)
      failing = true
      return null
    }
  }

  return {
    async cover(key) {
      const url = deps.store.get(key)?.thumbnailUrl ?? null
      const kept = await fromDisk(await currentStore(), key, url)
      if (kept || url === null) return kept
      if ((failedUntil.get(url) ?? 0) > Date.now()) return null
      let pending = inFlight.get(url)
      if (!pending) {
        pending = fetchAndKeep(key, url).finally(() => inFlight.delete(url))
        inFlight.set(url, pending)
      }
      const fetched = await pending
      return fetched ? { bytes: ownBytes(fetched.bytes), type: fetched.type } : null
    },

    async keepDrawing(jobId, png) {
      const job = published.get(jobId)
      if (!job) throw new AppError('not-allowed', 'Only the first page of a PDF FlipDrop just published can become a cover.')
      if (coverTypeOf(png) !== 'image/png') throw new AppError('invalid-input', 'A cover drawing is a PNG image.')
      const owner = deps.store.owner
      // The library shows one account's rows: another account's item keeps its cover in its own folder, later.
      if (owner === null || job.accountId !== owner) return
      const store = await storeOf(owner)
      await store.keep(job.key, 'render', png)
      deps.emit({ keys: [job.key] })
    },

    published(jobId, job) {
      published.delete(jobId)
      published.set(jobId, job)
      if (published.size > MAX_PUBLISHED) {
        const oldest = published.keys().next().value
        if (oldest !== undefined) published.delete(oldest)
      }
    },

    forget(keys) {
      if (keys.length === 0) return
      const owner = deps.store.owner
      if (owner !== null) {
        void storeOf(owner).then(
          (store) => store.drop(keys),
          () => undefined
        )
      }
      deps.emit({ keys: [...keys] })
    },

    retryFailed() {
      failedUntil.clear()
    }
  }
}
