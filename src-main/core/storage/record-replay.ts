import { readFile, rename } from 'node:fs/promises'
import { join } from 'node:path'
import { PREVIOUS_SNAPSHOT_FILE, SNAPSHOT_FILE, damagedSnapshotName, listRecordFolder, type JournalFile } from './record-files'
import { CORRUPT, decodeRecord, splitLines } from './record-line'
import type { Dropped, RecordLogOptions } from './record-log-types'

/** The snapshot file's one record. `gen`: the first journal generation that may hold entries after `seq`. */
export interface SnapshotRecord {
  format: 1
  seq: number
  gen: number
  snapshot: unknown
}

/** One journal line's record. */
export interface EntryRecord {
  seq: number
  entry: unknown
}

/** What replay found, plus where appending must continue. */
export interface Replay<Snapshot, Entry> {
  snapshot: Snapshot | null
  entries: Entry[]
  dropped: Dropped[]
  /** The highest sequence number on disk; new entries continue after it. */
  lastSeq: number
  /** The generation the next journal file gets: above every journal and the snapshot's. */
  nextGen: number
  /** The generation of the current snapshot on disk (null: none), which the next compaction keeps as the previous one. */
  snapshotGen: number | null
  /** A damaged snapshot rebuilt whole from the previous one and the journals since: where the damaged one was set aside. */
  recoveredFrom: string | null
}

function isRecordObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isCount(value: unknown, min: number): value is number {
  return Number.isSafeInteger(value) && (value as number) >= min
}

function isSnapshotRecord(value: unknown): value is SnapshotRecord {
  return isRecordObject(value) && value.format === 1 && isCount(value.seq, 0) && isCount(value.gen, 1) && 'snapshot' in value
}

function isEntryRecord(value: unknown): value is EntryRecord {
  return isRecordObject(value) && isCount(value.seq, 1) && 'entry' in value
}

type SnapshotRead<Snapshot> =
  | { kind: 'none' }
  | { kind: 'damaged' }
  | { kind: 'ok'; snapshot: Snapshot; seq: number; gen: number }

async function readSnapshot<Snapshot>(path: string, parse: (value: unknown) => Snapshot): Promise<SnapshotRead<Snapshot>> {
  let content: Buffer
  try {
    content = await readFile(path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'none' }
    throw error
  }
  const lines = splitLines(content)
  const only = lines[0]
  // Written atomically, so anything but exactly one whole line is damage, not a torn write.
  if (lines.length !== 1 || only === undefined || !only.terminated) return { kind: 'damaged' }
  const record = decodeRecord(only.bytes)
  if (!isSnapshotRecord(record)) return { kind: 'damaged' }
  try {
    return { kind: 'ok', snapshot: parse(record.snapshot), seq: record.seq, gen: record.gen }
  } catch {
    return { kind: 'damaged' }
  }
}

interface JournalReplay<Entry> {
  entries: Entry[]
  dropped: Dropped[]
  lastSeq: number
  keptSeq: number
  /** The lowest sequence number read: 1 means the journals still hold every entry ever written. */
  firstSeq: number
}

/**
 * Reads one journal into `state`. Lines after the last intact one are the torn tail of the
 * write a crash interrupted; a damaged line before an intact one is damage (checksum).
 * Entries at or below `state.keptSeq` are skipped: the snapshot or an earlier line has them.
 */
function replayJournal<Entry>(file: string, content: Buffer, parse: (value: unknown) => Entry, state: JournalReplay<Entry>): void {
  const lines = splitLines(content)
  const records = lines.map((line) => (line.terminated ? decodeRecord(line.bytes) : CORRUPT))
  let lastIntact = -1
  records.forEach((record, index) => {
    if (record !== CORRUPT) lastIntact = index
  })
  records.forEach((record, index) => {
    const line = index + 1
    if (record === CORRUPT) {
      state.dropped.push({ file, line, reason: index > lastIntact ? 'torn' : 'checksum' })
      return
    }
    if (!isEntryRecord(record)) {
      state.dropped.push({ file, line, reason: 'unreadable' })
      return
    }
    state.lastSeq = Math.max(state.lastSeq, record.seq)
    state.firstSeq = Math.min(state.firstSeq, record.seq)
    if (record.seq <= state.keptSeq) return
    state.keptSeq = record.seq
    try {
      state.entries.push(parse(record.entry))
    } catch {
      state.dropped.push({ file, line, reason: 'unreadable' })
    }
  })
}

/**
 * Reads a record-log folder back: the snapshot, then every journal that may hold entries
 * after it, keeping entries whose sequence number is above the snapshot's, in order.
 * A damaged snapshot is renamed aside (the only write replay ever makes) so the next
 * compaction cannot overwrite it; replay goes on from the previous snapshot and the journals
 * since it (nothing lost), or, without a readable previous one, from the journals alone.
 */
export async function replayRecordFolder<Snapshot, Entry>(
  options: RecordLogOptions<Snapshot, Entry>,
  now: () => Date = () => new Date()
): Promise<Replay<Snapshot, Entry>> {
  const { dir } = options
  const folder = await listRecordFolder(dir)
  const dropped: Dropped[] = []
  const parse = (value: unknown): Snapshot => options.parseSnapshot(value)
  let read: SnapshotRead<Snapshot> = { kind: 'none' }
  if (folder.hasSnapshot) read = await readSnapshot(join(dir, SNAPSHOT_FILE), parse)
  let aside: string | null = null
  if (read.kind === 'damaged') {
    aside = damagedSnapshotName(now())
    await rename(join(dir, SNAPSHOT_FILE), join(dir, aside))
  }
  // No usable snapshot: the previous one and every journal since it hold the same state (a
  // crash between keeping it and writing the next one leaves no current snapshot at all).
  let fromPrevious = false
  if (read.kind !== 'ok' && folder.hasPreviousSnapshot) {
    const previous = await readSnapshot(join(dir, PREVIOUS_SNAPSHOT_FILE), parse)
    if (previous.kind === 'ok') {
      read = previous
      fromPrevious = true
    }
  }
  const coveredSeq = read.kind === 'ok' ? read.seq : 0
  // Journals below the snapshot's generation hold only entries it covers (kept for the
  // previous snapshot, or left over when a crash cut the clean-up short). Without a snapshot every journal counts.
  const firstGen = read.kind === 'ok' ? read.gen : 0
  const journalDropped: Dropped[] = []
  const state: JournalReplay<Entry> = { entries: [], dropped: journalDropped, lastSeq: coveredSeq, keptSeq: coveredSeq, firstSeq: Infinity }
  const journals: JournalFile[] = folder.journals.filter((journal) => journal.gen >= firstGen)
  for (const journal of journals) {
    const content = await readFile(join(dir, journal.name))
    replayJournal(journal.name, content, (value) => options.parseEntry(value), state)
  }
  // Journals that still start at the first entry ever written hold everything a lost snapshot did.
  const whole = fromPrevious || (read.kind !== 'ok' && state.firstSeq === 1)
  if (aside !== null && !whole) dropped.push({ file: aside, line: 1, reason: 'snapshot' })
  dropped.push(...journalDropped)

  const lastGen = folder.journals.at(-1)?.gen ?? 0
  return {
    snapshot: read.kind === 'ok' ? read.snapshot : null,
    entries: state.entries,
    dropped,
    lastSeq: state.lastSeq,
    nextGen: Math.max(lastGen + 1, read.kind === 'ok' ? read.gen : 1),
    snapshotGen: read.kind === 'ok' && !fromPrevious ? read.gen : null,
    recoveredFrom: whole ? aside : null
  }
}
