import type { EnqueueResult, JobView, RefusalCode, RefusedSource, SameContentOffer } from '../../src-shared/domain/queue'
import type { CliContext } from './cli-context'
import type { FailureRecord } from './cli-error'
import { EXIT, type ExitCode } from './exit-codes'
import { recordLine, shortId, sourceOf, type JobRecordOut, type Outcome } from './output/job-lines'

/** A file already published, said for a terminal: the choice is made with a flag, not asked. */
export function sameContentMessage(offer: SameContentOffer): string {
  const latest = offer.items[0]
  const where = latest ? `“${latest.name}” (item ${latest.itemId}, ${latest.url})` : 'an earlier item'
  return `${offer.fileName}: the same content is already published as ${where}. Choose with --on-duplicate replace|new|skip.`
}

/**
 * Refusals that only say "this is not a PDF we can publish": for a file found inside a folder
 * the user gave, that file is skipped, not a failure of the run (a folder holds other files).
 * A PDF too large or over quota is one the user meant to publish, so it stays a failure.
 */
const NOT_PUBLISHABLE: ReadonlySet<RefusalCode> = new Set(['not-pdf', 'empty', 'damaged', 'password', 'no-pages', 'not-a-file', 'link-loop', 'unreadable'])

/** Whether a refusal is of a file the user did not name (found inside a folder they gave). */
function insideFolder(refusal: RefusedSource, named: ReadonlySet<string>): boolean {
  return refusal.path !== undefined && !named.has(refusal.path)
}

function refusalOutcome(refusal: RefusedSource, named: ReadonlySet<string>): Outcome {
  if (refusal.code === 'duplicate') return 'skipped'
  if (refusal.code !== undefined && NOT_PUBLISHABLE.has(refusal.code) && insideFolder(refusal, named)) return 'skipped'
  return 'failed'
}

/**
 * What an intake did not queue, as records: skipped or failed, each with its reason code.
 * `named` are the full paths the user typed (a refusal of another path came from a folder).
 * Refusals of content already waiting in the queue are not here: the command follows that job.
 */
export function notQueued(refused: readonly RefusedSource[], offers: readonly SameContentOffer[], named: readonly string[] = []): JobRecordOut[] {
  const given = new Set(named)
  const record = (state: Outcome, source: string, path: string | undefined, code: string, message: string): JobRecordOut => ({
    id: null,
    state,
    source,
    path: path ?? null,
    code,
    itemId: null,
    url: null,
    message
  })
  return [
    ...refused
      .filter((refusal) => refusal.code !== 'already-queued')
      .map((refusal) => record(refusalOutcome(refusal, given), refusal.source, refusal.path, refusal.code ?? 'rejected', refusal.reason)),
    ...offers.map((offer) => record('failed', offer.fileName, offer.path, 'duplicate', sameContentMessage(offer)))
  ]
}

/** The jobs that will publish content the user gave again (it already waits in the queue), by ID. */
export function alreadyQueued(refused: readonly RefusedSource[]): Map<string, RefusedSource> {
  return new Map(refused.flatMap((refusal) => (refusal.code === 'already-queued' && refusal.jobId ? [[refusal.jobId, refusal]] : [])))
}

/** Merges several intakes (paths, then each link) into one. */
export function mergeIntakes(results: readonly EnqueueResult[]): EnqueueResult {
  return {
    added: results.flatMap((result) => result.added),
    refused: results.flatMap((result) => result.refused),
    sameContent: results.flatMap((result) => result.sameContent),
    paths: Object.assign({}, ...results.map((result) => result.paths ?? {})) as Record<string, string>
  }
}

/**
 * A followed job that left the queue before it finished (removed in the app or by another
 * command), as a record: state `removed`. `last` is how it was last seen, when it was.
 */
