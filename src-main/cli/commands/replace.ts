import { resolve } from 'node:path'
import type { EnqueueResult } from '../../../src-shared/domain/queue'
import { workAccountId } from '../accounts/work-account'
import { CliError } from '../cli-error'
import type { Command } from '../command'
import { EXIT } from '../exit-codes'
import { followJobs } from '../follow-jobs'
import { openQueueSession, unwrap } from '../queue-session'
import { queueWhenReachable } from '../queue-when-reachable'
import { alreadyQueued, notQueued, reportJobs } from '../report-jobs'
import { finishQueue, reportQueued, requireKeyWhenRunningHere, sayNotQueued } from './queue-helpers'
import { isUrl } from './upload'
import { findItemId } from './find-item'
import { ITEM_REF_OPTIONS, ITEM_REF_USAGE, itemDocType, itemRefKind } from './item-ref'
import { WAIT_OPTIONS, WAIT_USAGE, waitMode } from './wait-flags'

/**
 * `flipdrop replace <id|viewer-url|slug> <file|url>`: a new PDF for an item, same ID and link;
 * follows the job to the end, or only queues it with --queue.
 */
export const replace: Command = {
  name: 'replace',
  summary: "Replace an item's PDF from a file or a link; the item keeps its ID and link.",
  usage: `replace <id|viewer-url|slug> <file|url> ${ITEM_REF_USAGE} ${WAIT_USAGE} [--json]`,
  options: { ...ITEM_REF_OPTIONS, ...WAIT_OPTIONS },
  positionals: [2, 2],
  async run(values, positionals, ctx) {
    const [reference = '', source = ''] = positionals
    if (source === '') throw new CliError('Give the new PDF: a file or a link.', EXIT.usage)
    const mode = waitMode(values)
    const docType = itemDocType(values)
    const itemId = await findItemId(reference, itemRefKind(values, reference), ctx, docType)
    const accountId = await workAccountId(ctx)
    const session = await openQueueSession(ctx, { runUploads: mode.queueOnly ? false : 'added', accountId })
    try {
      await requireKeyWhenRunningHere(session, ctx)
      const path = isUrl(source) ? null : resolve(ctx.cwd, source)
      const mine = accountId !== undefined ? { accountId } : {}
      const input = path === null ? { itemId, docType, url: source, ...mine } : { itemId, docType, path, ...mine }
      const enqueue = (): Promise<EnqueueResult> => unwrap(session.uploads.replace(input))
      const intake = mode.queueOnly ? await enqueue() : await queueWhenReachable(ctx, session, mode.timeoutMs, enqueue)
      session.learnPaths(intake.paths)
      const refusals = notQueued(intake.refused, intake.sameContent, path === null ? [] : [path])
      const already = alreadyQueued(intake.refused)
      if (mode.queueOnly) return reportQueued(ctx, session, intake.added, already, refusals)
      const own = intake.added.map((job) => job.id)
      if (own.length === 0) return reportJobs(ctx, refusals)
      sayNotQueued(ctx, refusals)
      return finishQueue(ctx, session, await followJobs(session, own, ctx, { known: intake.added, timeoutMs: mode.timeoutMs }), refusals)
    } finally {
      await session.close()
    }
  }
}
