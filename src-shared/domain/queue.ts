import { z } from 'zod'
import type { DocType, Host } from './service/item'
import type { Quota } from './service/quota'
import type { Said } from '../i18n/said'
import { readableName } from './readable-name'

/*
 * The upload queue as the renderer and the command see it. Nothing here carries the API
 * key, and no view carries a local path: a file is known by its name and size only. Only an
 * enqueue's answer names paths, those the caller gave (EnqueueResult.paths).
 */

/**
 * queued → waiting (offline, rate limited, signed out, or a retry later) → uploading →
 * verifying → done | failed | cancelled. Pausing is a flag beside the state.
 */
export const JOB_STATES = ['queued', 'waiting', 'uploading', 'verifying', 'done', 'failed', 'cancelled'] as const
export type JobState = (typeof JOB_STATES)[number]

/** States a job does not leave by itself. */
export const FINISHED_STATES: readonly JobState[] = ['done', 'failed', 'cancelled']

/**
 * Why a job is waiting: the service is out of reach, asked to slow down, no key is signed in,
 * the key in use belongs to another account than the job's, the key's account is not
 * confirmed yet, its account's key was refused (401), it was added before FlipDrop kept
 * accounts apart and nothing says whose it is (`chooseAccount` answers), an automatic retry is
 * due later, it is in the Undo window of a confirmed replace (`until` says when it starts), or
 * FlipDrop cannot save its data (the disk is full or the data folder read-only; it goes on by
 * itself once it can), or its plan has no room for another item of its kind (`no-room`: it
 * goes on by itself, in queue order, as room comes back; kept on disk like any queued job).
 */
export type WaitReason =
  | 'offline'
  | 'rate-limited'
  | 'signed-out'
  | 'other-account'
  | 'identifying'
  | 'key-refused'
  | 'unbound'
  | 'retry'
  | 'undo-window'
  | 'cannot-save'
  | 'no-room'

/**
 * Why a job failed, as a stable code beside its sentence: what scripts (`--json`) and other
 * features (links) branch on, never the wording.
 */
export const FAILURE_CODES = [
  /** The file was moved or deleted, or cannot be read. */
  'file-missing',
  /** Larger than the plan allows. */
  'too-large',
  /** No room left in the plan for another item of this kind. */
  'quota',
  /** The service could not read the file as a PDF. */
  'not-pdf',
  /** The item to replace or check no longer exists (or belongs to another account). */
  'item-gone',
  /** The service refused to download from that address, or it did not deliver in time. */
  'source-refused',
  /** The service could not be reached or kept failing; retrying later may work. */
  'unreachable',
  /** A create may have reached the service, and what is there does not match the file: the user decides. */
  'uncertain',
  /**
   * A create may have reached the service, and an item matching it in all but its stored bytes
   * is there: the user keeps it as this upload or publishes again (a bare Retry could duplicate it).
   */
  'uncertain-content',
  /** Documents need the document host. */
  'document-host-missing',
  /** The service said no for another reason (its own words are in the message). */
  'rejected',
  /** Something went wrong inside FlipDrop. */
  'internal'
] as const
export type FailureCode = (typeof FAILURE_CODES)[number]

/** A file by name, size and pages as a reader counts them (null: added before FlipDrop counted them); or a link. */
export type JobSource = { type: 'file'; fileName: string; size: number; pages: number | null } | { type: 'url'; url: string }

export interface JobProgress {
  sent: number
  total: number
  /** Bytes per second over the last seconds; null until measured. */
  bytesPerSecond: number | null
  secondsLeft: number | null
}

/** One job as shown: what it publishes, where it is, and how it ended. */
export interface JobView {
  id: string
  /** A new item, or a new PDF for an existing item (same ID and link). */
  kind: 'create' | 'replace'
  source: JobSource
  docType: DocType
  name: string
  title: string
  /** The item a replace job updates. */
  targetItemId: number | null
  state: JobState
  /** Held by the user: the queue passes it over until resumed. */
  paused: boolean
  /**
   * `account`: whom it waits for, in words ("Dana Kim (dana@…)"), when it waits for an account to sign in.
   * `said` (here, on a failure and a history line): the message as the window says it in its language (absent: the English only).
   */
  waiting: { reason: WaitReason; message: string; said?: Said; until: string | null; account?: string } | null
  progress: JobProgress | null
  result: { itemId: number; url: string; embedUrl: string | null; pages: number | null } | null
  failure: { message: string; said?: Said; retryable: boolean; code: FailureCode } | null
  /** The UserID of the account the job publishes to (null: queued before FlipDrop recorded accounts). */
  accountId: string | null
  /** The host that holds (or will hold) the item: IDs are per host. */
  host: Host
  /** What happened to the job, newest last (decisions, retries, reconciliation). */
  history: { at: string; text: string; said?: Said }[]
  addedAt: string
}

