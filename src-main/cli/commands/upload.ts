import { resolve } from 'node:path'
import type { EnqueueResult } from '../../../src-shared/domain/queue'
import { SAME_CONTENT_CHOICES, type SameContentChoice } from '../../../src-shared/domain/queue'
import { workAccountId } from '../accounts/work-account'
import { CliError } from '../cli-error'
import { flag, stringOption, type Command } from '../command'
import { EXIT } from '../exit-codes'
import { followJobs } from '../follow-jobs'
import { openQueueSession, unwrap } from '../queue-session'
import { queueWhenReachable } from '../queue-when-reachable'
import { alreadyQueued, mergeIntakes, notQueued, reportJobs } from '../report-jobs'
import { finishQueue, mentionOthers, reportQueued, requireKeyWhenRunningHere, sayNotQueued } from './queue-helpers'
import { WAIT_OPTIONS, WAIT_USAGE, waitMode } from './wait-flags'

/** A URL (scheme:) rather than a path; a Windows drive letter ("C:\\…") is a path. */
export function isUrl(argument: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(argument) && !/^[a-z]:[\\/]/i.test(argument)
}

function onDuplicate(value: string | undefined): SameContentChoice | 'ask' {
  if (value === undefined) return 'ask'
  if ((SAME_CONTENT_CHOICES as readonly string[]).includes(value)) return value as SameContentChoice
  throw new CliError(`--on-duplicate takes replace, new or skip, not "${value}".`, EXIT.usage)
}

/**
 * `flipdrop upload <file|folder|url>…`: publishes and follows its own jobs to the end (never
 * other jobs it finds queued); `--queue` only queues them, handed to a running app if any.
 */
export const upload: Command = {
  name: 'upload',
  summary: 'Publish PDFs (files, folders or links) as flipbooks, or documents with --document.',
  usage: `upload <file|folder|url>… [--document] [--name N] [--title T] [--on-duplicate replace|new|skip] ${WAIT_USAGE} [--json]`,
  options: {
    document: { type: 'boolean' },
    name: { type: 'string' },
    title: { type: 'string' },
    'on-duplicate': { type: 'string' },
    ...WAIT_OPTIONS
  },
  positionals: [1, Infinity],
  async run(values, positionals, ctx) {
    const name = stringOption(values, 'name')
    const title = stringOption(values, 'title')
    if ((name !== undefined || title !== undefined) && positionals.length > 1) {
      throw new CliError('--name and --title can only be given for a single file or link.', EXIT.usage)
    }
    const choice = onDuplicate(stringOption(values, 'on-duplicate'))
    const mode = waitMode(values)
    const docType = flag(values, 'document') ? 'Document' : 'Flipbook'
    const urls = positionals.filter(isUrl)
    const paths = positionals.filter((argument) => !isUrl(argument)).map((path) => resolve(ctx.cwd, path))
    const accountId = await workAccountId(ctx)
    const session = await openQueueSession(ctx, { runUploads: mode.queueOnly ? false : 'added', accountId })
    try {
      await requireKeyWhenRunningHere(session, ctx)
      const fields = { ...(name ? { name } : {}), ...(title ? { title } : {}), ...(accountId !== undefined ? { accountId } : {}) }
      const enqueue = async (): Promise<EnqueueResult> => {
        const intakes: EnqueueResult[] = []
        if (paths.length > 0) intakes.push(await unwrap(session.uploads.enqueuePaths({ paths, docType, onSameContent: choice, ...fields })))
        for (const url of urls) intakes.push(await unwrap(session.uploads.enqueueUrl({ url, docType, ...fields })))
        return mergeIntakes(intakes)
      }
      // Following is the default, and it waits for the service (its help says so), also before anything is queued.
      const intake = mode.queueOnly ? await enqueue() : await queueWhenReachable(ctx, session, mode.timeoutMs, enqueue)
      session.learnPaths(intake.paths)
      const refusals = notQueued(intake.refused, intake.sameContent, paths)
      // Content already waiting in the queue is the user's too: its job is followed (or reported queued).
      const already = alreadyQueued(intake.refused)
      session.learnPaths(Object.fromEntries([...already].flatMap(([id, refusal]) => (refusal.path ? [[id, refusal.path]] : []))))
      if (mode.queueOnly) return reportQueued(ctx, session, intake.added, already, refusals)
      const own = [...new Set([...intake.added.map((job) => job.id), ...already.keys()])]
      if (own.length === 0) return reportJobs(ctx, refusals)
      sayNotQueued(ctx, refusals)
      const followed = await followJobs(session, own, ctx, { known: intake.added, timeoutMs: mode.timeoutMs })
      if (!followed.interrupted) await mentionOthers(ctx, session, own)
      return finishQueue(ctx, session, followed, refusals)
    } finally {
      await session.close()
    }
  }
}
