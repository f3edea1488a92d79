import { resolve } from 'node:path'
import { CliError } from '../cli-error'
import { flag, type Command } from '../command'
import { EXIT } from '../exit-codes'
import { followJobs } from '../follow-jobs'
import { openQueueSession, unwrap } from '../queue-session'
import { notQueued, reportJobs } from '../report-jobs'
import { finishQueue, requireKeyWhenRunningHere } from './queue-helpers'
import { isUrl, queuedTail } from './upload'
import { findItemId } from './find-item'
import { ITEM_REF_OPTIONS, ITEM_REF_USAGE, itemDocType, itemRefKind } from './item-ref'

/** `flipdrop replace <id|viewer-url|slug> <file|url> [--id | --slug]`: a new PDF for an item, same ID and link. */
export const replace: Command = {
  name: 'replace',
  summary: "Replace an item's PDF from a file or a link; the item keeps its ID and link.",
  usage: `replace <id|viewer-url|slug> <file|url> ${ITEM_REF_USAGE} [--wait] [--json]`,
  options: { ...ITEM_REF_OPTIONS, wait: { type: 'boolean' } },
  positionals: [2, 2],
  async run(values, positionals, ctx) {
    const [reference = '', source = ''] = positionals
    if (source === '') throw new CliError('Give the new PDF: a file or a link.', EXIT.usage)
    const docType = itemDocType(values)
    const itemId = await findItemId(reference, itemRefKind(values, reference), ctx, docType)
    const session = await openQueueSession(ctx, { runUploads: flag(values, 'wait') })
    try {
      await requireKeyWhenRunningHere(session, ctx)
      const input = isUrl(source) ? { itemId, docType, url: source } : { itemId, docType, path: resolve(ctx.cwd, source) }
      const intake = await unwrap(session.uploads.replace(input))
      const failures = notQueued(intake.refused, intake.sameContent)
      if (!flag(values, 'wait')) return reportJobs(ctx, intake.added, failures, { tail: queuedTail(session.runner) })
      return finishQueue(ctx, await followJobs(session, intake.added.map((job) => job.id), ctx), failures)
    } finally {
      await session.close()
    }
  }
}
