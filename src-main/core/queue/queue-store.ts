import { readFile, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { hostFor, type Host } from '../../../src-shared/domain/service/item'
import { openRecordLog, type Dropped, type RecordLog } from '../storage/record-log'
import { asCannotSave } from '../storage/storage-trouble'
import { openPublishedRecord, type PublishedEntry } from './published-record'
import { describeDropped } from './restore-notices'
import { noticeOf } from '../i18n/notice'
import type { Said } from '../../../src-shared/i18n/said'
import { sentence } from '../i18n/sentence'
import { salvageJobs } from './salvage-jobs'
import type { JobRecord } from './job-record'
import {
  parseQueueEntry,
  parseQueueSnapshot,
  type PublishedIndex,
  type PublishedItem,
  type QueueEntry,
  type QueueSnapshot,
  type StoredLimits
} from './queue-journal'

/** A scratch file: saving goes on once this much fits again, not at the first free bytes. */
const SPACE_PROBE = 'space-check.tmp'
const SPACE_PROBE_BYTES = 256 * 1024

/** Journal entries that trigger a compaction, at least (more when the queue is big). */
const COMPACT_AFTER = 2_000

/**
 * The queue's state in memory, and on disk as a journal of state changes compacted into
 * snapshots. Every change is durable (fsynced, group-committed) before its promise
 * resolves, and shows in jobs() only then: a change that could not be written (a full disk, a
 * read-only folder) rejects and changes nothing. Progress never comes here.
 */
export interface QueueStore {
  /** Jobs in queue order. */
  jobs(): JobRecord[]
  get(id: string): JobRecord | undefined
  /** A change of this job is on its way to disk: what get() says of it is about to change (nothing may start it meanwhile). */
  isSaving(id: string): boolean
  readonly paused: boolean
  /** An account's plan limits as last learned. */
  limitsOf(account: string): StoredLimits | null
  /** Items published earlier from the same content, for one account (from the published record, which outlives the queue). */
  published(account: string, sha256: string): PublishedItem[]
  /** Items of an account and host that jobs of this data folder other than `exceptJob` made or took, cleared jobs included. */
  madeByOthers(account: string, host: Host, exceptJob: string): ReadonlySet<number>
  /** Each change rejects with CannotSave (storage-trouble.ts) when the disk is full or read-only. */
  put(jobs: readonly JobRecord[]): Promise<void>
  remove(ids: readonly string[]): Promise<void>
  setOrder(ids: readonly string[]): Promise<void>
  setPaused(paused: boolean): Promise<void>
  /** Records an item a job made or took, durably, apart from the queue. */
  recordPublished(entry: PublishedEntry): Promise<void>
  setLimits(account: string, limits: StoredLimits): Promise<void>
  /**
   * Whether changes can be saved again after a full disk or a read-only folder: room for a
   * few changes (not just the last bytes of a page) and a journal write that changes nothing.
   * Rejects with CannotSave while not.
   */
  checkWritable(): Promise<void>
  /** Bytes written to disk so far (for the benchmark). */
  readonly bytesWritten: number
  close(): Promise<void>
}

export interface OpenedQueue {
  store: QueueStore
  /** What could not be read back, in words for the user (English, as the command prints it). */
  notices: string[]
  /** The same notices as the window says them: each one's whole sentences, in order. */
  noticesSaid: Said[][]
}

interface State {
  jobs: Map<string, JobRecord>
  order: string[]
  paused: boolean
  index: PublishedIndex
  limits: Record<string, StoredLimits>
}

function apply(state: State, entry: QueueEntry): void {
  switch (entry.type) {
    case 'put':
      if (!state.jobs.has(entry.job.id)) state.order.push(entry.job.id)
      state.jobs.set(entry.job.id, entry.job)
      break
    case 'remove': {
      const gone = new Set(entry.ids)
      for (const id of gone) state.jobs.delete(id)
      state.order = state.order.filter((id) => !gone.has(id))
      break
    }
    case 'order': {
      // Jobs the entry does not name (added meanwhile) keep their place after the named ones.
      const named = entry.ids.filter((id) => state.jobs.has(id))
      const rest = state.order.filter((id) => !named.includes(id))
      state.order = [...named, ...rest]
      break
    }
    case 'paused':
      state.paused = entry.paused
      break
    case 'published': {
      const account = (state.index[entry.account] ??= {})
      const items = (account[entry.sha256] ??= [])
      if (!items.some((item) => item.itemId === entry.item.itemId)) items.unshift(entry.item)
      break
    }
    case 'limits':
      if (entry.account !== undefined) state.limits[entry.account] = entry.limits
      break
  }
}

function fromSnapshot(snapshot: QueueSnapshot | null): State {
  const state: State = { jobs: new Map(), order: [], paused: false, index: {}, limits: {} }
  if (!snapshot) return state
  for (const job of snapshot.jobs) {
    state.jobs.set(job.id, job)
    state.order.push(job.id)
  }
  return { ...state, paused: snapshot.paused, index: snapshot.index, limits: { ...snapshot.accountLimits } }
}

/** Unfinished jobs a damaged snapshot still names that the restore did not bring back: their files or links. */
async function lostJobs(dir: string, dropped: readonly Dropped[], state: State): Promise<string[]> {
  const damaged = dropped.find((entry) => entry.reason === 'snapshot')
  if (!damaged) return []
  const text = await readFile(join(dir, damaged.file), 'utf8').catch(() => '')
  return salvageJobs(text)
    .filter((job) => job.unfinished && !state.jobs.has(job.id))
    .map((job) => job.label)
}

/**
 * Opens (or creates) the queue in `dir`, replaying its snapshot and journal, and the record
 * of what was published in `publishedDir` (a folder of its own, so losing the queue's files
 * never loses it; default: inside `dir`).
 */
export async function openQueueStore(dir: string, options: { publishedDir?: string } = {}): Promise<OpenedQueue> {
  const opened = await openRecordLog<QueueSnapshot, QueueEntry>({
    dir: join(dir),
    parseSnapshot: parseQueueSnapshot,
    parseEntry: parseQueueEntry
  })
  const state = fromSnapshot(opened.snapshot)
  for (const entry of opened.entries) apply(state, entry)
  const log: RecordLog<QueueSnapshot, QueueEntry> = opened.log
  const { record, damaged } = await openPublishedRecord(options.publishedDir ?? join(dir, 'published'))
  // What an earlier FlipDrop kept inside the queue moves to the record (once; known entries are skipped).
  await record.importIndex(state.index, hostFor)

  const snapshot = (): QueueSnapshot => ({
    version: 1,
    jobs: state.order.map((id) => state.jobs.get(id)).filter((job): job is JobRecord => job !== undefined),
    paused: state.paused,
    index: state.index,
    accountLimits: state.limits
  })

  // The journal write is the commit point: the state (and so what anyone is told) changes only
  // once the entries are on disk. A write that fails (a full disk) leaves the state as on disk.
  let compacting: Promise<void> | null = null
  /** Jobs with a change on its way to disk (not in the state yet), and how many changes. */
  const saving = new Map<string, number>()
  async function write(entries: QueueEntry[]): Promise<void> {
    const ids = entries.flatMap((entry) => (entry.type === 'put' ? [entry.job.id] : entry.type === 'remove' ? entry.ids : []))
    for (const id of ids) saving.set(id, (saving.get(id) ?? 0) + 1)
    try {
      await log.append(entries, () => {
        for (const entry of entries) apply(state, entry)
      })
    } catch (error) {
      throw asCannotSave(error)
    } finally {
      for (const id of ids) {
        const left = (saving.get(id) ?? 1) - 1
        if (left > 0) saving.set(id, left)
        else saving.delete(id)
      }
    }
    if (!compacting && log.entriesSinceCompaction > Math.max(COMPACT_AFTER, state.jobs.size)) {
      compacting = compact().finally(() => {
        compacting = null
      })
      await compacting
    }
  }
  /**
   * A snapshot of what is committed, taken by the log between commits. One that cannot be
   * written (a full disk) loses nothing: the journal still holds every change, and the next
   * compaction tries again.
   */
  const compact = (): Promise<void> => log.compact(snapshot).catch(() => undefined)

  // A restore that had to skip records is compacted at once, so the damage is not replayed again.
  if (opened.dropped.length > 0 || opened.recoveredFrom !== null) await compact()

  const store: QueueStore = {
    jobs: () => state.order.map((id) => state.jobs.get(id)).filter((job): job is JobRecord => job !== undefined),
    get: (id) => state.jobs.get(id),
    isSaving: (id) => saving.has(id),
    get paused() {
      return state.paused
    },
    limitsOf: (account) => state.limits[account] ?? null,
    published: (account, sha256) => record.published(account, sha256),
    madeByOthers: (account, host, exceptJob) => record.madeByOthers(account, host, exceptJob),
    put: (jobs) => write(jobs.map((job) => ({ type: 'put', job }))),
    remove: (ids) => write([{ type: 'remove', ids: [...ids] }]),
    setOrder: (ids) => write([{ type: 'order', ids: [...ids] }]),
    setPaused: (paused) => write([{ type: 'paused', paused }]),
    recordPublished: (entry) => record.record(entry),
    setLimits: (account, limits) => write([{ type: 'limits', account, limits }]),
    async checkWritable() {
      const probe = join(dir, SPACE_PROBE)
      try {
        await writeFile(probe, Buffer.alloc(SPACE_PROBE_BYTES), { mode: 0o600 })
      } catch (error) {
        throw asCannotSave(error)
      } finally {
        await unlink(probe).catch(() => undefined)
      }
      await write([{ type: 'paused', paused: state.paused }])
    },
    get bytesWritten() {
      return log.bytesWritten + record.bytesWritten
    },
    async close() {
      await compacting
      // A normal restart then reads one snapshot instead of replaying the journal.
      if (log.entriesSinceCompaction > 0) await compact()
      await log.close()
      await record.close()
    }
  }
  const lost = await lostJobs(dir, opened.dropped, state)
  const notices = describeDropped(opened.dropped, { paused: state.paused, recovered: opened.recoveredFrom !== null, lost })
  if (damaged) notices.push(noticeOf(sentence('coreQueue.notices.publishedDamaged')))
  return { store, notices: notices.map((notice) => notice.text), noticesSaid: notices.map((notice) => notice.said) }
}
