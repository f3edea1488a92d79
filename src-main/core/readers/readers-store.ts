import { mkdir, open, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { libraryKey } from '../../../src-shared/domain/library'
import type { DocType } from '../../../src-shared/domain/service/item'
import type { Logger } from '../log'
import { accountFolder } from '../storage/account-folder'
import { fsyncDirectory, writeFileDurably } from '../storage/durable-file'
import { CountTable, listSegments, segmentName } from './history-scan'
import { readFrames } from './sample-codec'
import { applyChanges, COUNTED, decodeState, encodeCounted, encodeState, readCountedHead, STATE, ZERO, type CountChange, type Counts, type ItemIdentity } from './sample-frames'

/** One item as a refresh read it. */
export interface CountedItem {
  docType: DocType
  id: number
  name: string
  url: string | null
  /** Sales and approvals are null when the row did not say: they stay as they were. */
  counts: { views: number; leads: number; sales: number | null; approvals: number | null }
}

/** What is known of an item now. */
export interface ItemNow {
  key: string
  docType: DocType
  id: number
  counts: Counts
  /** Seconds since 1970 (the history's unit). */
  firstSeen: number
  lastSeen: number
  gone: boolean
}

/** Names and links of every item ever counted: an item deleted on the service is still named. */
type Names = Record<string, { name: string; url: string | null }>

export function readersFolder(dataDir: string, accountId: string): string {
  return join(dataDir, 'readers', accountFolder(accountId))
}

const seconds = (ms: number): number => Math.floor(ms / 1000)

/**
 * One account's readers' history (issue 32): append-only month files of frames (see
 * sample-frames.ts), each appended whole and synced; a torn tail after a crash loses at most the
 * last refresh and is cut off before the next append. Only what changed is written; a refresh
 * that saw an item unchanged counts it without a byte of its own.
 */
export class ReadersStore {
  private readonly items = new Map<string, ItemNow>()
  /** The current segment's items in index order. */
  private segmentKeys: string[] = []
  private readonly indexOf = new Map<string, number>()
  private segment: string | null = null
  /** The newest frame's time: a refresh never goes back in time (a clock set back). */
  private lastTime = 0
  private names: Names = {}
  private writing: Promise<unknown> = Promise.resolve()
  private closed = false

  private constructor(
    readonly dir: string,
    private readonly log: Logger
  ) {}

  /** Opens an account's history: the newest month is read for what is known now (it starts with everything known). */
  static async open(dir: string, log: Logger): Promise<ReadersStore> {
    const store = new ReadersStore(dir, log)
    await store.load()
    return store
  }

  get countedSince(): number | null {
    let first: number | null = null
    for (const item of this.items.values()) if (first === null || item.firstSeen < first) first = item.firstSeen
    return first
  }

  get countedAt(): number | null {
    return this.lastTime === 0 ? null : this.lastTime
  }

  /** An item's counts now (the trends' latest). */
  readonly current = (key: string): Counts | undefined => this.items.get(key)?.counts

  get(key: string): ItemNow | undefined {
    return this.items.get(key)
  }

  all(): IterableIterator<ItemNow> {
    return this.items.values()
  }

  nameOf(key: string): { name: string; url: string | null } | undefined {
    return this.names[key]
  }

  /**
   * Keeps a refresh: every item it read (`complete` or not, only these are counted now), with
   * only the counts that changed written. Returns the keys whose counts changed.
   */
  record(timeMs: number, counted: readonly CountedItem[], gone: readonly string[] = []): Promise<string[]> {
    const run = this.writing.then(() => this.append(timeMs, counted, gone))
    this.writing = run.catch(() => undefined)
    return run
  }

  /** Waits for every append begun. */
  async flush(): Promise<void> {
    await this.writing
  }

  async close(): Promise<void> {
    this.closed = true
    await this.flush()
  }

  /** The account signed out: its history goes with it. */
  async discard(): Promise<void> {
    await this.close()
    await rm(this.dir, { recursive: true, force: true })
  }

  private async append(timeMs: number, read: readonly CountedItem[], gone: readonly string[]): Promise<string[]> {
    if (this.closed) return []
    // One count per item: both hosts may list the same item (the last row read wins).
    const counted = [...new Map(read.map((item) => [libraryKey(item.docType, item.id), item])).values()]
    const time = Math.max(seconds(timeMs), this.lastTime)
    await mkdir(this.dir, { recursive: true, mode: 0o700 })
    const name = segmentName(time)
    const frames: Uint8Array[] = []
    if (name !== this.segment) {
      // A new month starts with everything known, so it can be read without the months before.
      this.segmentKeys = [...this.items.keys()]
      this.indexOf.clear()
      this.segmentKeys.forEach((key, index) => this.indexOf.set(key, index))
      frames.push(encodeState(time, this.segmentKeys.map((key) => this.items.get(key) as ItemNow)))
    }
    const added: ItemIdentity[] = []
    const seen = new Uint8Array(Math.ceil((this.segmentKeys.length + counted.length) / 8))
    const changes: CountChange[] = []
    const changedKeys: string[] = []
    let namesChanged = false
    const previous = new Map<number, Counts>()
    for (const item of counted) {
      const key = libraryKey(item.docType, item.id)
      let index = this.indexOf.get(key)
      if (index === undefined) {
        index = this.segmentKeys.length
        this.segmentKeys.push(key)
        this.indexOf.set(key, index)
        // A segment starts with every item known, so only an item never counted is new here.
        added.push({ docType: item.docType, id: item.id })
      }
      seen[index >> 3] = (seen[index >> 3] as number) | (1 << (index & 7))
      const known = this.items.get(key)
      const counts: Counts = [item.counts.views, item.counts.leads, item.counts.sales ?? known?.counts[2] ?? 0, item.counts.approvals ?? known?.counts[3] ?? 0]
      const isNewHere = index >= this.segmentKeys.length - added.length
      const before = isNewHere ? ZERO : (known?.counts ?? ZERO)
      previous.set(index, before)
      if (!known || isNewHere || known.gone || counts.some((count, field) => count !== known.counts[field])) {
        changes.push({ index, counts })
        if (!known || counts.some((count, field) => count !== known.counts[field])) changedKeys.push(key)
      }
      this.items.set(key, { key, docType: item.docType, id: item.id, counts, firstSeen: known?.firstSeen ?? time, lastSeen: time, gone: false })
      const label = this.names[key]
      if (!label || label.name !== item.name || label.url !== item.url) {
        this.names[key] = { name: item.name, url: item.url }
        namesChanged = true
      }
    }
    for (const key of gone) {
      const known = this.items.get(key)
      const index = this.indexOf.get(key)
      if (!known || known.gone || index === undefined || changes.some((change) => change.index === index)) continue
      changes.push({ index, counts: null })
      known.gone = true
    }
    changes.sort((a, b) => a.index - b.index)
    frames.push(encodeCounted({ time, added, seen, changes }, (index) => previous.get(index) ?? ZERO))
    await this.appendFrames(name, frames)
    this.lastTime = time
    if (namesChanged) await writeFileDurably(join(this.dir, 'items.json'), JSON.stringify(this.names))
    return changedKeys
  }

  private async appendFrames(name: string, frames: readonly Uint8Array[]): Promise<void> {
    const path = join(this.dir, name)
    const fresh = name !== this.segment
    const file = await open(path, 'a', 0o600)
    try {
      for (const frame of frames) await file.write(frame)
      await file.datasync()
    } finally {
      await file.close()
    }
    if (fresh) await fsyncDirectory(this.dir)
    this.segment = name
  }

  /** Reads the newest month (which starts with everything known before it), and cuts off a torn tail. */
  private async load(): Promise<void> {
    try {
      this.names = JSON.parse(await readFile(join(this.dir, 'items.json'), 'utf8')) as Names
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.log.warn('The names of counted items could not be read; they come back with the next refresh', error)
    }
    const segments = await listSegments(this.dir)
    const newest = segments.at(-1)
    if (!newest) return
    const path = join(this.dir, newest)
    const bytes = await readFile(path)
    const { frames, goodEnd } = readFrames(bytes)
    if (goodEnd < bytes.length) {
      this.log.warn(`The readers' history ended in a torn write (${bytes.length - goodEnd} bytes); the last refresh before it is kept`)
      const file = await open(path, 'r+')
      try {
        await file.truncate(goodEnd)
        await file.datasync()
      } finally {
        await file.close()
      }
    }
    // Counts by segment index while the month is read (in place, no object per change), then kept per item.
    const counts = new CountTable()
    let byIndex: ItemNow[] = []
    for (const frame of frames) {
      if (frame.type === STATE) {
        const state = decodeState(frame.payload)
        this.segmentKeys = []
        this.indexOf.clear()
        byIndex = []
        counts.ensure(state.entries.length)
        for (const entry of state.entries) {
          const key = libraryKey(entry.docType, entry.id)
          const item: ItemNow = { key, docType: entry.docType, id: entry.id, counts: entry.counts, firstSeen: entry.firstSeen, lastSeen: entry.lastSeen, gone: entry.gone }
          counts.data.set(entry.counts, byIndex.length * 4)
          this.indexOf.set(key, this.segmentKeys.length)
          this.segmentKeys.push(key)
          byIndex.push(item)
          this.items.set(key, item)
        }
        this.lastTime = Math.max(this.lastTime, state.time)
        continue
      }
      if (frame.type !== COUNTED) continue
      const head = readCountedHead(frame.payload)
      counts.ensure(byIndex.length + head.added.length)
      for (const added of head.added) {
        const key = libraryKey(added.docType, added.id)
        counts.data.fill(0, byIndex.length * 4, byIndex.length * 4 + 4)
        this.indexOf.set(key, this.segmentKeys.length)
        this.segmentKeys.push(key)
        const item = this.items.get(key) ?? { key, docType: added.docType, id: added.id, counts: [0, 0, 0, 0], firstSeen: head.time, lastSeen: head.time, gone: false }
        this.items.set(key, item)
        byIndex.push(item)
      }
      for (let byte = 0; byte < head.seen.length; byte++) {
        const bits = head.seen[byte] as number
        if (bits === 0) continue
        for (let bit = 0; bit < 8; bit++) {
          const item = bits & (1 << bit) ? byIndex[byte * 8 + bit] : undefined
          if (item) item.lastSeen = head.time
        }
      }
      applyChanges(head, counts.data, (index, gone) => {
        const item = byIndex[index]
        if (item) item.gone = gone
      })
      this.lastTime = Math.max(this.lastTime, head.time)
    }
    byIndex.forEach((item, index) => {
      const at = index * 4
      item.counts = [counts.data[at] ?? 0, counts.data[at + 1] ?? 0, counts.data[at + 2] ?? 0, counts.data[at + 3] ?? 0]
    })
    this.segment = newest
  }
}
