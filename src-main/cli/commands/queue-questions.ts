import type { JobView } from '../../../src-shared/domain/queue'
import { resolveAccount } from '../../core/accounts/resolve-account'
import { signedInEntries } from '../accounts/key-accounts'
import type { CliContext } from '../cli-context'
import { CliError } from '../cli-error'
import type { OptionValues } from '../command'
import { EXIT } from '../exit-codes'
import { findJob } from '../job-ids'
import { unwrap, type QueueSession } from '../queue-session'

/** The flags that answer a question a job asks (each may be given more than once). */
export const QUESTION_OPTIONS = {
  keep: { type: 'string', multiple: true },
  'publish-again': { type: 'string', multiple: true },
  assign: { type: 'string', multiple: true }
} as const

function given(values: OptionValues, name: keyof typeof QUESTION_OPTIONS): string[] {
  const value = values[name]
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : []
}

/** Whether any flag answers a question. */
export function hasAnswers(values: OptionValues): boolean {
  return (Object.keys(QUESTION_OPTIONS) as (keyof typeof QUESTION_OPTIONS)[]).some((name) => given(values, name).length > 0)
}

/** The job's stored item differs from the file: it waits for "keep" or "publish again". */
export const asksLookalike = (job: JobView): boolean => job.state === 'failed' && job.failure?.code === 'uncertain-content'
/** Added before accounts were kept apart, and nothing names its account. */
export const asksAccount = (job: JobView): boolean => job.state === 'waiting' && job.waiting?.reason === 'unbound'

function notAsking(given: string): CliError {
  return new CliError(`Job ${given} is not waiting for that choice.`, EXIT.usage, 'not-asking')
}

/** --retry of a job whose found item waits for a choice: a retry could publish it twice. */
export function retryWouldDuplicate(given: string): CliError {
  return new CliError(
    `Job ${given} found an item that may be this upload; a retry could publish it twice. Run flipdrop queue --keep ${given} or flipdrop queue --publish-again ${given}.`,
    EXIT.usage,
    'asks-choice'
  )
}

/** `ID=ACCOUNT`, split at the first `=` (an account name may hold one). */
function splitAssign(text: string): { id: string; account: string } {
  const at = text.indexOf('=')
  const id = at < 0 ? '' : text.slice(0, at).trim()
  const account = at < 0 ? '' : text.slice(at + 1).trim()
  if (!id || !account) throw new CliError(`--assign takes ID=ACCOUNT (for example --assign 3f2a9c1e=dana@example.com), not "${text}".`, EXIT.usage, 'usage')
  return { id, account }
}

/**
 * Answers the jobs' questions in a fixed order (--keep, --publish-again, --assign), each ID
 * resolved against the queue as it is then; returns each job as it is after the answer. A job
 * that asks no such question is a usage mistake (exit 2); an account not signed in is exit 3.
 */
export async function runAnswers(session: QueueSession, ctx: CliContext, values: OptionValues, current: () => Promise<JobView[]>): Promise<JobView[]> {
  const done: JobView[] = []
  for (const [name, choice] of [['keep', 'keep'], ['publish-again', 'publish-again']] as const) {
    for (const id of given(values, name)) {
      const job = findJob(await current(), id)
      if (!asksLookalike(job)) throw notAsking(id)
      done.push(await unwrap(session.uploads.decideLookalike({ jobId: job.id, choice })))
    }
  }
  for (const text of given(values, 'assign')) {
    const { id, account } = splitAssign(text)
    const job = findJob(await current(), id)
    if (!asksAccount(job)) throw notAsking(id)
    // The same rules as --account: a name two accounts share is exit 2, one not signed in exit 3.
    const book = await ctx.accounts()
    await book.learn()
    const chosen = resolveAccount(account, signedInEntries(book.list(), null))
    done.push(await unwrap(session.uploads.chooseAccount({ jobId: job.id, accountId: chosen.userId })))
  }
  return done
}
