import type { EnqueueResult, JobView, RefusedSource, SameContentOffer } from '../../src-shared/domain/queue'
import type { CliContext } from './cli-context'
import { EXIT, type ExitCode } from './exit-codes'
import { stateLine, toRecordOut, type JobRecordOut } from './output/job-lines'

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

const ok = (job: JobView): boolean => job.state !== 'failed' && job.state !== 'cancelled'

/**
 * Prints the jobs and what was not queued (one JSON object `{"jobs":[…]}` with --json, else a
 * line each and a summary; `shown` when their lines were already printed while following),
 * and returns 0 only when everything asked for succeeded.
 */
export function reportJobs(
  ctx: CliContext,
  jobs: readonly JobView[],
  failures: readonly JobRecordOut[],
  options: { shown?: boolean; tail?: string } = {}
): ExitCode {
  const records = [...jobs.map(toRecordOut), ...failures]
  ctx.result({ jobs: records }, () => {
    const lines = [
      ...(options.shown ? [] : jobs.map(stateLine)),
      ...failures.map((failure) => `failed     ${failure.source}  ${failure.message ?? ''}`.trimEnd())
    ]
    const counts = new Map<string, number>()
    for (const record of records) counts.set(record.state, (counts.get(record.state) ?? 0) + 1)
    const summary = [...counts.entries()].map(([state, count]) => `${count} ${state}`).join(', ')
    return [...lines, ...(lines.length > 0 ? [''] : []), `${summary || 'nothing to do'}${options.tail ?? ''}`].join('\n')
  })
  return failures.length === 0 && jobs.every(ok) ? EXIT.ok : EXIT.failed
}
