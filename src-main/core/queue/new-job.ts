import { randomUUID } from 'node:crypto'
import { hostFor, type DocType } from '../../../src-shared/domain/service/item'
import type { Sentence } from '../../../src-shared/i18n/said'
import { historyLine, type JobRecord } from './job-record'

/** What a new job is made of; everything else starts empty. */
export interface NewJobFields {
  kind: JobRecord['kind']
  source: JobRecord['source']
  docType: DocType
  /** The UserID of the account it publishes to (its host follows from the kind). */
  accountId: string
  name: string
  title: string
  targetItemId?: number | null
  /** Added paused: it waits for the user to start it (its name and title can still change). */
  paused?: boolean
  /** A history line beyond "Added …" (which the view derives), e.g. a same-content decision. */
  note?: string | Sentence
  /** Not sent before this time (an Undo window). */
  notBefore?: number
}

/**
 * A job as it enters the queue. Its history starts empty unless there is a note: "Added …"
 * follows from the job itself (see job-view.ts), and 10,000 stored copies of it measurably
 * slowed restoring the queue.
 */
export function newJob(fields: NewJobFields, now = Date.now()): JobRecord {
  return {
    id: randomUUID(),
    kind: fields.kind,
    source: fields.source,
    docType: fields.docType,
    accountId: fields.accountId,
    host: hostFor(fields.docType),
    name: fields.name,
    title: fields.title,
    targetItemId: fields.targetItemId ?? null,
    state: 'queued',
    paused: fields.paused ?? false,
    attempts: 0,
    addedAt: now,
    inDoubtSince: null,
    ...(fields.notBefore !== undefined ? { notBefore: fields.notBefore } : {}),
    replaceCreated: false,
    result: null,
    failure: null,
    history: fields.note === undefined ? [] : [historyLine(fields.note, now)]
  }
}
