import type { LibraryChange, LibraryItem } from '../../../src-shared/domain/library'
import type { DocType } from '../../../src-shared/domain/service/item'
import type { Logger } from '../log'
import { sameItem, thumbnailUrl, type StorageRoots } from './library-item'
import { readSnapshot, writeSnapshot } from './snapshot-file'

/** How long changes gather before the file is written again (a sync writes at its end anyway). */
const WRITE_DELAY_MS = 2_000

/**
 * One account's library in memory, in step with its file (`library/<account>.json`): items by
 * key, the storage roots and when the last complete sync ended. Every change returns what
 * changed, for `library:changed`; writes are gathered and made in the background, one at a time.
 */
export class LibraryStore {
  private readonly items = new Map<string, LibraryItem>()
  private timer: ReturnType<typeof setTimeout> | undefined
  private writing: Promise<void> = Promise.resolve()
  private dirty = false
  private closed = false
  /** Told which items got another thumbnail on the service (their covers are stale). */
  onThumbnailChanged: (keys: string[]) => void = () => {}

  private constructor(
    private readonly path: string,
    private readonly log: Logger,
    public roots: StorageRoots,
    public syncedAt: string | null,
    /** The account (UserID) these rows belong to; null only for a file opened without one (tests, benchmarks). */
    readonly owner: string | null
  ) {}

  /**
   * Opens the file of `owner`'s library. A file that names another account (copied or renamed
   * by hand) is never shown as this one's: the library starts empty and the next sync fills it.
   */
  static async open(path: string, log: Logger, owner: string | null = null): Promise<LibraryStore> {
    const file = await readSnapshot(path, log)
    if (owner !== null && file.owner !== null && file.owner !== owner) {
      log.warn(`The library file ${path} belongs to another account; it is rebuilt by the next sync`)
      return new LibraryStore(path, log, {}, null, owner)
    }
    const store = new LibraryStore(path, log, file.roots, file.syncedAt, owner ?? file.owner)
    for (const item of file.items) store.items.set(item.key, item)
    return store
  }

  get size(): number {
    return this.items.size
  }

  all(): LibraryItem[] {
    return [...this.items.values()]
  }

  get(key: string): LibraryItem | undefined {
    return this.items.get(key)
  }

  keys(): IterableIterator<string> {
    return this.items.keys()
  }

  /** Adds or updates items; returns those that are new or differ. */
  upsert(items: readonly LibraryItem[]): LibraryItem[] {
    const changed: LibraryItem[] = []
    const newThumbnails: string[] = []
    for (const item of items) {
      const old = this.items.get(item.key)
      if (old && sameItem(old, item)) continue
      // A row that did not say its thumbnail tells nothing about it.
      if (old && old.thumbnail !== null && item.thumbnail !== null && old.thumbnail !== item.thumbnail) newThumbnails.push(item.key)
      this.items.set(item.key, item)
      changed.push(item)
    }
    if (changed.length > 0) this.changed()
    if (newThumbnails.length > 0) this.onThumbnailChanged(newThumbnails)
    return changed
  }

  remove(keys: readonly string[]): string[] {
    const removed = keys.filter((key) => this.items.delete(key))
    if (removed.length > 0) this.changed()
    return removed
  }

  /** Learns where one kind's files are public, and gives every item of that kind its thumbnail URL. */
  setRoot(docType: DocType, root: string): LibraryChange {
    this.roots = { ...this.roots, [docType]: root }
    const updated = this.all()
      .filter((item) => item.docType === docType)
      .map((item) => ({ ...item, thumbnailUrl: thumbnailUrl(item.thumbnail, root) }))
    this.changed()
    return { upserted: this.upsert(updated), removed: [] }
  }

  completed(at: string): void {
    this.syncedAt = at
    this.changed()
  }

  /** Writes now what is pending (the end of a sync, an interruption, closing). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    if (this.dirty && !this.closed) {
      this.dirty = false
      const snapshot = { items: this.all(), roots: this.roots, syncedAt: this.syncedAt, owner: this.owner }
      this.writing = this.writing.then(() =>
        writeSnapshot(this.path, snapshot).catch((error: unknown) => {
          this.dirty = true
          this.log.warn('The library could not be saved; it is saved again with the next change', error)
        })
      )
    }
    await this.writing
  }

  async close(): Promise<void> {
    await this.flush()
    this.closed = true
  }

  /** Writes nothing more, not even what is pending (its account signed out: the file goes); waits for a write under way. */
  async discard(): Promise<void> {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    this.closed = true
    this.dirty = false
    await this.writing
  }

  private changed(): void {
    this.dirty = true
    if (this.timer || this.closed) return
    this.timer = setTimeout(() => {
      this.timer = undefined
      void this.flush()
    }, WRITE_DELAY_MS)
    this.timer.unref?.()
  }
}
