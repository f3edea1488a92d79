import { randomUUID } from 'node:crypto'
import type { DocType } from '../../../src-shared/domain/service/item'
import type { JobRecord } from './job-record'

/** What a new job is made of; everything else starts empty. */
export interface NewJobFields {
  kind: JobRecord['kind']
  source: JobRecord['source']
  docType: DocType
  name: string
  title: string
  targetItemId?: number | null
  history: string
}

/** A job as it enters the queue. */
export function newJob(fields: NewJobFields, now = Date.now()): JobRecord {
  return {
    id: randomUUID(),
    kind: fields.kind,
    source: fields.source,
    docType: fields.docType,
    name: fields.name,
    title: fields.title,
    targetItemId: fields.targetItemId ?? null,
    state: 'queued',
    paused: false,
    attempts: 0,
    addedAt: now,
    inDoubtSince: null,
    replaceCreated: false,
    result: null,
    failure: null,
    history: [{ at: now, text: fields.history }]
  }
}
