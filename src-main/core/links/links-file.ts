import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { saidSchema } from '../i18n/said-schema'
import type { Logger } from '../log'
import { writeFileDurably } from '../storage/durable-file'
import { checkLinksFileQuickly } from './links-file-check'

const docType = z.enum(['Flipbook', 'Document'])

const version = z.object({
  at: z.number(),
  size: z.number(),
  sha256: z.string(),
  pages: z.number().nullable(),
  kept: z.boolean()
})

/**
 * The UserID of the account a link or hot folder was made under: its replaces and creates go
 * to that account only, with its key. Null only for records written before accounts were
 * recorded; those belong to whoever signs in (as they did then).
 */
const accountId = z.string().nullable().default(null)

const linkRecord = z.object({
  id: z.string(),
  path: z.string(),
  itemId: z.number(),
  /** The item's kind, which names its host: the item ID is that host's. */
  docType,
  accountId,
  name: z.string(),
  url: z.string().nullable(),
  paused: z.boolean(),
  /** Set by what FlipDrop noticed (not by the user): the file is gone, or the item is. */
  problem: z.enum(['missing', 'item-gone']).nullable(),
  message: z.string().nullable(),
  /**
   * The message as the window says it (src-shared/i18n/core): kept beside it on disk, optional,
   * so a file written before it loads as it is (its messages are then shown in English).
   */
  said: saidSchema.optional(),
  /** SHA-256 of the file when FlipDrop last acted on it: a different hash is a change to publish. */
  seen: z.string().nullable(),
  published: z.object({ sha256: z.string(), size: z.number(), at: z.number() }).nullable(),
  versions: z.array(version),
  folderId: z.string().nullable(),
  /** Watch the file's folder by polling (fs.watch failed there). */
  polling: z.boolean().default(false)
})

const folderRecord = z.object({
  id: z.string(),
  path: z.string(),
  docType,
  accountId,
  paused: z.boolean(),
  polling: z.boolean(),
  /** PDFs offered, not published: there when the folder was added, or their publishing failed or was refused. */
  offered: z.array(z.string()),
  /** Offered PDFs the user chose to leave alone ("Ignore"): never published from the folder, not even after a restart. */
  ignored: z.array(z.string()).default([])
})

/** A queue job started by a link or a hot folder, followed until it ends (kept on disk: the queue outlives a restart). */
const pendingJob = z.object({
  jobId: z.string(),
  /** The link a replace updates, or null for a hot folder's create. */
  linkId: z.string().nullable(),
  folderId: z.string().nullable(),
  path: z.string(),
  sha256: z.string(),
  size: z.number()
})

const fileSchema = z.object({
  version: z.literal(1),
  keepCopies: z.boolean(),
  links: z.array(linkRecord),
  folders: z.array(folderRecord),
  pending: z.array(pendingJob)
})

export type LinksFile = z.infer<typeof fileSchema>
export type LinkRecord = LinksFile['links'][number]
export type FolderRecord = LinksFile['folders'][number]
export type PendingJob = LinksFile['pending'][number]
export type VersionRecord = LinkRecord['versions'][number]

export const LINKS_FILE_NAME = 'links.json'

export function emptyLinksFile(): LinksFile {
  return { version: 1, keepCopies: false, links: [], folders: [], pending: [] }
}

/** Reads `links.json`; missing is empty, a damaged file is logged and kept aside by the next write (never silently trusted). */
export async function readLinksFile(dataDir: string, log: Logger): Promise<LinksFile> {
  let text: string
  try {
    text = await readFile(join(dataDir, LINKS_FILE_NAME), 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptyLinksFile()
    throw error
  }
  try {
    const value: unknown = JSON.parse(text)
    return checkLinksFileQuickly(value) ?? fileSchema.parse(value)
  } catch (error) {
    log.error('links.json could not be read; starting without links', error instanceof Error ? error.message : error)
    await writeFileDurably(join(dataDir, `${LINKS_FILE_NAME}.damaged-${Date.now()}`), text, { mode: 0o600 })
    return emptyLinksFile()
  }
}

/** Writes `links.json` atomically and durably (temp file, fsync, rename, folder fsync). */
export async function writeLinksFile(dataDir: string, file: LinksFile): Promise<void> {
  await writeFileDurably(join(dataDir, LINKS_FILE_NAME), `${JSON.stringify(file, null, 1)}\n`, { mode: 0o600 })
}
