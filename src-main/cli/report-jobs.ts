import type { EnqueueResult, JobView, RefusedSource, SameContentOffer } from '../../src-shared/domain/queue'
import type { CliContext } from './cli-context'
import { EXIT, type ExitCode } from './exit-codes'
import { sourceOf, stateLine, toRecordOut, type JobRecordOut } from './output/job-lines'

/** A file already published, said for a terminal: the choice is made with a flag, not asked. */
export function sameContentMessage(offer: SameContentOffer): string {
  const latest = offer.items[0]
  const where = latest ? `“${latest.name}” (item ${latest.itemId}, ${latest.url})` : 'an earlier item'
  return `${offer.fileName}: the same content is already published as ${where}. Choose with --on-duplicate replace|new|skip.`
}

/** Everything an intake did not queue, as failed records with their reasons. */
export function notQueued(refused: readonly RefusedSource[], offers: readonly SameContentOffer[]): JobRecordOut[] {
  return [
    ...refused.map((refusal) => ({ source: refusal.source, state: 'failed', itemId: null, url: null, message: refusal.reason })),
    ...offers.map((offer) => ({ source: offer.fileName, state: 'failed', itemId: null, url: null, message: sameContentMessage(offer) }))
  ]
}

/** Merges several intakes (paths, then each link) into one. */
export function mergeIntakes(results: readonly EnqueueResult[]): EnqueueResult {
  return {
    added: results.flatMap((result) => result.added),
    refused: results.flatMap((result) => result.refused),
    sameContent: results.flatMap((result) => result.sameContent)
  }
}

/**
 * A followed job that left the queue before it finished (removed in the app or by another
 * command), as a record: state `removed`. `last` is how it was last seen, when it was.
 */
export function removedRecord(id: string, last: JobView | undefined): JobRecordOut {
  const mayHaveReached = last !== undefined && (last.state === 'uploading' || last.state === 'verifying' || last.result !== null)
  return {
    source: last ? sourceOf(last) : `job ${id}`,
    state: 'removed',
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
export function otherAccountRecord(job: JobView): JobRecordOut {
  const who = job.waiting?.account ?? 'the account it was added for'
  return {
    source: sourceOf(job),
    state: 'waiting',
    itemId: null,
    url: null,
    message: `It was queued for ${who}, and the API key in use belongs to another account, so nothing was sent for it. It waits in the queue until ${who} signs in.`
  }
}

/** The plain line of a record that has no job view (not queued, or removed): `removed    a.pdf  why`. */
export function recordLine(record: JobRecordOut): string {
  return `${record.state.padEnd(9)}  ${record.source}  ${record.message ?? ''}`.trimEnd()
}

const ok = (job: JobView): boolean => job.state !== 'failed' && job.state !== 'cancelled'

/**
 * Prints the jobs, the followed jobs that were removed (`removed`), and what was not queued
 * (one JSON object `{"jobs":[…]}` with --json, else a line each and a summary; `shown` when the
 * job and removal lines were already printed while following), and returns 0 only when
 * everything asked for succeeded.
 */
export function reportJobs(
  ctx: CliContext,
  jobs: readonly JobView[],
  failures: readonly JobRecordOut[],
  options: { shown?: boolean; tail?: string; removed?: readonly JobRecordOut[]; otherAccount?: readonly JobRecordOut[] } = {}
): ExitCode {
  const removed = [...(options.removed ?? []), ...(options.otherAccount ?? [])]
  const records = [...jobs.map(toRecordOut), ...removed, ...failures]
  ctx.result({ jobs: records }, () => {
    const lines = [...(options.shown ? [] : [...jobs.map(stateLine), ...removed.map(recordLine)]), ...failures.map(recordLine)]
    const counts = new Map<string, number>()
    for (const record of records) counts.set(record.state, (counts.get(record.state) ?? 0) + 1)
    const summary = [...counts.entries()].map(([state, count]) => `${count} ${state}`).join(', ')
    return [...lines, ...(lines.length > 0 ? [''] : []), `${summary || 'nothing to do'}${options.tail ?? ''}`].join('\n')
  })
  return failures.length === 0 && removed.length === 0 && jobs.every(ok) ? EXIT.ok : EXIT.failed
}
