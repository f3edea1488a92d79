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
  // Indexes, so a drop of 10,000 files and every lookup ask in constant time, not over every entry.
  /** account|sha256 → items newest first (one per item). */
  const byContent = new Map<string, PublishedItem[]>()
  /** account|host → itemId → the jobs that made or took it (null: unknown, from an earlier FlipDrop). */
  const byItem = new Map<string, Map<number, Set<string | null>>>()
  const keyOf = (entry: PublishedEntry): string => `${entry.account}|${entry.host}|${entry.itemId}|${entry.sha256 ?? ''}|${entry.jobId ?? ''}`
  const add = (entry: PublishedEntry): boolean => {
    const key = keyOf(entry)
    if (seen.has(key)) return false
    seen.add(key)
    entries.push(entry)
    if (entry.sha256 !== null) {
      const contentKey = `${entry.account}|${entry.sha256}`
      const items = (byContent.get(contentKey) ?? []).filter((item) => item.itemId !== entry.itemId)
      byContent.set(contentKey, [{ itemId: entry.itemId, name: entry.name, url: entry.url, docType: entry.docType, at: entry.at }, ...items])
    }
    const hostKey = `${entry.account}|${entry.host}`
    const items = byItem.get(hostKey) ?? new Map<number, Set<string | null>>()
    byItem.set(hostKey, items)
    const jobs = items.get(entry.itemId) ?? new Set<string | null>()
    items.set(entry.itemId, jobs)
    jobs.add(entry.jobId)
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
    published: (account, sha256) => byContent.get(`${account}|${sha256}`) ?? [],
    madeByOthers(account, host, exceptJob) {
      const ids = new Set<number>()
      // An item this job made or took itself stays its own, whatever else was recorded about it.
      for (const [itemId, jobs] of byItem.get(`${account}|${host}`) ?? []) if (!jobs.has(exceptJob)) ids.add(itemId)
      return ids
    },
    record: (entry) => write([entry]),
    async importIndex(index, hostOf) {
      const fresh: PublishedEntry[] = []
      for (const [account, contents] of Object.entries(index)) {
        for (const [sha256, items] of Object.entries(contents)) {
          const known = new Set((byContent.get(`${account}|${sha256}`) ?? []).map((item) => item.itemId))
          for (const item of items) {
            if (!known.has(item.itemId)) fresh.push({ account, host: hostOf(item.docType), sha256, ...item, by: 'earlier', jobId: null })
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
