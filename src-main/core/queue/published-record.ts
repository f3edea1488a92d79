import { z } from 'zod'
import { HOSTS, type Host } from '../../../src-shared/domain/service/item'
import { openRecordLog, type RecordLog } from '../storage/record-log'
import type { PublishedIndex, PublishedItem } from './queue-journal'

/*
 * What this data folder published, kept apart from the queue: clearing finished jobs, or a
 * queue whose snapshot was damaged, must not forget it. It answers two questions:
 * - "was this content published before?" (the same-content offer of a new drop), and
 * - "did an earlier job of this folder make this item?" (a lookup never adopts such an item:
 *   publishing the same PDF again on purpose makes a second item, and that one is this upload's).
 */

/** One item this folder's jobs made or took. */
export const publishedEntrySchema = z.object({
  account: z.string(),
  host: z.enum(HOSTS),
  itemId: z.number(),
  /** SHA-256 of the content it holds, when known (a link's content is the service's download). */
  sha256: z.string().nullable(),
  name: z.string(),
  url: z.string(),
  docType: z.enum(['Flipbook', 'Document']),
  at: z.number(),
  /** How it came about: a create's answer, a lookup that found a lost answer's item, a replace, or a record from before this log. */
  by: z.enum(['create', 'adopt', 'replace', 'earlier']),
  /** The job that made or took it (a job's own item is never "another job's"). */
  jobId: z.string().nullable()
})
export type PublishedEntry = z.infer<typeof publishedEntrySchema>

const snapshotSchema = z.object({ version: z.literal(1), entries: z.array(publishedEntrySchema) })
type PublishedSnapshot = z.infer<typeof snapshotSchema>

/** Compacts after this many entries (each publish adds one or two). */
const COMPACT_AFTER = 2_000

export interface PublishedRecord {
  /** Items published earlier from this content for an account, newest first. */
  published(account: string, sha256: string): PublishedItem[]
  /** Items of an account and host that jobs of this folder made or took, other than `exceptJob`'s. */
  madeByOthers(account: string, host: Host, exceptJob: string): ReadonlySet<number>
  /** Makes an entry durable (fsynced) before it resolves; an item recorded again for the same content is kept once. */
  record(entry: PublishedEntry): Promise<void>
  /** Takes the "published" index an earlier FlipDrop kept inside the queue (entries already known are skipped). */
  importIndex(index: PublishedIndex, hostOf: (docType: PublishedItem['docType']) => Host): Promise<void>
  readonly bytesWritten: number
  close(): Promise<void>
}

/** Opens the record in `dir`; what could not be read back is reported as notices by the caller. */
export async function openPublishedRecord(dir: string): Promise<{ record: PublishedRecord; damaged: boolean }> {
  const opened = await openRecordLog<PublishedSnapshot, PublishedEntry>({
    dir,
    parseSnapshot: (value) => snapshotSchema.parse(value),
    parseEntry: (value) => publishedEntrySchema.parse(value)
  })
  const log: RecordLog<PublishedSnapshot, PublishedEntry> = opened.log
  const entries: PublishedEntry[] = []
  const seen = new Set<string>()
  const keyOf = (entry: PublishedEntry): string => `${entry.account}|${entry.host}|${entry.itemId}|${entry.sha256 ?? ''}|${entry.jobId ?? ''}`
  const add = (entry: PublishedEntry): boolean => {
    const key = keyOf(entry)
    if (seen.has(key)) return false
    seen.add(key)
    entries.push(entry)
    return true
  }
  for (const entry of opened.snapshot?.entries ?? []) add(entry)
  for (const entry of opened.entries) add(entry)

  async function write(fresh: PublishedEntry[]): Promise<void> {
    const kept = fresh.filter(add)
    if (kept.length === 0) return
    await log.append(kept)
    if (log.entriesSinceCompaction > Math.max(COMPACT_AFTER, entries.length)) await log.compact({ version: 1, entries })
  }

  const record: PublishedRecord = {
    published(account, sha256) {
      const items: PublishedItem[] = []
      for (let index = entries.length - 1; index >= 0; index--) {
        const entry = entries[index] as PublishedEntry
        if (entry.account !== account || entry.sha256 !== sha256 || items.some((item) => item.itemId === entry.itemId)) continue
        items.push({ itemId: entry.itemId, name: entry.name, url: entry.url, docType: entry.docType, at: entry.at })
      }
      return items
    },
    madeByOthers(account, host, exceptJob) {
      const ids = new Set<number>()
      const own = new Set<number>()
      for (const entry of entries) {
        if (entry.account !== account || entry.host !== host) continue
        if (entry.jobId === exceptJob) own.add(entry.itemId)
        else ids.add(entry.itemId)
      }
      // An item this job took itself stays its own, whatever else was recorded about it.
      for (const id of own) ids.delete(id)
      return ids
    },
    record: (entry) => write([entry]),
    async importIndex(index, hostOf) {
      const fresh: PublishedEntry[] = []
      for (const [account, byContent] of Object.entries(index)) {
        for (const [sha256, items] of Object.entries(byContent)) {
          for (const item of items) {
            const known = entries.some((entry) => entry.account === account && entry.itemId === item.itemId && entry.sha256 === sha256)
            if (!known) fresh.push({ account, host: hostOf(item.docType), sha256, ...item, by: 'earlier', jobId: null })
          }
        }
      }
      await write(fresh)
    },
    get bytesWritten() {
      return log.bytesWritten
    },
    async close() {
      if (log.entriesSinceCompaction > 0) await log.compact({ version: 1, entries })
      await log.close()
    }
  }
  return { record, damaged: opened.dropped.length > 0 }
}
