import type { DocType, EmulatorOptions } from '../options'
import { makeAccount } from './accounts'
import { FIRST_ID, hostOfDocType, ItemSpace, type ItemHost } from './item-space'
import { makeSlug } from './slug'
import type { Account, PersistedState, RateWindowRecord, RequestLogEntry, StoredItem } from './types'

const MAX_REQUEST_LOG = 20_000
const MAX_RATE_WINDOWS = 5_000

/** Quota of one DocType for one account (§2.4b). */
export interface Quota {
  count: number
  max: number
  left: number
}

/** Fields a caller gives to create an item; the store assigns ID and slug. */
export type ItemDraft = Omit<StoredItem, 'id' | 'slug'> & { slug?: string }

/**
 * The whole state of the emulator: accounts, items, and the logs tests assert on.
 * Mutations call `changed()` so the state is saved when a data dir is set.
 *
 * Items live in ID spaces (`ItemSpace`). By default both hosts share one, so an ID names one
 * item wherever it is asked for. With the `separateHostIds` option each host has its own space
 * and counter (both start at 1001), so Flipbook 1001 and Document 1001 can both exist: read
 * items with `itemOn(host, id)`, `itemsOn(host)` or `allItems()`, which work in both modes.
 */
export class EmulatorState {
  /** Whether each host has its own items and ID counter (option `separateHostIds`). */
  readonly separateHostIds: boolean
  /** Accounts by API key. */
  readonly accounts = new Map<string, Account>()
  /** Every fixed rate window seen, oldest first (bounded). */
  readonly rateWindows: RateWindowRecord[] = []
  /** Every request seen, oldest first (bounded). */
  readonly requests: RequestLogEntry[] = []
  /** Unexpected exceptions caught while serving; a test run should leave this empty. */
  readonly internalErrors: string[] = []
  /** Bumped on every change; lets readers cache derived views (sorted lists). */
  version = 0
  /** The ID space of each host; one and the same object unless `separateHostIds`. */
  private readonly spaces: Readonly<Record<ItemHost, ItemSpace>>
  /** Slugs are unique across both hosts: a CNAME URL (`https://<CNAME>/<slug>`) names no host. */
  private readonly slugIndex = new Map<string, StoredItem>()
  /** Item count per `DocType|key` over both hosts (items are never deleted and keep their DocType). */
  private readonly counts = new Map<string, number>()
  /** Set by the server to persist after each mutation. */
  onChange: () => void = () => undefined

  constructor(private readonly options: EmulatorOptions) {
    this.separateHostIds = options.separateHostIds
    const base = new ItemSpace()
    this.spaces = { base, document: options.separateHostIds ? new ItemSpace() : base }
    this.resetAccounts()
  }

  /**
   * Items of every account by numeric ID, as both hosts see them (shared IDs, the default).
   * With `separateHostIds` an ID alone names no item, so this throws rather than hand out one
   * host's items as if they were all: use `itemOn(host, id)`, `itemsOn(host)` or `allItems()`.
   */
  get items(): Map<number, StoredItem> {
    if (this.separateHostIds) {
      throw new Error('state.items is ambiguous with separateHostIds: use itemOn(host, id), itemsOn(host) or allItems()')
    }
    return this.spaces.base.items
  }

  /** The item with this ID as requests to `host` see it (both hosts see the same in shared mode). */
  itemOn(host: ItemHost, id: number): StoredItem | undefined {
    return this.spaces[host].items.get(id)
  }

  /** The items requests to `host` see, by ID (all items in shared mode). */
  itemsOn(host: ItemHost): ReadonlyMap<number, StoredItem> {
    return this.spaces[host].items
  }

  /** Every item of both hosts: the default host's first, each in insertion order. */
  allItems(): StoredItem[] {
    const base = [...this.spaces.base.items.values()]
    return this.separateHostIds ? [...base, ...this.spaces.document.items.values()] : base
  }

  /**
   * The host an item belongs to, whose origin its viewer URLs use: with `separateHostIds` the
   * host whose space holds it; in shared mode the host of its DocType.
   */
  hostOf(item: StoredItem): ItemHost {
    if (!this.separateHostIds) return hostOfDocType(item.docType)
    return this.spaces.document.holds(item) ? 'document' : 'base'
  }

  /** The account of a key, or undefined when the key is not valid. */
  accountOf(key: string): Account | undefined {
    return this.accounts.get(key)
  }

  /** Items owned by a key, in insertion order: on one host, or (no host) on both. */
  itemsOf(key: string, host?: ItemHost): StoredItem[] {
    if (host !== undefined) return [...this.spaces[host].ownedBy(key)]
    const base = this.spaces.base.ownedBy(key)
    return this.separateHostIds ? [...base, ...this.spaces.document.ownedBy(key)] : [...base]
  }

