import { describe, expect, it } from 'vitest'
import { jobRecordSchema, type JobRecord } from '../../../../src-main/core/queue/job-record'
import { isJobRecord } from '../../../../src-main/core/queue/job-record-guard'
import { newJob } from '../../../../src-main/core/queue/new-job'
import { parseQueueSnapshot } from '../../../../src-main/core/queue/queue-journal'

const fileJob = newJob({
  kind: 'create',
  source: { type: 'file', path: '/designs/a.pdf', fileName: 'a.pdf', size: 10, mtimeMs: 1, sha256: 'ab', pages: 2 },
  docType: 'Flipbook',
  accountId: 'u-1',
  name: 'a',
  title: 'a',
  note: 'A note.'
})
const valid: JobRecord[] = [
  fileJob,
  { ...fileJob, kind: 'replace', targetItemId: 7, state: 'done', result: { itemId: 7, url: 'https://x/view/a', embedUrl: null, pages: 3 } },
  { ...fileJob, source: { type: 'url', url: 'https://example.com/a.pdf' }, state: 'failed', failure: { message: 'No.', retryable: true, code: 'unreachable' } },
  { ...fileJob, accountId: null, host: 'document', docType: 'Document' },
  { ...fileJob, source: { ...fileJob.source, pages: null } as JobRecord['source'] },
  { ...fileJob, inDoubtSince: 5, paused: true, state: 'verifying', result: { itemId: 1, url: 'u', embedUrl: 'e', pages: null } }
]

/** Every way of breaking one field at a time: missing, wrong type, null where not allowed, off the list. */
function broken(job: JobRecord): unknown[] {
  const out: unknown[] = [null, [], 'job', { ...job, extra: 1 }]
  for (const key of Object.keys(job)) {
    const { [key]: _gone, ...without } = job as unknown as Record<string, unknown>
    out.push(without)
    for (const bad of [null, 'x', 42, true, {}, []]) out.push({ ...job, [key]: bad })
  }
  for (const bad of [{ type: 'file' }, { type: 'url' }, { type: 'ftp', url: 'x' }, { ...job.source, size: '10' }, { ...job.source, pages: '2' }, { ...job.source, pages: Number.NaN }]) out.push({ ...job, source: bad })
  out.push({ ...job, state: 'waiting' }, { ...job, history: [{ at: 'now', text: 'x' }] }, { ...job, result: { itemId: 1 } })
  out.push({ ...job, failure: { message: 'x' } }, { ...job, attempts: Number.NaN })
  return out
}

describe('the fast job-record guard', () => {
  it('accepts exactly what the zod schema accepts', () => {
    const cases = [...valid, ...valid.flatMap(broken)]
    const disagreements = cases.filter((value) => isJobRecord(value) !== jobRecordSchema.safeParse(value).success)
    expect(disagreements).toEqual([])
    // The corpus really tests refusals: most variants are invalid (some, like one string for another, are not).
    expect(cases.filter((value) => !isJobRecord(value)).length).toBeGreaterThan(200)
    expect(valid.every(isJobRecord)).toBe(true)
  })

  it('lets zod name the problem when a snapshot holds a bad job', () => {
    const snapshot = { version: 1, jobs: [fileJob, { ...fileJob, state: 'exploded' }], paused: false, index: {}, limits: null }
    expect(() => parseQueueSnapshot(snapshot)).toThrow(/state/)
    expect(parseQueueSnapshot({ ...snapshot, jobs: [fileJob] }).jobs).toEqual([fileJob])
  })
})
