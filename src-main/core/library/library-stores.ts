import { rm } from 'node:fs/promises'
import type { Logger } from '../log'
import { adoptFile } from '../storage/account-folder'
import { LibraryStore } from './library-store'
import { legacySnapshotPath, readSnapshot, snapshotPath } from './snapshot-file'

/** The one library file of the single-account layout, while it waits for its account. */
interface Legacy {
  owner: string | null
}

/**
 * Every account's library file, each opened once and then kept in memory, so showing another
 * account's library waits for the disk only the first time (and not at all once preloaded).
 * The `library.json` of the single-account layout becomes its owner's file the first time that
 * account is opened; one without an owner goes to the first account shown (claimed).
 */
export class LibraryStores {
  private readonly opening = new Map<string, Promise<LibraryStore>>()
  private readonly ready = new Map<string, LibraryStore>()
  /** Adoptions run one at a time: two accounts opened at once must not both take the legacy file. */
  private adopting: Promise<unknown> = Promise.resolve()

  private constructor(
    private readonly dataDir: string,
    private readonly log: Logger,
    private legacy: Legacy | null
  ) {}

  /** Learns whether a legacy file waits for its account (read once: it is gone after adoption). */
  static async open(dataDir: string, log: Logger): Promise<LibraryStores> {
    const path = legacySnapshotPath(dataDir)
    const file = await readSnapshot(path, log)
    // A missing file reads as an empty one: only a file with rows, or with an owner, is worth adopting.
    return new LibraryStores(dataDir, log, file.owner !== null || file.items.length > 0 ? { owner: file.owner } : null)
  }

  /**
   * The account's store when it is open and nothing is left to adopt for it: at once, from
   * memory. `claim`: the account is shown now (an owner-less legacy file may become its).
   */
  get(accountId: string, claim = false): LibraryStore | undefined {
    const store = this.ready.get(accountId)
    return store && !this.wouldAdopt(store, claim) ? store : undefined
  }

  /** Opens the account's store (once; later calls get the same one). */
  open(accountId: string, claim = false): Promise<LibraryStore> {
    const known = this.opening.get(accountId)
    const ready = this.ready.get(accountId)
    if (known && !(this.ownerlessWaits(claim) && (!ready || this.wouldAdopt(ready, claim)))) return known
    const opening = (async () => {
      const before = await known
      if (before && !this.wouldAdopt(before, claim)) return before
      // Opened before any account was shown, with nothing in it: it makes way for the legacy rows.
      await before?.discard()
      await this.adopt(accountId, claim)
      return LibraryStore.open(snapshotPath(this.dataDir, accountId), this.log, accountId)
    })()
    this.opening.set(accountId, opening)
    this.ready.delete(accountId)
    void opening.then(
      (store) => {
        if (this.opening.get(accountId) === opening) this.ready.set(accountId, store)
      },
      () => undefined
    )
    return opening
  }

  /** The account signed out: its store leaves memory (nothing more is written) and its file goes. */
  async forget(accountId: string): Promise<void> {
    const opening = this.opening.get(accountId)
    this.opening.delete(accountId)
    this.ready.delete(accountId)
    await (await opening)?.discard()
    await rm(snapshotPath(this.dataDir, accountId), { force: true })
    if (this.legacy?.owner === accountId) {
      this.legacy = null
      await rm(legacySnapshotPath(this.dataDir), { force: true })
    }
  }

  /** Writes what is pending in every open store. */
  async close(): Promise<void> {
    const stores = await Promise.all(this.opening.values())
    await Promise.all(stores.map((store) => store.close()))
  }

  /** A store opened empty before it was claimed, while an owner-less legacy file still waits for the account shown. */
  private wouldAdopt(store: LibraryStore, claim: boolean): boolean {
    return this.ownerlessWaits(claim) && store.size === 0 && store.syncedAt === null
  }

  private ownerlessWaits(claim: boolean): boolean {
    return claim && this.legacy !== null && this.legacy.owner === null
  }

  private adopt(accountId: string, claim: boolean): Promise<void> {
    const next = this.adopting.then(async () => {
      const legacy = this.legacy
      if (!legacy || (legacy.owner !== accountId && !(claim && legacy.owner === null))) return
      // Decided once: whatever happens now, the legacy file is not offered to another account.
      this.legacy = null
      try {
        const moved = await adoptFile(legacySnapshotPath(this.dataDir), snapshotPath(this.dataDir, accountId))
        // The account already had a file of its own: that one is newer, and the old one is its own, outdated.
        if (!moved && legacy.owner === accountId) await rm(legacySnapshotPath(this.dataDir), { force: true })
        if (moved) this.log.info('The library kept before several accounts is now its account’s own file')
      } catch (error) {
        this.log.warn('The library kept before several accounts could not be moved to its account; the next sync fetches it again', error)
      }
    })
    this.adopting = next
    return next
  }
}
