import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { AppError } from '../../../src-shared/contract/errors'
import type { CoversChange, LibraryCover, LibraryItem } from '../../../src-shared/domain/library'
import type { Network } from '../api/http/network'
import { sentence } from '../i18n/sentence'
import type { Logger } from '../log'
import { accountFolder } from '../storage/account-folder'
import { fetchCover } from './cover-fetch'
import { CoverStore } from './cover-store'
import { coverTypeOf, ownBytes } from './cover-type'
import { monotonicNow } from '../clock'

/** Downloads at once: storage is not the API (no rate limit), but a 10,000-item grid must not open 10,000 sockets. */
const FETCHES_AT_ONCE = 4
/** A cover that could not be fetched is not asked for again before this (offline, a dead proxy). */
const RETRY_AFTER_MS = 30_000
/** Jobs remembered for `keep`: far more than a window draws at once. */
const MAX_PUBLISHED = 2_000

/** The library the window shows: whose it is, and its rows. */
export interface ShownLibrary {
  accountId: string
  get(key: string): LibraryItem | undefined
}

export interface LibraryCoversDependencies {
  dataDir: string
  /** The library shown (the window asks for the covers of its rows); null when no account is. */
  shown: () => ShownLibrary | null
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
  /** These items of an account have stale covers (a new PDF) or left its library: dropped, and the window told. */
  forget(accountId: string, keys: readonly string[]): void
  /** The account signed out: its covers folder goes (its jobs' drawings are not kept any more). */
  forgetAccount(accountId: string): Promise<void>
  /** The network came back or the connection changed: failed fetches may be tried again at once. */
  retryFailed(): void
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
  /** Bumped when an account signs out: a fetch that began before keeps nothing in its (deleted) folder. */
  const generations = new Map<string, number>()
  const generationOf = (accountId: string): number => generations.get(accountId) ?? 0
  let running = 0
  const waiting: (() => void)[] = []
  /** Failures are logged once per spell (offline, 60 tiles would say the same 60 times). */
  let failing = false

  const folderOf = (accountId: string): string => join(deps.dataDir, 'covers', accountFolder(accountId))

  function storeOf(accountId: string): Promise<CoverStore> {
    let store = stores.get(accountId)
    if (!store) {
      store = CoverStore.open(folderOf(accountId), deps.log)
      // A folder that cannot be opened is tried again on the next cover, not remembered broken.
      store.catch(() => stores.delete(accountId))
      stores.set(accountId, store)
    }
    return store
  }

  /** The account's store, or null when its folder cannot be used. */
  async function usableStore(accountId: string): Promise<CoverStore | null> {
    try {
      return await storeOf(accountId)
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

  async function fetchAndKeep(accountId: string, key: string, url: string): Promise<LibraryCover | null> {
    const generation = generationOf(accountId)
    try {
      const bytes = await inTurn(() => fetchCover(url, deps.network()))
      const type = coverTypeOf(bytes)
      if (!type) throw new Error('The thumbnail is not an image FlipDrop shows.')
      // Kept in the folder of the account whose row it is, unless that account signed out meanwhile.
      const store = generationOf(accountId) === generation ? await usableStore(accountId) : null
      if (store && generationOf(accountId) === generation) {
        await store.keep(key, 'service', bytes, url).catch((error: unknown) => deps.log.warn('A cover could not be kept', error))
      }
      failing = false
      return { bytes, type }
    } catch (error) {
      failedUntil.set(url, monotonicNow() + RETRY_AFTER_MS)
      if (!failing) deps.log.info('Covers cannot be fetched now; the library shows those kept in the data folder', error)
      failing = true
      return null
    }
  }

  return {
    async cover(key) {
      const shown = deps.shown()
      if (!shown) return null
      const url = shown.get(key)?.thumbnailUrl ?? null
      const kept = await fromDisk(await usableStore(shown.accountId), key, url)
      if (kept || url === null) return kept
      if ((failedUntil.get(url) ?? 0) > monotonicNow()) return null
      let pending = inFlight.get(url)
      if (!pending) {
        pending = fetchAndKeep(shown.accountId, key, url).finally(() => inFlight.delete(url))
        inFlight.set(url, pending)
      }
      const fetched = await pending
      return fetched ? { bytes: ownBytes(fetched.bytes), type: fetched.type } : null
    },

    async keepDrawing(jobId, png) {
      const job = published.get(jobId)
      if (!job) throw new AppError('not-allowed', sentence('coreLibrary.cover.onlyJustPublished'))
      if (coverTypeOf(png) !== 'image/png') throw new AppError('invalid-input', sentence('coreLibrary.cover.notPng'))
      // Whose it is decides the folder, shown or not; an account that signed out keeps nothing.
      if (job.accountId === null) return
      const store = await storeOf(job.accountId)
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

    forget(accountId, keys) {
      if (keys.length === 0) return
      void storeOf(accountId).then(
        (store) => store.drop(keys),
        () => undefined
      )
      deps.emit({ keys: [...keys] })
    },

    async forgetAccount(accountId) {
      generations.set(accountId, generationOf(accountId) + 1)
      for (const [jobId, job] of published) if (job.accountId === accountId) published.set(jobId, { ...job, accountId: null })
      const store = stores.get(accountId)
      stores.delete(accountId)
      // An opening under way reads the folder: it ends first, so the folder is not made again behind the delete.
      await store?.catch(() => undefined)
      await rm(folderOf(accountId), { recursive: true, force: true })
    },

    retryFailed() {
      failedUntil.clear()
    }
  }
}
