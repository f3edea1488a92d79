import type { JobView } from '../../src-shared/domain/queue'
import { CliError } from './cli-error'
import { EXIT } from './exit-codes'
import { shortId, sourceOf } from './output/job-lines'
import { printable } from './output/sanitize'

/** Shorter prefixes would match by chance as the queue grows (git asks for four as well). */
const MIN_PREFIX = 4

/**
 * The job a user means by an ID as shown (`3f2a9c1e`), the full ID, or any unambiguous
 * prefix of at least four characters, like git's abbreviated commits.
 */
export function findJob(jobs: readonly JobView[], given: string): JobView {
  const wanted = given.trim().toLowerCase()
  const exact = jobs.find((job) => job.id.toLowerCase() === wanted)
  if (exact) return exact
  if (wanted.length < MIN_PREFIX) {
    throw new CliError(`"${given}" is too short to name a job: give at least ${MIN_PREFIX} characters of its ID (flipdrop queue lists them).`, EXIT.usage, 'usage')
  }
  const matches = jobs.filter((job) => job.id.toLowerCase().startsWith(wanted))
  if (matches.length === 1 && matches[0]) return matches[0]
  if (matches.length === 0) throw new CliError(`No job in the queue has an ID starting with ${given}; flipdrop queue lists them.`, EXIT.failed, 'no-such-job')
  const named = matches.slice(0, 5).map((job) => `${shortId(job.id)} ${printable(sourceOf(job))}`)
  throw new CliError(`${given} starts ${matches.length} job IDs (${named.join(', ')}); give more of it.`, EXIT.failed, 'ambiguous-job')
}
