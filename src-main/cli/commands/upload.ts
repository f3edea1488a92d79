import { resolve } from 'node:path'
import type { EnqueueResult } from '../../../src-shared/domain/queue'
import { SAME_CONTENT_CHOICES, type SameContentChoice } from '../../../src-shared/domain/queue'
import { CliError } from '../cli-error'
import { flag, stringOption, type Command } from '../command'
import { EXIT } from '../exit-codes'
import { followJobs } from '../follow-jobs'
import { openQueueSession, unwrap, type QueueRunner } from '../queue-session'
import { mergeIntakes, notQueued, reportJobs } from '../report-jobs'
import { finishQueue, requireKeyWhenRunningHere } from './queue-helpers'

/** A URL (scheme:) rather than a path; a Windows drive letter ("C:\\…") is a path. */
export function isUrl(argument: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(argument) && !/^[a-z]:[\\/]/i.test(argument)
}

function onDuplicate(value: string | undefined): SameContentChoice | 'ask' {
  if (value === undefined) return 'ask'
  if ((SAME_CONTENT_CHOICES as readonly string[]).includes(value)) return value as SameContentChoice
  throw new CliError(`--on-duplicate takes replace, new or skip, not "${value}".`, EXIT.usage)
}

/** `flipdrop upload <file|folder|url>…`: queues creates; `--wait` runs or follows them to the end. */
export const upload: Command = {
  name: 'upload',
  summary: 'Publish PDFs (files, folders or links) as flipbooks, or documents with --document.',
  usage: 'upload <file|folder|url>… [--document] [--name N] [--title T] [--wait] [--on-duplicate replace|new|skip] [--json]',
  options: {
    document: { type: 'boolean' },
    name: { type: 'string' },
    title: { type: 'string' },
    wait: { type: 'boolean' },
    'on-duplicate': { type: 'string' }
  },
  positionals: [1, Infinity],
  async run(values, positionals, ctx) {
    const name = stringOption(values, 'name')
    const title = stringOption(values, 'title')
    if ((name !== undefined || title !== undefined) && positionals.length > 1) {
      throw new CliError('--name and --title can only be given for a single file or link.', EXIT.usage)
    }
    const choice = onDuplicate(stringOption(values, 'on-duplicate'))
    const docType = flag(values, 'document') ? 'Document' : 'Flipbook'
    const urls = positionals.filter(isUrl)
    const paths = positionals.filter((argument) => !isUrl(argument)).map((path) => resolve(ctx.cwd, path))
    const session = await openQueueSession(ctx, { runUploads: flag(values, 'wait') })
    try {
      await requireKeyWhenRunningHere(session, ctx)
      const intakes: EnqueueResult[] = []
      const fields = { ...(name ? { name } : {}), ...(title ? { title } : {}) }
      if (paths.length > 0) intakes.push(await unwrap(session.uploads.enqueuePaths({ paths, docType, onSameContent: choice, ...fields })))
      for (const url of urls) intakes.push(await unwrap(session.uploads.enqueueUrl({ url, docType, ...fields })))
      const intake = mergeIntakes(intakes)
      const failures = notQueued(intake.refused, intake.sameContent)
      if (!flag(values, 'wait')) return reportJobs(ctx, intake.added, failures, { tail: queuedTail(session.runner) })
      const followed = await followJobs(session, intake.added.map((job) => job.id), ctx, intake.added)
      return finishQueue(ctx, followed, failures)
    } finally {
      await session.close()
    }
  }
}

/** Where queued jobs go from here, said after the summary. */
export function queuedTail(runner: QueueRunner): string {
  return runner.here
    ? '; they wait in the queue (the app, or flipdrop queue --wait, runs them)'
    : `; the ${runner.role === 'app' ? 'FlipDrop app' : `flipdrop command (process ${runner.pid})`} runs them`
}
