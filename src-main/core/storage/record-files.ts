import { readdir } from 'node:fs/promises'

/**
 * File names inside a record-log folder. Journals are numbered by generation; a compaction
 * starts a new generation so it never has to truncate or rewrite a journal in place.
 */

/** The compacted state: a single record line (see record-line.ts). */
export const SNAPSHOT_FILE = 'snapshot.rec'

/**
 * The snapshot before the current one. Kept, with the journals written since it, so a damaged
 * current snapshot is rebuilt from it and those journals instead of losing what it held.
 */
export const PREVIOUS_SNAPSHOT_FILE = 'snapshot.prev.rec'

/** Journal and snapshot files hold user data, so only the user may read them. */
export const RECORD_FILE_MODE = 0o600

const JOURNAL_NAME = /^journal-(\d{10,})\.rec$/
// write-file-atomic's temp name: the target name, a dot, a 32-bit number.
const SNAPSHOT_TEMP_NAME = /^snapshot\.rec\.\d+$/

/** The journal file of generation `gen`; zero-padded so a listing sorts by generation too. */
export function journalName(gen: number): string {
  return `journal-${String(gen).padStart(10, '0')}.rec`
}

/** The name a damaged snapshot is kept under, so it is never overwritten by the next compaction. */
export function damagedSnapshotName(now: Date): string {
  // No colons: Windows does not allow them in file names.
  return `${SNAPSHOT_FILE}.damaged-${now.toISOString().replace(/[:.]/g, '-')}`
}

/** A journal file found on disk. */
export interface JournalFile {
  name: string
  gen: number
}

/** What a record-log folder holds, journals sorted by generation. Missing folder: nothing. */
export interface RecordFolder {
  journals: JournalFile[]
  hasSnapshot: boolean
  hasPreviousSnapshot: boolean
  /** Temp files left by a snapshot write that a crash interrupted. */
  snapshotTemps: string[]
}

/** Lists the record-log files in `dir`, ignoring anything else that lives there. */
export async function listRecordFolder(dir: string): Promise<RecordFolder> {
  let names: string[]
  try {
    names = await readdir(dir)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { journals: [], hasSnapshot: false, hasPreviousSnapshot: false, snapshotTemps: [] }
    throw error
  }
  const journals: JournalFile[] = []
  for (const name of names) {
    const match = JOURNAL_NAME.exec(name)
    if (match?.[1] !== undefined) journals.push({ name, gen: Number(match[1]) })
  }
  journals.sort((a, b) => a.gen - b.gen)
  return {
    journals,
    hasSnapshot: names.includes(SNAPSHOT_FILE),
    hasPreviousSnapshot: names.includes(PREVIOUS_SNAPSHOT_FILE),
    snapshotTemps: names.filter((name) => SNAPSHOT_TEMP_NAME.test(name))
  }
}
