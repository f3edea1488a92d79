import { z } from 'zod'

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
  sha256: z.string()
})

const urlSource = z.object({ type: z.literal('url'), url: z.string() })

/** States kept on disk. "waiting" is derived (offline, signed out, rate limit, retry backoff) and never written. */
export const STORED_STATES = ['queued', 'uploading', 'verifying', 'done', 'failed', 'cancelled'] as const

export const jobRecordSchema = z.object({
  id: z.string(),
  kind: z.enum(['create', 'replace']),
  source: z.discriminatedUnion('type', [fileSource, urlSource]),
  docType: z.enum(['Flipbook', 'Document']),
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
  /** A created item must still get the file's current content (it changed while uploading). */
  replaceCreated: z.boolean(),
  result: z
    .object({ itemId: z.number(), url: z.string(), embedUrl: z.string().nullable(), pages: z.number().nullable() })
    .nullable(),
  failure: z.object({ message: z.string(), retryable: z.boolean() }).nullable(),
  history: z.array(z.object({ at: z.number(), text: z.string() }))
})

export type JobRecord = z.infer<typeof jobRecordSchema>
export type FileSource = z.infer<typeof fileSource>

/** Most history lines kept per job; older ones are dropped first. */
const HISTORY_LIMIT = 30

/** The job with one more history line (the record is replaced, never mutated in place). */
export function withHistory(job: JobRecord, text: string, at = Date.now()): JobRecord {
  return { ...job, history: [...job.history, { at, text }].slice(-HISTORY_LIMIT) }
}

/** Whether the job is done with, one way or another. */
export function isFinished(job: JobRecord): boolean {
  return job.state === 'done' || job.state === 'failed' || job.state === 'cancelled'
}
