import { forAccount } from './queue'
import { z } from 'zod'
import type { Said } from '../i18n/said'
import type { DocType } from './service/item'

/*
 * Linked PDFs and hot folders as the renderer and the command see them. Unlike the queue's
 * views these carry local paths: a link IS a path on this computer, and the user chose it.
 */

/**
 * active: changes are published; paused: by the user; missing: the file was moved or
 * deleted (nothing is unpublished); item-gone: the item was deleted on the service (paused).
 */
export const LINK_STATES = ['active', 'paused', 'missing', 'item-gone'] as const
export type LinkState = (typeof LINK_STATES)[number]

/** One version of the file that a link published. */
export interface LinkVersion {
  at: string
  size: number
  sha256: string
  pages: number | null
  /** A copy of these bytes is kept in the data folder: "Restore this version" can re-upload it. */
  kept: boolean
}

export interface LinkView {
  id: string
  path: string
  fileName: string
  itemId: number
  docType: DocType
  /** The UserID of the account the item belongs to (null: linked before FlipDrop recorded accounts). */
  accountId: string | null
  name: string
  url: string | null
  state: LinkState
  /** A replace for this link is in the queue. */
  updating: boolean
  /** What happened last that the user should know (a refused replace, the file missing…); null when all is well. */
  message: string | null
  /** The message as the window says it in its language (absent: shown as it came). */
  said?: Said
  /** What the item holds now, as far as FlipDrop published it. */
  published: { sha256: string; size: number; at: string } | null
  /** Published versions, newest first. */
  versions: LinkVersion[]
  /** The hot folder that created this link, if any. */
  folderId: string | null
}

/** A PDF that was in a hot folder when it was added: listed, never published silently. */
export interface OfferedFile {
  path: string
  fileName: string
  size: number
  /** Why it is offered rather than published, when there is more to say ("Not published: …", "Already published as …"). */
  note: string | null
  /** The note as the window says it in its language (absent: shown as it came). */
  said?: Said
}

export interface HotFolderView {
  id: string
  path: string
  docType: DocType
  /** The UserID of the account new PDFs are published to. */
  accountId: string | null
  paused: boolean
  /** Watched by polling (set when the OS could not watch it, e.g. a network folder). */
  polling: boolean
  /** The folder is gone or unreadable. */
  missing: boolean
  offered: OfferedFile[]
  /** Files of this folder being published (names). */
  publishing: string[]
}

export interface LinksView {
  links: LinkView[]
  folders: HotFolderView[]
  /** Keep a copy of each published version in the data folder (for "Restore this version"). */
  keepCopies: boolean
  /** This process watches the files (it holds the data folder and was asked to watch). */
  watching: boolean
}

/** A linked item was updated from its file: "Updated <name> (same link)". */
export interface LinkUpdated {
  linkId: string
  itemId: number
  name: string
  url: string | null
}

/* Input schemas. Paths are only strings here: main checks each (absolute, exists, its kind). */

const path = z.string().min(1).max(4096)
const id = z.string().uuid()
const docType = z.enum(['Flipbook', 'Document'])

export const linkFileSchema = z.object({ path, itemId: z.number().int().positive(), docType: docType.default('Flipbook'), accountId: forAccount }).strict()
export const linkJobSchema = z.object({ jobId: id }).strict()

/** A link by its ID, or by the linked file's path (the command knows the path). */
export const linkRefSchema = z
  .object({ linkId: id.optional(), path: path.optional() })
  .strict()
  .refine((input) => (input.linkId === undefined) !== (input.path === undefined), { message: 'Give either a link or a file.' })

export const addHotFolderSchema = z.object({ path, docType: docType.default('Flipbook'), accountId: forAccount }).strict()

/** A hot folder by its ID, or by its path. */
export const folderRefSchema = z
  .object({ folderId: id.optional(), path: path.optional() })
  .strict()
  .refine((input) => (input.folderId === undefined) !== (input.path === undefined), { message: 'Give either a folder ID or a folder.' })

/** A link or hot folder made before FlipDrop kept accounts apart, whose account nothing names, given to a signed-in account. */
export const chooseLinkAccountSchema = z
  .object({ linkId: id.optional(), folderId: id.optional(), accountId: z.string().min(1).max(200) })
  .strict()
  .refine((input) => (input.linkId === undefined) !== (input.folderId === undefined), { message: 'Give either a link or a folder.' })

/** Publishes offered files of a folder: the ones named, or all without `paths`. */
export const publishOfferedSchema = z.object({ folderId: id, paths: z.array(path).min(1).max(10_000).optional() }).strict()

/** Leaves offered files of a folder alone ("Ignore"): they are no longer offered, nor ever published from it. */
export const ignoreOfferedSchema = z.object({ folderId: id, paths: z.array(path).min(1).max(10_000) }).strict()

export const restoreVersionSchema = z.object({ linkId: id, sha256: z.string().regex(/^[0-9a-f]{64}$/) }).strict()
export const keepCopiesSchema = z.object({ keepCopies: z.boolean() }).strict()
/** "Add a hot folder…": main shows the OS folder dialog. */
export const chooseHotFolderSchema = z.object({ docType: docType.default('Flipbook') }).strict()
/** "Link a local file…" on an item: main shows the OS file dialog. */
export const chooseAndLinkSchema = z.object({ itemId: z.number().int().positive(), docType: docType.default('Flipbook') }).strict()

/** Names of files that are never published or followed: downloads and saves in progress, Office locks, hidden files. */
export function isTemporaryFileName(name: string): boolean {
  const lower = name.toLowerCase()
  return (
    name.startsWith('.') ||
    name.startsWith('~$') ||
    lower.endsWith('.part') ||
    lower.endsWith('.crdownload') ||
    lower.endsWith('.tmp') ||
    lower.endsWith('.download')
  )
}
