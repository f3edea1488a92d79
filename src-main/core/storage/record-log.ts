import { mkdir, open, rename, unlink, type FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import { fsyncDirectory, writeFileDurably } from './durable-file'
import { PREVIOUS_SNAPSHOT_FILE, RECORD_FILE_MODE, SNAPSHOT_FILE, journalName, listRecordFolder } from './record-files'
import { encodeJsonRecord, encodeRecord } from './record-line'
import type { OpenedRecordLog, RecordLog, RecordLogOptions, RecordLogStats } from './record-log-types'
import { replayRecordFolder } from './record-replay'

export type { Dropped, OpenedRecordLog, RecordLog, RecordLogOptions, RecordLogStats } from './record-log-types'

/*
 * On-disk format (one folder per log):
 *
 *   journal-0000000007.rec   entries, one record line each: `<crc32 hex> {"seq":N,"entry":…}\n`
 *   snapshot.rec             one record line: `<crc32 hex> {"format":1,"seq":S,"gen":G,"snapshot":…}\n`
 *
 * Every entry gets the next sequence number when append() is called, so numbers follow call
 * order across journals. The snapshot covers every entry up to `seq` S; journals of generation
 * G and above may hold entries after it (and some it covers, which replay skips by number).
 *
 * Compaction never rewrites a journal. It (1) closes the current journal and makes the next
 * append start generation G, (2) renames the current snapshot (generation P) to
 * snapshot.prev.rec, (3) writes the snapshot {seq S, gen G} with writeFileDurably, (4) only
 * then deletes journals below P. A crash before (3) is durable leaves a snapshot (current or
 * previous) and every journal after it; after it, both snapshots and the journals they point
 * at. Either way replay = snapshot + entries numbered above its S, which are exactly the
 * appended ones; and a current snapshot damaged later is rebuilt from the previous one.
 *
 * Appending after a restart always opens a new generation, so a torn tail left by the crash
 * stays the last line of its own file and is never glued to a later record.
 *
 * The journal is open only while a batch is written (so nothing holds a file open for writing
 * between changes, and a read-only remount can happen). A failed write or fsync (a full disk, a
 * read-only folder) rejects that batch only: the journal is cut back to its last whole record,
 * or, when even that fails, left as it is and the next batch starts the next generation, so a
 * torn tail is never glued to a later record either way. Later appends are tried as usual.
 */

interface Waiter {
  resolve(): void
  reject(error: Error): void
  /** Told, in commit order, once the entries are durable and before anyone is resolved. */
  committed?: (() => void) | undefined
}

/** A compaction waiting for the writer to switch journals: told the generation, and what the snapshot covers. */
type Rotation = (switched: { gen: number; coveredSeq: number; body: string } | Error) => void

/** Appends waiting for the next group commit: their encoded lines and who to tell. */
interface Batch {
  lines: string[]
  waiters: Waiter[]
}

function emptyBatch(): Batch {
  return { lines: [], waiters: [] }
}

class JournalRecordLog<Snapshot, Entry> implements RecordLog<Snapshot, Entry> {
  readonly #dir: string
  readonly #stats: RecordLogStats = { writes: 0, syncs: 0, compactions: 0 }
  #bytesWritten = 0
  /** The last sequence number handed out. */
  #lastSeq: number
  /** entriesSinceCompaction = #lastSeq - #compactedSeq. */
  #compactedSeq: number
  /** The last sequence number written and synced: what a snapshot taken by the writer covers. */
  #committedSeq: number
  /** Generation of the journal appends go to (created by the first of them). */
  #gen: number
  /** Whether the journal of #gen exists on disk, and its size up to its last whole record. */
  #journalCreated = false
  #journalSize = 0
  #folderReady = false
  #pending: Batch = emptyBatch()
  /** The last sequence number of each pending waiter's entries, in order (for #committedSeq). */
  #pendingLastSeqs: number[] = []
  /** Compactions waiting for the writer to switch journals. */
  #rotations: Array<{ snapshot: () => string; coveredSeq: number | null; done: Rotation }> = []
  #writer: Promise<void> | null = null
  /** Snapshots are written one after another, in call order, so an older one never wins. */
  #compactions: Promise<void> = Promise.resolve()
  #closed = false
  /** Generation of the current snapshot on disk; null: none (first start, or set aside as damaged). */
  #snapshotGen: number | null

  constructor(dir: string, lastSeq: number, replayedEntries: number, nextGen: number, snapshotGen: number | null) {
    this.#dir = dir
    this.#lastSeq = lastSeq
    this.#committedSeq = lastSeq
    this.#compactedSeq = lastSeq - replayedEntries
    this.#gen = nextGen
    this.#snapshotGen = snapshotGen
  }

  get bytesWritten(): number {
    return this.#bytesWritten
  }

  get entriesSinceCompaction(): number {
    return this.#lastSeq - this.#compactedSeq
  }

  get stats(): Readonly<RecordLogStats> {
    return { ...this.#stats }
  }

  append(entries: readonly Entry[], committed?: () => void): Promise<void> {
    const refusal = this.#refusal()
    if (refusal) return Promise.reject(refusal)
    if (entries.length === 0) {
      committed?.()
      return Promise.resolve()
    }
    let lines: string[]
    try {
      // Encoded now, with numbers in call order; a later change to the objects cannot leak in.
      lines = entries.map((entry, index) => encodeRecord({ seq: this.#lastSeq + index + 1, entry }))
    } catch (error) {
      return Promise.reject(error as Error)
    }
    this.#lastSeq += entries.length
    return new Promise<void>((resolve, reject) => {
      this.#pending.lines.push(...lines)
      this.#pending.waiters.push({ resolve, reject, committed })
      this.#pendingLastSeqs.push(this.#lastSeq)
      this.#startWriter()
    })
  }

  compact(snapshot: Snapshot | (() => Snapshot)): Promise<void> {
    const refusal = this.#refusal()
    if (refusal) return Promise.reject(refusal)
    const serialise = (value: Snapshot): string => {
      const body = JSON.stringify(value)
      if (typeof body !== 'string') throw new TypeError('A snapshot must be a JSON value')
      return body
    }
    let request: { snapshot: () => string; coveredSeq: number | null }
    if (typeof snapshot === 'function') {
      // Taken by the writer when it switches journals: then it covers exactly what was committed
      // (the caller's state follows commits, see append's `committed`).
      const take = snapshot as () => Snapshot
      request = { snapshot: () => serialise(take()), coveredSeq: null }
    } else {
      // Serialised now: the caller may go on changing its state, and entries appended from
      // here on must not end up both in this snapshot and after it.
      let body: string
      try {
        body = serialise(snapshot)
      } catch (error) {
        return Promise.reject(error as Error)
      }
      request = { snapshot: () => body, coveredSeq: this.#lastSeq }
    }
    // Asked for now, not when earlier compactions finish: the switch must fall between the
    // entries this snapshot covers and the ones appended after this call.
    const rotated = new Promise<{ gen: number; coveredSeq: number; body: string } | Error>((resolve) => this.#rotations.push({ ...request, done: resolve }))
    this.#startWriter()
    const run = this.#compactions.then(async () => {
      const switched = await rotated
      if (switched instanceof Error) throw switched
      await this.#writeSnapshot(switched.coveredSeq, switched.gen, switched.body)
    })
    // The next compaction waits for this one whether it worked or not.
    this.#compactions = run.catch(() => undefined)
    return run
  }

  async close(): Promise<void> {
    this.#closed = true
    while (this.#writer) await this.#writer
    await this.#compactions
  }

  #refusal(): Error | null {
    return this.#closed ? new Error('The record log is closed') : null
  }

  #startWriter(): void {
    this.#writer ??= this.#runWriter()
  }

  /** The one writer: switches journals and commits batches, one thing at a time, until idle. */
  async #runWriter(): Promise<void> {
    // Lets every append made in the same tick join the first batch.
    await Promise.resolve()
    try {
      for (;;) {
        if (this.#rotations.length > 0) this.#rotate()
        else if (this.#pending.waiters.length > 0) await this.#commit()
        else break
      }
    } finally {
      this.#writer = null
    }
  }

  /** Switches journals between commits; each waiting compaction learns its generation and snapshot. */
  #rotate(): void {
    const waiting = this.#rotations.splice(0)
    if (this.#journalCreated) {
      this.#gen += 1
      this.#journalCreated = false
      this.#journalSize = 0
    }
    // With no journal of this generation on disk there is nothing to switch: the next append starts #gen anyway.
    for (const rotation of waiting) {
      try {
        rotation.done({ gen: this.#gen, coveredSeq: rotation.coveredSeq ?? this.#committedSeq, body: rotation.snapshot() })
      } catch (error) {
        rotation.done(error as Error)
      }
    }
  }

  /** One group commit: everything queued so far in one write and one fsync. */
  async #commit(): Promise<void> {
    const batch = this.#pending
    const lastSeqs = this.#pendingLastSeqs
    this.#pending = emptyBatch()
    this.#pendingLastSeqs = []
    const data = Buffer.from(batch.lines.join(''), 'utf8')
    let journal: FileHandle | null = null
    try {
      journal = await this.#openJournal()
      let offset = 0
      while (offset < data.length) {
        const { bytesWritten } = await journal.write(data, offset, data.length - offset)
        offset += bytesWritten
      }
      this.#stats.writes += 1
      this.#bytesWritten += data.length
      // datasync also flushes the new file length, which is all appending changes.
      await journal.datasync()
      this.#stats.syncs += 1
    } catch (error) {
      await this.#cutBack(journal)
      for (const waiter of batch.waiters) waiter.reject(error as Error)
      return
    }
    await journal.close().catch(() => undefined)
    this.#journalSize += data.length
    this.#committedSeq = lastSeqs.at(-1) ?? this.#committedSeq
    for (const waiter of batch.waiters) waiter.committed?.()
    for (const waiter of batch.waiters) waiter.resolve()
  }

  async #openJournal(): Promise<FileHandle> {
    await this.#ensureFolder()
    if (this.#journalCreated) return open(join(this.#dir, journalName(this.#gen)), 'a', RECORD_FILE_MODE)
    // 'ax': a new generation's file that already exists is a bug, not something to append to.
    const journal = await open(join(this.#dir, journalName(this.#gen)), 'ax', RECORD_FILE_MODE)
    this.#journalCreated = true
    this.#journalSize = 0
    try {
      // The new name must be durable before anything in the file is acknowledged.
      await fsyncDirectory(this.#dir)
    } catch (error) {
      await journal.close().catch(() => undefined)
      throw error
    }
    return journal
  }

  /**
   * After a failed write or fsync, what the journal holds past its last whole record is
   * unknown (a half line, or pages the kernel dropped): cut it back to that record and sync.
   * When that fails too, the file is left as it is and the next batch starts a new generation,
   * where replay finds any torn tail as the last line of its own file.
   */
  async #cutBack(journal: FileHandle | null): Promise<void> {
    await journal?.close().catch(() => undefined)
    if (!this.#journalCreated) return
    try {
      const handle = await open(join(this.#dir, journalName(this.#gen)), 'r+')
      try {
        await handle.truncate(this.#journalSize)
        await handle.datasync()
      } finally {
        await handle.close().catch(() => undefined)
      }
    } catch {
      this.#gen += 1
      this.#journalCreated = false
      this.#journalSize = 0
    }
  }

  async #ensureFolder(): Promise<void> {
    if (this.#folderReady) return
    await mkdir(this.#dir, { recursive: true })
    this.#folderReady = true
  }

  async #writeSnapshot(coveredSeq: number, gen: number, body: string): Promise<void> {
    await this.#ensureFolder()
    const line = encodeJsonRecord(`{"format":1,"seq":${coveredSeq},"gen":${gen},"snapshot":${body}}`)
    // The current snapshot becomes the previous one (a rename: no bytes written), and the
    // journals since it stay, so a damaged new snapshot can be rebuilt without loss.
    let previousGen: number | null = null
    if (this.#snapshotGen !== null) {
      try {
        await rename(join(this.#dir, SNAPSHOT_FILE), join(this.#dir, PREVIOUS_SNAPSHOT_FILE))
        previousGen = this.#snapshotGen
        this.#snapshotGen = null
      } catch {
        // Held open (a scanner on Windows): the new snapshot replaces it, and no journal goes this time.
      }
    }
    await writeFileDurably(join(this.#dir, SNAPSHOT_FILE), line, { mode: RECORD_FILE_MODE })
    this.#snapshotGen = gen
    this.#stats.compactions += 1
    this.#bytesWritten += Buffer.byteLength(line)
    this.#compactedSeq = Math.max(this.#compactedSeq, coveredSeq)
    // Without a previous snapshot, every journal is what a damaged snapshot would be rebuilt from.
    await this.#deleteCovered(previousGen ?? 0)
  }

  /** Deletes journals the durable snapshot covers, and temp files of interrupted snapshot writes. */
  async #deleteCovered(gen: number): Promise<void> {
    const folder = await listRecordFolder(this.#dir)
    const names = [...folder.journals.filter((journal) => journal.gen < gen).map((journal) => journal.name), ...folder.snapshotTemps]
    // A file that cannot be deleted now (held open on Windows) is skipped by replay and
    // retried by the next compaction, so a failure here is not the caller's problem.
    await Promise.all(names.map((name) => unlink(join(this.#dir, name)).catch(() => undefined)))
  }
}

/**
 * Opens (or creates, on the first append) the record log in `options.dir` and replays it:
 * the last snapshot, the entries after it, and what could not be read back.
 * Nothing is written until append() or compact(), except renaming a damaged snapshot aside.
 */
export async function openRecordLog<Snapshot, Entry>(
  options: RecordLogOptions<Snapshot, Entry>
): Promise<OpenedRecordLog<Snapshot, Entry>> {
  const replay = await replayRecordFolder(options)
  const log = new JournalRecordLog<Snapshot, Entry>(options.dir, replay.lastSeq, replay.entries.length, replay.nextGen, replay.snapshotGen)
  return { log, snapshot: replay.snapshot, entries: replay.entries, dropped: replay.dropped, recoveredFrom: replay.recoveredFrom }
}