/**
 * What stands between FlipDrop and the service right now, for the app-wide status strip:
 * no network on this computer; a network but no answer from the service (a proxy, a
 * firewall, or the service down); a sign-in page answering instead of the service (a captive
 * portal, a proxy's login page); the service answering with errors.
 */
export type ConnectionProblem = 'no-network' | 'unreachable' | 'portal' | 'service'

/** Whether the service can be reached, and why not. */
export interface Connectivity {
  online: boolean
  /** Null when nothing is wrong (a rate-limit wait and signing out have their own fields). */
  problem: ConnectionProblem | null
  /** With problem 'service': when uploads try again by themselves. */
  retryAt: string | null
  /** A rate-limit wait in force, and until when. */
  rateLimitedUntil: string | null
  signedIn: boolean
  /** When the next check of the service is due while offline. */
  nextCheckAt: string | null
}

/** The plan's limits as last known; null where unknown (never 0). */
export interface PlanLimits {
  maxFileSizeBytes: number | null
  quotas: Partial<Record<DocType, Quota>>
  /** When these were learned (they may be old when offline). */
  learnedAt: string | null
}

export interface QueueView {
  jobs: JobView[]
  /** The whole queue is paused. */
  paused: boolean
  connectivity: Connectivity
  limits: PlanLimits
  /** Things to tell the user once, e.g. journal records that could not be read back (English, as the command prints them). */
  notices: string[]
  /** The same notices as the window says them: for each, its whole sentences in order (absent from an older core). */
  noticesSaid?: Said[][]
}

/**
 * Why a path or URL did not become a job, as a stable code beside its sentence (what the
 * command's --json reports; the window shows the sentence). Where a failure means the same,
 * the word is the failure's.
 */
export const REFUSAL_CODES = [
  'file-missing',
  'unreadable',
  'not-a-file',
  'not-absolute',
  'link-loop',
  'too-many',
  'empty',
  'not-pdf',
  'damaged',
  'password',
  'no-pages',
  'unchecked',
  'too-large',
  'quota',
  /** Its content is published already, and the choice was to skip it. */
  'duplicate',
  /** The same content waits in the queue already (`jobId` names that job). */
  'already-queued',
  /** A link that cannot be published (not http(s), credentials in it, not a web address). */
  'bad-link',
  /** A link on a host the service will not download from. */
  'source-refused',
  'item-gone',
  /** A same-content question that was not answered in time. */
  'expired'
] as const
export type RefusalCode = (typeof REFUSAL_CODES)[number]

/** A path or URL that did not become a job, and why. */
export interface RefusedSource {
  /** The file name or URL, for display. */
  source: string
  reason: string
  /** The reason as the window says it in its language (absent: the English only). */
  said?: Said
  /** Optional so older holders (and the window) can leave it out. */
  code?: RefusalCode
  /** The file's full path as given or found in a given folder: the caller named it. */
  path?: string
  /** With `already-queued`: the job that will publish it. */
  jobId?: string
}

/** A file whose content was already published: the user decides what to do. */
export interface SameContentOffer {
  offerId: string
  fileName: string
  /** The file's full path (the caller named it); optional for older holders. */
  path?: string
  size: number
  docType: DocType
  /** The items published earlier from the same bytes (newest first). */
  items: { itemId: number; name: string; url: string }[]
}

export interface EnqueueResult {
  added: JobView[]
  refused: RefusedSource[]
  sameContent: SameContentOffer[]
  /**
   * The full path of each added file job, by job ID: the caller named these files (or their
   * folders), so the answer may say where each one is; the views themselves stay path-free.
   */
  paths?: Record<string, string>
}

export const SAME_CONTENT_CHOICES = ['replace', 'new', 'skip'] as const
export type SameContentChoice = (typeof SAME_CONTENT_CHOICES)[number]

/** Changed jobs in full, jobs removed, and the order when it changed. */
export interface QueueChange {
  jobs: JobView[]
  removed: string[]
  order: string[] | null
  paused: boolean
}

export interface JobProgressEvent extends JobProgress {
  jobId: string
}

/* Input schemas, shared by main (which parses every call) and the forms. */

const MAX_PATHS = 10_000
const docType = z.enum(['Flipbook', 'Document'])
const jobId = z.string().uuid()
// Control characters in a name become spaces or go (readable-name.ts): the name shown is the name sent.
const itemName = z.string().overwrite(readableName).min(1, 'A name is needed.').max(500, 'That name is too long (500 characters at most).')
/**
 * The account (UserID) the work is for, when the caller chose one (a command's `--account`, a
 * drop made while that account was current); without it, the current account. It must be signed in.
 */
export const forAccount = z.string().min(1).max(200).optional()

