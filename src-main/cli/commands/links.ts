import { resolve } from 'node:path'
import type { LinksView, LinkView } from '../../../src-shared/domain/links'
import { workAccountId } from '../accounts/work-account'
import type { CliContext } from '../cli-context'
import type { Command } from '../command'
import { EXIT } from '../exit-codes'
import { openLinksSession, type LinksSession } from '../links-session'
import { plural } from '../output/format'
import { printable } from '../output/sanitize'
import { unwrap } from '../queue-session'
import { findItemId } from './find-item'
import { itemDocType, itemRefKind } from './item-ref'

/** Runs `work` on the links of the data folder (here, or in the process holding it), then leaves. */
export async function withLinks<T>(ctx: CliContext, work: (session: LinksSession) => Promise<T>, accountId?: string): Promise<T> {
  const session = await openLinksSession(ctx, accountId)
  try {
    return await work(session)
  } finally {
    await session.close()
  }
}

/** How the change takes effect, for people. */
export function appliedBy(session: LinksSession): string {
  return session.runner.here
    ? 'It is watched while the FlipDrop app or flipdrop watch runs.'
    : `The FlipDrop ${session.runner.role} (process ${session.runner.pid}) watches it from now on.`
}

function linkLine(link: LinkView): string {
  const state = link.state === 'active' ? '' : ` [${link.state}]`
  return `${printable(link.path)} → ${printable(link.name)} (item ${link.itemId})${link.url ? ` ${link.url}` : ''}${state}${link.message ? `\n  ${link.message}` : ''}`
}

/** The linked files, for people. */
export function describeLinks(view: LinksView): string {
  if (view.links.length === 0) return 'No linked files.'
  return `${plural(view.links.length, 'linked file')}:\n${view.links.map(linkLine).join('\n')}`
}

/** `flipdrop link add <file> <id|url|slug>` (also `flipdrop link <file> <…>`): later saves of the file replace the item's PDF (same ID and link). */
export const linkAdd: Command = {
  async run(values, positionals, ctx) {
    const [file = '', reference = ''] = positionals
    const docType = itemDocType(values)
    const itemId = await findItemId(reference, itemRefKind(values, reference), ctx, docType)
    const accountId = await workAccountId(ctx)
    return withLinks(
      ctx,
      async (session) => {
        if (session.runner.here) await ctx.services()
        const linked = await unwrap(session.links.link({ path: resolve(ctx.cwd, file), itemId, docType, ...(accountId !== undefined ? { accountId } : {}) }))
        ctx.result(linked, () => `Linked ${linkLine(linked)}\n${appliedBy(session)}`)
        return EXIT.ok
      },
      accountId
    )
  }
}

/** `flipdrop link remove <file>` (also `flipdrop unlink`): forgets the link; the item stays as it is. */
export const linkRemove: Command = {
  async run(_values, [file = ''], ctx) {
    const path = resolve(ctx.cwd, file)
    return withLinks(ctx, async (session) => {
      const view = await unwrap(session.links.unlink({ path }))
      ctx.result(view, () => `Unlinked ${path}.`)
      return EXIT.ok
    })
  }
}

/** `flipdrop link list` (also `flipdrop links`): every linked file, its item and its state. */
export const linkList: Command = {
  async run(_values, _positionals, ctx) {
    return withLinks(ctx, async (session) => {
      const view = await unwrap(session.links.list())
      ctx.result({ links: view.links }, () => describeLinks(view))
      return EXIT.ok
    })
  }
}
