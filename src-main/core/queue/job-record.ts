import { z } from 'zod'
import { FAILURE_CODES, type FailureCode } from '../../../src-shared/domain/queue'
import { HOSTS, hostFor } from '../../../src-shared/domain/service/item'
import { isSentence, type Sentence } from '../../../src-shared/i18n/said'
import { saidSchema } from '../i18n/said-schema'

/*
 * A job as main keeps it, in memory and in the journal. Unlike the renderer's JobView it
 * holds the file's path and content hash; it never holds the API key.
 */

const fileSource = z.object({
  type: z.literal('file'),
  path: z.string(),
  fileName: z.string(),
  size: z.number(),
  mtimeMs: z.number(),
  /** SHA-256 of the content as last read; the upload is checked against it. */
  sha256: z.string(),
  /** Pages as a reader counts them when the file was added; null for jobs added before FlipDrop counted them. */
  pages: z.number().nullable()
})

const urlSource = z.object({ type: z.literal('url'), url: z.string() })

/** States kept on disk. "waiting" is derived (offline, signed out, rate limit, retry backoff) and never written. */
export const STORED_STATES = ['queued', 'uploading', 'verifying', 'done', 'failed', 'cancelled'] as const

export const jobRecordSchema = z.object({
  id: z.string(),
  kind: z.enum(['create', 'replace']),
  source: z.discriminatedUnion('type', [fileSource, urlSource]),
  docType: z.enum(['Flipbook', 'Document']),
  /**
   * The UserID of the account the job was made for: it runs only with that account's key,
   * confirmed by whoami. Null only for jobs queued before FlipDrop recorded accounts; those
   * belong to the first account confirmed afterwards (they waited for "you" to sign in).
   */
  accountId: z.string().nullable(),
  /** The host the item is made on or lives on; every lookup, check and replace goes there. */
  host: z.enum(HOSTS),
  name: z.string(),
  title: z.string(),
  targetItemId: z.number().nullable(),
  state: z.enum(STORED_STATES),
  paused: z.boolean(),
  /** Automatic retries used since the last start or retry by the user. */
  attempts: z.number(),
  addedAt: z.number(),
  /**
   * Set, and on disk, before the first byte of a create is sent; cleared when the answer
   * says whether it was made. A job restored with it set may have been created already:
   * it is reconciled by listing before anything is sent again (the service has no
   * idempotency key).
   */
  inDoubtSince: z.number().nullable(),
  /**
   * Not sent before this time (epoch ms): a replace of a live item the user just confirmed
   * waits out its Undo window first. Absent for every other job. A wall time, so the
   * scheduler reads it once onto its monotonic clock, never further off than the window.
   */
  notBefore: z.number().optional(),
  /** A created item must still get the file's current content (it changed while uploading). */
  replaceCreated: z.boolean(),
  /**
   * With failure code `uncertain-content`: the item a lookup found that matches in all but its
   * stored bytes, which the user may keep as this upload. Absent otherwise.
   */
  lookalike: z.object({ itemId: z.number(), url: z.string() }).optional(),
  result: z
    .object({ itemId: z.number(), url: z.string(), embedUrl: z.string().nullable(), pages: z.number().nullable() })
    .nullable(),
  // `said`: what the window says in its language (i18n/said-schema.ts); absent in older records.
  failure: z.object({ message: z.string(), retryable: z.boolean(), code: z.enum(FAILURE_CODES), said: saidSchema.optional() }).nullable(),
  history: z.array(z.object({ at: z.number(), text: z.string(), said: saidSchema.optional() }))
})

export type JobRecord = z.infer<typeof jobRecordSchema>
export type FileSource = z.infer<typeof fileSource>

/**
 * A record as written by an earlier FlipDrop, brought up to today's shape before it is
 * checked: the account it was made for was not recorded (null: see `accountId`), its host
 * follows from its kind, a failure had no code, and a file's pages were not counted (null).
 * Records already current come back as they are (restoring 10,000 jobs must not copy them all).
 */
export function upgradeJobRecord(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value
  const record = value as Record<string, unknown>
  const failure = record['failure'] as Record<string, unknown> | null | undefined
  const failureOld = typeof failure === 'object' && failure !== null && !('code' in failure)
  const source = record['source'] as Record<string, unknown> | null | undefined
  const sourceOld = typeof source === 'object' && source !== null && source['type'] === 'file' && !('pages' in source)
  if ('accountId' in record && 'host' in record && !failureOld && !sourceOld) return value
  const docType = record['docType'] === 'Document' ? 'Document' : 'Flipbook'
  return {
    ...record,
    accountId: record['accountId'] ?? null,
    host: record['host'] ?? hostFor(docType),
    ...(failureOld ? { failure: { ...failure, code: failure['retryable'] === true ? 'unreachable' : 'rejected' } } : {}),
    ...(sourceOld ? { source: { ...source, pages: null } } : {})
  }
}

/** Most history lines kept per job; older ones are dropped first. */
const HISTORY_LIMIT = 30

/** The job with one more history line (the record is replaced, never mutated in place); a Sentence keeps what the window says. */
export function withHistory(job: JobRecord, line: string | Sentence, at = Date.now()): JobRecord {
  return { ...job, history: [...job.history, historyLine(line, at)].slice(-HISTORY_LIMIT) }
}

/** A history line as kept: its English, and what the window says when it was a Sentence. */
export function historyLine(line: string | Sentence, at: number): JobRecord['history'][number] {
  return isSentence(line) ? { at, text: line.text, said: line.said } : { at, text: line }
}

/** A job's failure from its sentence: the English the command prints, and what the window says. */
export function failureOf(words: string | Sentence, retryable: boolean, code: FailureCode): NonNullable<JobRecord['failure']> {
  return isSentence(words) ? { message: words.text, retryable, code, said: words.said } : { message: words, retryable, code }
}

/** Whether the job is done with, one way or another. */
export function isFinished(job: JobRecord): boolean {
  return job.state === 'done' || job.state === 'failed' || job.state === 'cancelled'
}