export const enqueuePathsSchema = z
  .object({
    paths: z.array(z.string().min(1).max(4096)).min(1).max(MAX_PATHS, `At most ${MAX_PATHS} files at once.`),
    docType: docType.default('Flipbook'),
    /** Only with one file: its name and title on the service (default: the file name without .pdf). */
    name: itemName.optional(),
    title: itemName.optional(),
    /** What to do with a file already published: ask (default), or decide for all now. */
    onSameContent: z.enum(['ask', ...SAME_CONTENT_CHOICES]).default('ask'),
    /** Add the jobs paused, to review names and titles before they start. */
    hold: z.boolean().optional(),
    accountId: forAccount
  })
  .strict()
  .refine((input) => input.paths.length === 1 || (input.name === undefined && input.title === undefined), {
    message: 'A name and title can only be given for a single file.',
    path: ['name']
  })

/** "Add PDFs…": main shows the OS file dialog and queues what the user picks. */
export const chooseFilesSchema = z
  .object({
    docType: docType.default('Flipbook'),
    onSameContent: z.enum(['ask', ...SAME_CONTENT_CHOICES]).default('ask'),
    hold: z.boolean().optional(),
    accountId: forAccount
  })
  .strict()
  .default({ docType: 'Flipbook', onSameContent: 'ask' })

export const enqueueUrlSchema = z
  .object({
    url: z.string().min(1).max(2048),
    docType: docType.default('Flipbook'),
    name: itemName.optional(),
    title: itemName.optional(),
    hold: z.boolean().optional(),
    accountId: forAccount
  })
  .strict()

/** How long a confirmed replace of a live item waits before anything is sent, so it can be undone. */
export const UNDO_WINDOW_MS = 10_000

export const replaceSchema = z
  .object({
    itemId: z.number().int().positive(),
    /** The item's kind, which says its host: IDs are per host (a Document is replaced on the document host). */
    docType: docType.default('Flipbook'),
    /**
     * Add it paused, for the window to show the item's cover beside the new first page and
     * ask; `confirmReplace` then starts it after an Undo window.
     */
    confirmFirst: z.boolean().optional(),
    /** The item's name as the window knows it, shown until the service tells it (offline, say). */
    name: itemName.optional(),
    path: z.string().min(1).max(4096).optional(),
    url: z.string().min(1).max(2048).optional(),
    accountId: forAccount
  })
  .strict()
  .refine((input) => (input.path === undefined) !== (input.url === undefined), { message: 'Give either a file or a URL.' })

export const jobRefSchema = z.object({ jobId }).strict()

/**
 * The user's answer for an item that matches an upload whose answer was lost in all but its
 * stored bytes: keep it as this upload, or publish the file again as a new item.
 */
export const decideLookalikeSchema = z.object({ jobId, choice: z.enum(['keep', 'publish-again']) }).strict()
/** A job added before accounts were kept apart, given to one of the signed-in accounts. */
export const chooseAccountSchema = z.object({ jobId, accountId: z.string().min(1).max(200) }).strict()

/** What an Undo did: the job was taken out before anything was sent, or it had started already. */
export interface UndoResult {
  undone: boolean
  /** Why it could not be undone (it started); null when it was. */
  reason: string | null
  /** The reason as the window says it. */
  said?: Said
}
/**
 * "Publish these as Documents": the flipbooks of an account (the current one without it)
 * waiting for room in its plan become documents, as many as the plan has room for.
 */
export const waitingAsDocumentsSchema = z.object({ accountId: forAccount }).strict().default({})
export const optionalJobRefSchema = z.object({ jobId: jobId.optional() }).strict().default({})
export const moveJobSchema = z.object({ jobId, toIndex: z.number().int().min(0) }).strict()
export const renameJobSchema = z.object({ jobId, name: itemName.optional(), title: itemName.optional() }).strict()
export const decideSameContentSchema = z
  .object({
    offerId: z.string().uuid(),
    choice: z.enum(SAME_CONTENT_CHOICES),
    /** With "replace": add the replace paused, to be confirmed (see replaceSchema.confirmFirst). */
    confirmFirst: z.boolean().optional()
  })
  .strict()
/** Several same-content questions answered at once (the compact table of a batch). */
export const decideManySchema = z.object({ answers: z.array(decideSameContentSchema).min(1).max(10_000) }).strict()

/** Largest piece of a job's PDF the renderer may read at once (pdf.js asks for 64 KiB chunks). */
export const MAX_PDF_RANGE_BYTES = 1024 * 1024

/** A byte range of a queued file's PDF, for its thumbnail: main reads the path it holds. */
export const pdfRangeSchema = z
  .object({
    jobId,
    offset: z.number().int().min(0),
    length: z.number().int().min(1).max(MAX_PDF_RANGE_BYTES)
  })
  .strict()