  /** An item of `host` that exists and is owned by the key (§4: otherwise "Item not found"). */
  ownedItem(key: string, host: ItemHost, id: number): StoredItem | undefined {
    const item = this.spaces[host].items.get(id)
    return item && item.owner === key ? item : undefined
  }

  /** An item of the key on `host` by CustomURL slug (case-insensitive). */
  ownedBySlug(key: string, host: ItemHost, slug: string): StoredItem | undefined {
    const item = this.itemBySlug(host, slug)
    return item && item.owner === key ? item : undefined
  }

  /** Any account's item on `host` by CustomURL slug (case-insensitive), for viewer pages. */
  itemBySlug(host: ItemHost, slug: string): StoredItem | undefined {
    const item = this.slugIndex.get(slug.toLowerCase())
    return item && this.spaces[host].holds(item) ? item : undefined
  }

  /** Count, max and left of a DocType's quota for a key (over both hosts). */
  quota(key: string, docType: DocType): Quota {
    const count = this.counts.get(`${docType}|${key}`) ?? 0
    const max = docType === 'Flipbook' ? this.options.maxItems.flipbooks : this.options.maxItems.documents
    return { count, max, left: Math.max(0, max - count) }
  }

  /** Stores a new item on `host` with that host's next ID and a slug unique on both hosts. */
  addItem(draft: ItemDraft, host: ItemHost): StoredItem {
    const slug =
      draft.slug !== undefined && !this.slugIndex.has(draft.slug.toLowerCase())
        ? draft.slug
        : makeSlug(draft.name, (s) => this.slugIndex.has(s))
    const space = this.spaces[host]
    const item: StoredItem = { ...draft, id: space.nextId++, slug }
    this.index(item, space)
    this.changed()
    return item
  }

  /** Notes that state changed (persists when a data dir is set). */
  changed(): void {
    this.version++
    this.onChange()
  }

  /** Appends to the request log, dropping the oldest entries beyond the bound. */
  logRequest(entry: RequestLogEntry): void {
    this.requests.push(entry)
    if (this.requests.length > MAX_REQUEST_LOG) this.requests.splice(0, this.requests.length - MAX_REQUEST_LOG)
  }

  /** Appends a new rate window record, dropping the oldest beyond the bound. */
  addRateWindow(record: RateWindowRecord): void {
    this.rateWindows.push(record)
    if (this.rateWindows.length > MAX_RATE_WINDOWS) this.rateWindows.splice(0, this.rateWindows.length - MAX_RATE_WINDOWS)
  }

  /** Empties items (both counters back to 1001) and logs; recreates the configured accounts. */
  clear(): void {
    this.clearItems()
    this.rateWindows.length = 0
    this.requests.length = 0
    this.internalErrors.length = 0
    this.resetAccounts()
    this.changed()
  }

  /** The part of the state written to the data dir; `documentHost` only with `separateHostIds`. */
  toPersisted(): PersistedState {
    const { base, document } = this.spaces
    const saved: PersistedState = { version: 1, nextId: base.nextId, accounts: [...this.accounts.values()], items: [...base.items.values()] }
    if (this.separateHostIds) saved.documentHost = { nextId: document.nextId, items: [...document.items.values()] }
    return saved
  }

  /**
   * Replaces items and accounts with saved ones; keys not saved get fresh accounts. State saved
   * with shared IDs loads into separate spaces by DocType (its IDs are unique, so nothing
   * collides); state saved with separate IDs cannot be merged into one space and is refused.
   */
  loadPersisted(saved: PersistedState): void {
    if (saved.documentHost && !this.separateHostIds) {
      throw new Error('The saved emulator state has separate IDs per host: start with separateHostIds (--separate-host-ids) or another data dir')
    }
    this.clearItems()
    for (const account of saved.accounts) this.accounts.set(account.key, account)
    const { base, document } = this.spaces
    for (const item of saved.items) this.index(item, saved.documentHost ? base : this.spaces[hostOfDocType(item.docType)])
    for (const item of saved.documentHost?.items ?? []) this.index(item, document)
    base.nextId = Math.max(saved.nextId, FIRST_ID)
    if (this.separateHostIds) document.nextId = Math.max(saved.documentHost?.nextId ?? saved.nextId, FIRST_ID)
    this.version++
  }

  private clearItems(): void {
    this.spaces.base.clear()
    this.spaces.document.clear()
    this.slugIndex.clear()
    this.counts.clear()
  }

  private index(item: StoredItem, space: ItemSpace): void {
    space.put(item)
    this.slugIndex.set(item.slug.toLowerCase(), item)
    const countKey = `${item.docType}|${item.owner}`
    this.counts.set(countKey, (this.counts.get(countKey) ?? 0) + 1)
  }

  private resetAccounts(): void {
    this.accounts.clear()
    this.options.keys.forEach((key, index) => this.accounts.set(key, makeAccount(key, index, this.options.now())))
  }
}
