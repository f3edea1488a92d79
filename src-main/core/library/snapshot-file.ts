import { mkdir, readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { z } from 'zod'
import type { LibraryItem } from '../../../src-shared/domain/library'
import { DOC_TYPES } from '../../../src-shared/domain/service/item'
import type { Logger } from '../log'
import { accountFolder } from '../storage/account-folder'
import { writeFileDurably } from '../storage/durable-file'
import { pickItem, thumbnailUrl, type StorageRoots } from './library-item'

/** The library as last synced, on disk: rows (never PDFs or full records), storage roots and when it was complete. */
export interface LibrarySnapshotFile {
  items: LibraryItem[]
  roots: StorageRoots
  syncedAt: string | null
  /** The account (UserID) these rows belong to; null when not known yet. */
  owner: string | null
}

/** A row as written: the allow-listed summary fields and its kind; thumbnailUrl is derived again on read. */
type StoredRow = Omit<LibraryItem, 'thumbnailUrl'>

const TEXT_FIELDS = ['name', 'title', 'description', 'folder', 'customUrl', 'fullUrl', 'embedUrl', 'createdOn', 'thumbnail'] as const
const NUMBER_FIELDS = ['pages', 'views', 'leads', 'sales', 'approvals'] as const
const FLAG_FIELDS = ['isStarred', 'isPublished', 'isActive'] as const
const KINDS = new Set<unknown>(DOC_TYPES)

/*
 * Checked by hand, not with zod: loading 10,000 rows has a budget of 150 ms, and zod alone
 * spends most of it. Each field is checked for its type (or null) as ItemSummary declares it.
 */
function isStoredRow(value: unknown): value is StoredRow {
  if (typeof value !== 'object' || value === null) return false
  const row = value as Record<string, unknown>
  return (
    typeof row['key'] === 'string' &&
    Number.isInteger(row['id']) &&
    KINDS.has(row['docType']) &&
    TEXT_FIELDS.every((field) => row[field] === null || typeof row[field] === 'string') &&
    NUMBER_FIELDS.every((field) => row[field] === null || typeof row[field] === 'number') &&
    FLAG_FIELDS.every((field) => row[field] === null || typeof row[field] === 'boolean')
  )
}

const fileSchema = z.object({
  version: z.literal(1),
  syncedAt: z.string().nullable(),
  owner: z.string().nullable().default(null),
  roots: z.object({ Flipbook: z.string().optional(), Document: z.string().optional() }),
  items: z.array(z.unknown())
})

const EMPTY: LibrarySnapshotFile = { items: [], roots: {}, syncedAt: null, owner: null }

/** An account's library: `library/<account>.json` in the data folder. */
export function snapshotPath(dataDir: string, accountId: string): string {
  return join(dataDir, 'library', `${accountFolder(accountId)}.json`)
}

/** The one library of the single-account layout (its `owner` says whose); adopted by that account. */
export function legacySnapshotPath(dataDir: string): string {
  return join(dataDir, 'library.json')
}

/**
 * Reads a library file. A missing file is an empty library; an unreadable one is logged and
 * treated as empty (the next sync rebuilds it); a damaged row is dropped, the rest kept.
 */
export async function readSnapshot(path: string, log: Logger): Promise<LibrarySnapshotFile> {
  let source: string
  try {
    source = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log.warn(`The library file ${path} is unreadable; the next sync rebuilds it`, error)
    return EMPTY
  }
  let file: z.infer<typeof fileSchema>
  try {
    file = fileSchema.parse(JSON.parse(source))
  } catch (error) {
    log.warn(`The library file ${path} is damaged; the next sync rebuilds it`, error)
    return EMPTY
  }
  const roots: StorageRoots = {}
  if (file.roots.Flipbook) roots.Flipbook = file.roots.Flipbook
  if (file.roots.Document) roots.Document = file.roots.Document
  const items: LibraryItem[] = []
  let dropped = 0
  for (const row of file.items) {
    if (!isStoredRow(row)) {
      dropped += 1
      continue
    }
    items.push(Object.assign(row, { thumbnailUrl: thumbnailUrl(row.thumbnail, roots[row.docType]) }))
  }
  if (dropped > 0) log.warn(`The library file had ${dropped} damaged rows; the next sync fetches them again`)
  return { items, roots, syncedAt: file.syncedAt, owner: file.owner }
}

/** Writes the snapshot so that a crash leaves the old or the new file, never half of one. */
export async function writeSnapshot(path: string, snapshot: LibrarySnapshotFile): Promise<void> {
  const items = snapshot.items.map((item) => {
    const { thumbnailUrl: _derived, ...row } = pickItem(item)
    return row
  })
  const body = JSON.stringify({ version: 1, syncedAt: snapshot.syncedAt, owner: snapshot.owner, roots: snapshot.roots, items })
  await mkdir(dirname(path), { recursive: true, mode: 0o700 })
  await writeFileDurably(path, body, { mode: 0o600 })
}
