import { resolve } from 'node:path'
import type { HotFolderView, LinksView, LinkView } from '../../../src-shared/domain/links'
import type { CliContext } from '../cli-context'
import { CliError } from '../cli-error'
import type { Command } from '../command'
import { EXIT, type ExitCode } from '../exit-codes'
import { openLinksSession, type LinksSession } from '../links-session'
import { plural } from '../output/format'
import { unwrap } from '../queue-session'
import { findItemId } from './find-item'
import { ITEM_REF_OPTIONS, ITEM_REF_USAGE, itemDocType, itemRefKind } from './item-ref'

/** Runs `work` on the links of the data folder (here, or in the process holding it), then leaves. */
export async function withLinks<T>(ctx: CliContext, work: (session: LinksSession) => Promise<T>): Promise<T> {
  const session = await openLinksSession(ctx)
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
  return `${link.path} → ${link.name} (item ${link.itemId})${link.url ? ` ${link.url}` : ''}${state}${link.message ? `\n  ${link.message}` : ''}`
}

/** `flipdrop link <file> <id|url|slug> [--id | --slug]`: later saves of the file replace the item's PDF (same ID and link). */
export const link: Command = {
  name: 'link',
  summary: "Link a local PDF to an item: each time the file changes, the item's PDF is replaced (same ID and link).",
  usage: `link <file> <id|viewer-url|slug> ${ITEM_REF_USAGE} [--json]`,
  options: { ...ITEM_REF_OPTIONS },
  positionals: [2, 2],
  async run(values, positionals, ctx) {
    const [file = '', reference = ''] = positionals
    const docType = itemDocType(values)
    const itemId = await findItemId(reference, itemRefKind(values, reference), ctx, docType)
    return withLinks(ctx, async (session) => {
      if (session.runner.here) await ctx.services()
      const linked = await unwrap(session.links.link({ path: resolve(ctx.cwd, file), itemId, docType }))
      ctx.result(linked, () => `Linked ${linkLine(linked)}\n${appliedBy(session)}`)
      return EXIT.ok
    })
  }
}

/** `flipdrop unlink <file>`: forgets the link; the item stays as it is. */
export const unlink: Command = {
  name: 'unlink',
  summary: 'Stop following a linked file (the item stays as it is).',
  usage: 'unlink <file> [--json]',
  options: {},
  positionals: [1, 1],
  async run(_values, [file = ''], ctx) {
    const path = resolve(ctx.cwd, file)
    return withLinks(ctx, async (session) => {
      const view = await unwrap(session.links.unlink({ path }))
      ctx.result(view, () => `Unlinked ${path}.`)
      return EXIT.ok
    })
  }
}

/** The links and hot folders, for people. */
export function describeLinks(view: LinksView): string {
  if (view.links.length === 0) return 'No linked files.'
  return `${plural(view.links.length, 'linked file')}:\n${view.links.map(linkLine).join('\n')}`
}

/** `flipdrop links`: every linked file, its item and its state. */
export const links: Command = {
  name: 'links',
  summary: 'List linked files, their items and their state.',
  usage: 'links [--json]',
  options: {},
  positionals: [0, 0],
  async run(_values, _positionals, ctx): Promise<ExitCode> {
    return withLinks(ctx, async (session) => {
      const view = await unwrap(session.links.list())
      ctx.result({ links: view.links }, () => describeLinks(view))
      return EXIT.ok
    })
  }
}

/** A hot folder, for people. */
export function folderLine(folder: HotFolderView): string {
  const flags = [folder.docType, folder.paused ? 'paused' : '', folder.polling ? 'polling' : '', folder.missing ? 'missing' : ''].filter(Boolean)
  const offered = folder.offered.length > 0 ? `\n  offered, not published: ${folder.offered.map((file) => file.fileName).join(', ')}` : ''
  return `${folder.path} (${flags.join(', ')})${offered}`
}

/** `flipdrop hotfolder add <dir> [--document]` / `flipdrop hotfolder remove <dir>`. */
export const hotfolder: Command = {
  name: 'hotfolder',
  summary: 'Watch a folder: a new PDF in it is published and then linked (files already there are only offered).',
  usage: 'hotfolder add <dir> [--document] [--json]\nhotfolder remove <dir> [--json]',
  options: { document: { type: 'boolean' } },
  positionals: [2, 2],
  async run(values, [action = '', dir = ''], ctx) {
    if (action !== 'add' && action !== 'remove') throw new CliError('Say add or remove: flipdrop hotfolder add <dir>.', EXIT.usage)
    const path = resolve(ctx.cwd, dir)
    return withLinks(ctx, async (session) => {
      if (action === 'remove') {
        const view = await unwrap(session.links.removeHotFolder({ path }))
        ctx.result({ folders: view.folders }, () => `No longer watching ${path}; its linked files stay linked.`)
        return EXIT.ok
      }
      const view = await unwrap(session.links.addHotFolder({ path, docType: values['document'] === true ? 'Document' : 'Flipbook' }))
      const added = view.folders.find((folder) => folder.path === path) ?? view.folders[view.folders.length - 1]
      ctx.result({ folders: view.folders }, () => `Hot folder ${added ? folderLine(added) : path}\n${appliedBy(session)}`)
      return EXIT.ok
    })
  }
}

/** `flipdrop hotfolders`: the hot folders and the files they offer. */
export const hotfolders: Command = {
  name: 'hotfolders',
  summary: 'List hot folders and the files they offer.',
  usage: 'hotfolders [--json]',
  options: {},
  positionals: [0, 0],
  async run(_values, _positionals, ctx) {
    return withLinks(ctx, async (session) => {
      const view = await unwrap(session.links.list())
      ctx.result({ folders: view.folders }, () => (view.folders.length === 0 ? 'No hot folders.' : view.folders.map(folderLine).join('\n')))
      return EXIT.ok
    })
  }
}
