import type { LibraryChange, LibraryItem } from '../../../src-shared/domain/library'
import type { DocType } from '../../../src-shared/domain/service/item'
import type { Logger } from '../log'
import { sameItem, thumbnailUrl, type StorageRoots } from './library-item'
import { readSnapshot, writeSnapshot } from './snapshot-file'

/** How long changes gather before the file is written again (a sync writes at its end anyway). */
const WRITE_DELAY_MS = 2_000

/**
 * The library in memory, in step with `library.json`: items by key, the storage roots and
 * when the last complete sync ended. Every change returns what changed, for `library:changed`;
 * writes are gathered and made in the background, one at a time.
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
    public owner: string | null
  ) {}

  static async open(path: string, log: Logger): Promise<LibraryStore> {
    const file = await readSnapshot(path, log)
    const store = new LibraryStore(path, log, file.roots, file.syncedAt, file.owner)
    for (const item of file.items) store.items.set(item.key, item)
    return store
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

  /**
   * The rows belong to this account. Another account's rows (someone else signed in on this
   * computer) are dropped at once rather than shown until the first sync ends; returns their keys.
   */
  claim(owner: string): string[] {
    if (this.owner === owner) return []
    const removed = this.owner === null ? [] : [...this.items.keys()]
    if (removed.length > 0) {
      this.items.clear()
      this.syncedAt = null
    }
    this.owner = owner
    this.changed()
    return removed
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
