import { z } from 'zod'
import { jobRecordSchema, upgradeJobRecord, type JobRecord } from './job-record'
import { isJobRecord } from './job-record-guard'

/** An item published from a file with a given content hash, for "same content" offers. */
export const publishedItemSchema = z.object({
  itemId: z.number(),
  name: z.string(),
  url: z.string(),
  docType: z.enum(['Flipbook', 'Document']),
  at: z.number()
})
export type PublishedItem = z.infer<typeof publishedItemSchema>

/** The plan's limits as last learned, kept for offline preflight. */
export const storedLimitsSchema = z.object({
  maxFileSizeBytes: z.number().nullable(),
  quotas: z.partialRecord(
    z.enum(['Flipbook', 'Document']),
    z.object({ docType: z.enum(['Flipbook', 'Document']), count: z.number(), max: z.number(), left: z.number() })
  ),
  learnedAt: z.number().nullable()
})
export type StoredLimits = z.infer<typeof storedLimitsSchema>

/** One line of the queue journal: a state change, never a progress tick. */
export const queueEntrySchema = z.discriminatedUnion('type', [
  /** The job as it is now (replay: last one wins); a new ID appends it to the order. */
  z.object({ type: z.literal('put'), job: jobRecordSchema }),
  z.object({ type: z.literal('remove'), ids: z.array(z.string()) }),
  z.object({ type: z.literal('order'), ids: z.array(z.string()) }),
  z.object({ type: z.literal('paused'), paused: z.boolean() }),
  /** Content hash → item, per account (the user ID), for "same content already published". */
  z.object({ type: z.literal('published'), account: z.string(), sha256: z.string(), item: publishedItemSchema }),
  /** An account's plan limits. Entries from before accounts were recorded have none and are skipped on replay. */
  z.object({ type: z.literal('limits'), account: z.string().optional(), limits: storedLimitsSchema })
])
export type QueueEntry = z.infer<typeof queueEntrySchema>

/** Account → content hash → items. */
export const publishedIndexSchema = z.record(z.string(), z.record(z.string(), z.array(publishedItemSchema)))
export type PublishedIndex = z.infer<typeof publishedIndexSchema>

/** The compacted queue: everything the journal said, in one file. */
export const queueSnapshotSchema = z.object({
  version: z.literal(1),
  jobs: z.array(jobRecordSchema),
  paused: z.boolean(),
  index: publishedIndexSchema,
  /** Each account's plan limits (UserID → limits): a preflight uses the plan of the job's own account. */
  accountLimits: z.record(z.string(), storedLimitsSchema).default({})
})
export type QueueSnapshot = z.infer<typeof queueSnapshotSchema>

/** The snapshot without its jobs: zod would copy the whole array just to hand it over. */
const snapshotEnvelopeSchema = queueSnapshotSchema.extend({ jobs: z.unknown() })

/**
 * Reads a snapshot: the envelope with zod, the (many) jobs with the fast guard; when the
 * guard refuses any job, zod parses the whole snapshot so the error names what is wrong.
 */
export function parseQueueSnapshot(value: unknown): QueueSnapshot {
  const envelope = snapshotEnvelopeSchema.parse(value)
  const jobs = Array.isArray(envelope.jobs) ? envelope.jobs.map(upgradeJobRecord) : envelope.jobs
  if (Array.isArray(jobs) && jobs.every(isJobRecord)) return { ...envelope, jobs: jobs as JobRecord[] }
  return queueSnapshotSchema.parse({ ...envelope, jobs })
}

/** One journal line: records written by an earlier FlipDrop are brought up to date first. */
export function parseQueueEntry(value: unknown): QueueEntry {
  const entry = value as { type?: unknown; job?: unknown } | null
  if (entry?.type === 'put') return queueEntrySchema.parse({ ...entry, job: upgradeJobRecord(entry.job) })
  return queueEntrySchema.parse(value)
}
