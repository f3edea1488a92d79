/** The public shapes of the record log (see record-log.ts for the format and the guarantees). */

/** Where a record log lives and how to check what it reads back. */
export interface RecordLogOptions<Snapshot, Entry> {
  dir: string
  /** Validates what was read from disk (zod in the caller); throw to reject. */
  parseSnapshot(value: unknown): Snapshot
  parseEntry(value: unknown): Entry
}

/**
 * A record that could not be read back. What was lost differs, so callers can say only what is known:
 * - `torn`: the unfinished tail of a journal, the write a crash interrupted. It was never
 *   acknowledged, and everything before it is intact.
 * - `checksum`: a damaged journal line with good lines after it: an acknowledged entry is lost,
 *   and what it held cannot be known.
 * - `unreadable`: a journal line intact on disk but rejected by the parser: also a lost entry.
 * - `snapshot`: the snapshot was damaged or rejected, so everything it covered is lost; only the
 *   entries written after it (and journals a clean-up left behind) are replayed. `file` names
 *   where the damaged snapshot was set aside.
 */
export interface Dropped {
  file: string
  line: number
  reason: 'torn' | 'checksum' | 'unreadable' | 'snapshot'
}

/** A record log as found on disk, ready for appending. */
export interface OpenedRecordLog<Snapshot, Entry> {
  log: RecordLog<Snapshot, Entry>
  /** The last compacted state, or null on a first start. */
  snapshot: Snapshot | null
  /** Entries written after that snapshot, in order. */
  entries: Entry[]
  /** What could not be read back, so the caller can say so. */
  dropped: Dropped[]
  /**
   * A damaged snapshot that was rebuilt whole from the previous snapshot and the journals
   * since it (nothing lost): where the damaged copy was set aside. Null otherwise.
   */
  recoveredFrom: string | null
}

/** Counters for tests and benchmarks: how much disk work the log did. */
export interface RecordLogStats {
  /** Journal writes (one per group commit). */
  writes: number
  /** Journal fsyncs (one per group commit). */
  syncs: number
  /** Snapshots written. */
  compactions: number
}

/** A durable log of entries with compacted snapshots. */
export interface RecordLog<Snapshot, Entry> {
  /**
   * Appends entries durably: resolves once they are on disk (fsync). Concurrent calls are
   * group-committed: one write and one fsync for everything queued meanwhile. Order of
   * entries is preserved across calls. `committed` is called once they are durable, in commit
   * order and before any promise resolves: a caller whose state follows only what is on disk
   * applies them there. A failed write (a full disk, a read-only folder) rejects the entries
   * of that batch, which are not on disk; later appends are tried again as usual.
   */
  append(entries: readonly Entry[], committed?: () => void): Promise<void>
  /**
   * Replaces snapshot + journal by `snapshot`, which must reflect every entry appended
   * before this call started; entries appended while it runs are kept after it.
   * `snapshot` is serialised before this returns, so the caller may change it right away.
   * As a function, it is called by the writer between commits and must reflect every
   * committed entry (a caller that applies entries in `committed`).
   */
  compact(snapshot: Snapshot | (() => Snapshot)): Promise<void>
  /** Bytes written to disk so far (journal lines + snapshots), for benchmarks. */
  readonly bytesWritten: number
  /** Entries appended since the last compaction (the caller decides when to compact). */
  readonly entriesSinceCompaction: number
  /** Disk work so far, for tests and benchmarks. */
  readonly stats: Readonly<RecordLogStats>
  /** Waits for pending appends and compactions, then closes the journal. */
  close(): Promise<void>
}