export function removedRecord(id: string, last: JobView | undefined, path: string | null): JobRecordOut {
  const mayHaveReached = last !== undefined && (last.state === 'uploading' || last.state === 'verifying' || last.result !== null)
  return {
    id,
    state: 'removed',
    source: last ? sourceOf(last) : `job ${id}`,
    path,
    code: 'removed',
    itemId: last?.result?.itemId ?? null,
    url: last?.result?.url ?? null,
    message: `It was removed from the queue elsewhere (in the FlipDrop app or by another command) before it finished.${
      mayHaveReached ? ' It may have reached the service: flipdrop list shows whether it is in your library.' : ''
    }`
  }
}

/**
 * A followed job made for another account than the key in use: it waits in the queue, and
 * nothing is sent for it with this key.
 */
export function otherAccountRecord(job: JobView, path: string | null): JobRecordOut {
  if (job.waiting?.reason === 'unbound') {
    // Added before accounts were kept apart, and nothing here names its account: the window asks.
    const message = `${job.waiting.message} Nothing was sent for it; choose its account in the FlipDrop window or with flipdrop queue --assign ${shortId(job.id)}=ACCOUNT.`
    return { id: job.id, state: 'waiting', source: sourceOf(job), path: job.source.type === 'file' ? path : null, code: 'unbound', itemId: null, url: null, message }
  }
  const who = job.waiting?.account ?? 'the account it was added for'
  return {
    id: job.id,
    state: 'waiting',
    source: sourceOf(job),
    path: job.source.type === 'file' ? path : null,
    code: 'other-account',
    itemId: null,
    url: null,
    message: `It was queued for ${who}, and the API key in use belongs to another account, so nothing was sent for it. It waits in the queue until ${who} signs in.`
  }
}

/** The order outcomes are counted in on the closing line. */
const ORDER: readonly Outcome[] = ['done', 'skipped', 'failed', 'cancelled', 'removed', 'queued', 'waiting', 'uploading', 'verifying']

/** "2 done, 1 skipped, 1 failed": each outcome counted, in a fixed order; '' for none. */
export function countLine(records: readonly JobRecordOut[]): string {
  const counts = new Map<Outcome, number>()
  for (const record of records) counts.set(record.state, (counts.get(record.state) ?? 0) + 1)
  return ORDER.filter((state) => counts.has(state))
    .map((state) => `${counts.get(state)} ${state}`)
    .join(', ')
}

/** Outcomes that mean something the user asked for did not happen. */
const UNSUCCESSFUL: ReadonlySet<Outcome> = new Set(['failed', 'cancelled', 'removed', 'waiting'])

/** 0 when everything asked for was done, skipped on purpose or queued as asked; 1 otherwise. */
export function exitCodeOf(records: readonly JobRecordOut[]): ExitCode {
  return records.some((record) => UNSUCCESSFUL.has(record.state)) ? EXIT.failed : EXIT.ok
}

export interface ReportOptions {
  /** The lines of these records were printed already (while following). */
  shown?: boolean
  /** Said after the counts (where queued jobs went). */
  tail?: string
  /** The closing line when there is nothing to count. */
  empty?: string
  /** Why the command stopped early: in the JSON document beside the jobs, on stderr for people. */
  error?: FailureRecord
}

/**
 * Prints the records (one JSON document `{"jobs":[…]}` with --json, else a line each unless
 * shown already, and a closing line counting each outcome), and returns the exit code.
 */
export function reportJobs(ctx: CliContext, records: readonly JobRecordOut[], options: ReportOptions = {}): ExitCode {
  const { error } = options
  ctx.result(error ? { jobs: records, error } : { jobs: records }, () => {
    const lines = options.shown ? [] : records.map(recordLine)
    const counted = countLine(records)
    const closing = counted === '' ? (options.empty ?? 'Nothing to do.') : `${counted}${options.tail ?? ''}`
    return [...lines, ...(lines.length > 0 ? [''] : []), closing].join('\n')
  })
  if (error) {
    if (!ctx.json) ctx.warn(`flipdrop: ${error.message}`)
    return error.exitCode
  }
  return exitCodeOf(records)
}
