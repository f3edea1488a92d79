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
 */

interface Waiter {
  resolve(): void
  reject(error: Error): void
}

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
  /** Generation of the open journal, or of the next one to open when none is. */
  #gen: number
  #journal: FileHandle | null = null
  #folderReady = false
  #pending: Batch = emptyBatch()
  /** Compactions waiting for the writer to switch journals; each gets the new generation. */
  #rotations: Array<(gen: number) => void> = []
  #writer: Promise<void> | null = null
  /** Snapshots are written one after another, in call order, so an older one never wins. */
  #compactions: Promise<void> = Promise.resolve()
  /** Set after a failed journal write; see #fail. */
  #failure: Error | null = null
  #closed = false
  /** Generation of the current snapshot on disk; null: none (first start, or set aside as damaged). */
  #snapshotGen: number | null

  constructor(dir: string, lastSeq: number, replayedEntries: number, nextGen: number, snapshotGen: number | null) {
    this.#dir = dir
    this.#lastSeq = lastSeq
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

  append(entries: readonly Entry[]): Promise<void> {
    const refusal = this.#refusal()
    if (refusal) return Promise.reject(refusal)
    if (entries.length === 0) return Promise.resolve()
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
      this.#pending.waiters.push({ resolve, reject })
      this.#startWriter()
    })
  }

  compact(snapshot: Snapshot): Promise<void> {
    const refusal = this.#refusal()
    if (refusal) return Promise.reject(refusal)
    const coveredSeq = this.#lastSeq
    // Serialised now: the caller may go on changing its state, and entries appended from
    // here on must not end up both in this snapshot and after it.
    const body = JSON.stringify(snapshot)
    if (typeof body !== 'string') return Promise.reject(new TypeError('A snapshot must be a JSON value'))
    // Asked for now, not when earlier compactions finish: the switch must fall between the
    // entries this snapshot covers and the ones appended after this call.
    const rotated = new Promise<number>((resolve) => this.#rotations.push(resolve))
    this.#startWriter()
    const run = this.#compactions.then(async () => {
      const gen = await rotated
      await this.#writeSnapshot(coveredSeq, gen, body)
    })
    // The next compaction waits for this one whether it worked or not.
    this.#compactions = run.catch(() => undefined)
    return run
  }

  async close(): Promise<void> {
    this.#closed = true
    while (this.#writer) await this.#writer
    await this.#compactions
    const journal = this.#journal
    this.#journal = null
    await journal?.close()
  }

  #refusal(): Error | null {
    if (this.#closed) return new Error('The record log is closed')
    if (this.#failure) {
      return new Error('The record log stopped after a failed write; reopen it to go on', { cause: this.#failure })
    }
    return null
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
        if (this.#rotations.length > 0) await this.#rotate()
        else if (this.#pending.waiters.length > 0) await this.#commit()
        else break
      }
    } catch (error) {
      this.#fail(error as Error)
    } finally {
      this.#writer = null
    }
  }

  async #rotate(): Promise<void> {
    const waiting = this.#rotations.splice(0)
    const journal = this.#journal
    if (journal) {
      this.#journal = null
      this.#gen += 1
      await journal.close()
    }
    // With no journal open there is nothing to switch: the next append starts #gen anyway.
    for (const resolve of waiting) resolve(this.#gen)
  }

  /** One group commit: everything queued so far in one write and one fsync. */
  async #commit(): Promise<void> {
    const batch = this.#pending
    this.#pending = emptyBatch()
    try {
      const journal = this.#journal ?? (await this.#openJournal())
      const data = Buffer.from(batch.lines.join(''), 'utf8')
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
      for (const waiter of batch.waiters) waiter.reject(error as Error)
      throw error
    }
    for (const waiter of batch.waiters) waiter.resolve()
  }

  async #openJournal(): Promise<FileHandle> {
    await this.#ensureFolder()
    // 'ax': append-only, and a file that already exists is a bug, not something to append to.
    const journal = await open(join(this.#dir, journalName(this.#gen)), 'ax', RECORD_FILE_MODE)
    this.#journal = journal
    // The new name must be durable before anything in the file is acknowledged.
    await fsyncDirectory(this.#dir)
    return journal
  }

  async #ensureFolder(): Promise<void> {
    if (this.#folderReady) return
    await mkdir(this.#dir, { recursive: true })
    this.#folderReady = true
  }

  /**
   * After a failed write or fsync the journal's state is unknown (a half line may be on disk,
   * and after a failed fsync the kernel may have dropped the pages), so nothing more is
   * written through this object. Reopening replays what is really on disk and starts a new
   * generation after it.
   */
  #fail(error: Error): void {
    this.#failure = error
    const pending = this.#pending
    this.#pending = emptyBatch()
    const refusal = this.#refusal() ?? error
    for (const waiter of pending.waiters) waiter.reject(refusal)
    // Compactions waiting for a switch give up too (their snapshot is not written).
    const rotations = this.#rotations.splice(0)
    for (const resolve of rotations) resolve(-1)
    const journal = this.#journal
    this.#journal = null
    void journal?.close().catch(() => undefined)
  }

  async #writeSnapshot(coveredSeq: number, gen: number, body: string): Promise<void> {
    if (gen < 0) throw this.#refusal() ?? new Error('The record log stopped')
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
