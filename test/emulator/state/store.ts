import type { DocType, EmulatorOptions } from '../options'
import { makeAccount } from './accounts'
import { makeSlug } from './slug'
import type { Account, PersistedState, RateWindowRecord, RequestLogEntry, StoredItem } from './types'

const MAX_REQUEST_LOG = 20_000
const MAX_RATE_WINDOWS = 5_000
const FIRST_ID = 1001

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
 */
export class EmulatorState {
  /** Items of every account by numeric ID. */
  readonly items = new Map<number, StoredItem>()
  /** Accounts by API key. */
  readonly accounts = new Map<string, Account>()
  /** Every fixed rate window seen, oldest first (bounded). */
  readonly rateWindows: RateWindowRecord[] = []
  /** Every request seen, oldest first (bounded). */
  readonly requests: RequestLogEntry[] = []
  /** Unexpected exceptions caught while serving; a test run should leave this empty. */
  readonly internalErrors: string[] = []
  nextId = FIRST_ID
  /** Bumped on every change; lets readers cache derived views (sorted lists). */
  version = 0
  private readonly slugIndex = new Map<string, number>()
  private readonly byOwner = new Map<string, StoredItem[]>()
  /** Item count per `DocType|key` (items are never deleted and keep their DocType). */
  private readonly counts = new Map<string, number>()
  /** Set by the server to persist after each mutation. */
  onChange: () => void = () => undefined

  constructor(private readonly options: EmulatorOptions) {
    this.resetAccounts()
  }

  /** The account of a key, or undefined when the key is not valid. */
  accountOf(key: string): Account | undefined {
    return this.accounts.get(key)
  }

  /** Items owned by a key, in insertion order. */
  itemsOf(key: string): StoredItem[] {
    return [...(this.byOwner.get(key) ?? [])]
  }

  /** An item that exists and is owned by the key (§4: otherwise "Item not found"). */
  ownedItem(key: string, id: number): StoredItem | undefined {
    const item = this.items.get(id)
    return item && item.owner === key ? item : undefined
  }

  /** An item of the key by CustomURL slug (case-insensitive). */
  ownedBySlug(key: string, slug: string): StoredItem | undefined {
    const id = this.slugIndex.get(slug.toLowerCase())
    return id === undefined ? undefined : this.ownedItem(key, id)
  }

  /** Count, max and left of a DocType's quota for a key. */
  quota(key: string, docType: DocType): Quota {
    const count = this.counts.get(`${docType}|${key}`) ?? 0
    const max = docType === 'Flipbook' ? this.options.maxItems.flipbooks : this.options.maxItems.documents
    return { count, max, left: Math.max(0, max - count) }
  }

  /** Stores a new item with the next ID and a unique slug. */
  addItem(draft: ItemDraft): StoredItem {
    const slug =
      draft.slug !== undefined && !this.slugIndex.has(draft.slug.toLowerCase())
        ? draft.slug
        : makeSlug(draft.name, (s) => this.slugIndex.has(s))
    const item: StoredItem = { ...draft, id: this.nextId++, slug }
    this.index(item)
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

  /** Empties items and logs and recreates the accounts of the configured keys. */
  clear(): void {
    this.items.clear()
    this.slugIndex.clear()
    this.byOwner.clear()
    this.counts.clear()
    this.rateWindows.length = 0
    this.requests.length = 0
    this.internalErrors.length = 0
    this.nextId = FIRST_ID
    this.resetAccounts()
    this.changed()
  }

  /** The part of the state written to the data dir. */
  toPersisted(): PersistedState {
    return { version: 1, nextId: this.nextId, accounts: [...this.accounts.values()], items: [...this.items.values()] }
  }

  /** Replaces items and accounts with saved ones; keys not saved get fresh accounts. */
  loadPersisted(saved: PersistedState): void {
    this.items.clear()
    this.slugIndex.clear()
    this.byOwner.clear()
    this.counts.clear()
    for (const account of saved.accounts) this.accounts.set(account.key, account)
    for (const item of saved.items) this.index(item)
    this.nextId = Math.max(saved.nextId, FIRST_ID)
    this.version++
  }

  private index(item: StoredItem): void {
    this.items.set(item.id, item)
    this.slugIndex.set(item.slug.toLowerCase(), item.id)
    const owned = this.byOwner.get(item.owner)
    if (owned) owned.push(item)
    else this.byOwner.set(item.owner, [item])
    const countKey = `${item.docType}|${item.owner}`
    this.counts.set(countKey, (this.counts.get(countKey) ?? 0) + 1)
  }

  private resetAccounts(): void {
    this.accounts.clear()
    this.options.keys.forEach((key, index) => this.accounts.set(key, makeAccount(key, index, this.options.now())))
  }
}
