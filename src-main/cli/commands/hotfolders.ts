import { resolve } from 'node:path'
import type { HotFolderView } from '../../../src-shared/domain/links'
import { workAccountId } from '../accounts/work-account'
import { flag, type Command } from '../command'
import { EXIT } from '../exit-codes'
import { unwrap } from '../queue-session'
import { appliedBy, withLinks } from './links'

/** A hot folder, for people. */
export function folderLine(folder: HotFolderView): string {
  const flags = [folder.docType, folder.paused ? 'paused' : '', folder.polling ? 'polling' : '', folder.missing ? 'missing' : ''].filter(Boolean)
  const offered = folder.offered.length > 0 ? `\n  offered, not published: ${folder.offered.map((file) => file.fileName).join(', ')}` : ''
  return `${folder.path} (${flags.join(', ')})${offered}`
}

/** `flipdrop hotfolder add <dir> [--document]`: a new PDF in it is published, then linked. */
export const hotfolderAdd: Command = {
  async run(values, [dir = ''], ctx) {
    const path = resolve(ctx.cwd, dir)
    const accountId = await workAccountId(ctx)
    return withLinks(
      ctx,
      async (session) => {
        const docType = flag(values, 'document') ? 'Document' : 'Flipbook'
        const view = await unwrap(session.links.addHotFolder({ path, docType, ...(accountId !== undefined ? { accountId } : {}) }))
        const added = view.folders.find((folder) => folder.path === path) ?? view.folders[view.folders.length - 1]
        ctx.result({ folders: view.folders }, () => `Hot folder ${added ? folderLine(added) : path}\n${appliedBy(session)}`)
        return EXIT.ok
      },
      accountId
    )
  }
}

/** `flipdrop hotfolder remove <dir>`: stops watching it; its linked files stay linked. */
export const hotfolderRemove: Command = {
  async run(_values, [dir = ''], ctx) {
    const path = resolve(ctx.cwd, dir)
    return withLinks(ctx, async (session) => {
      const view = await unwrap(session.links.removeHotFolder({ path }))
      ctx.result({ folders: view.folders }, () => `No longer watching ${path}; its linked files stay linked.`)
      return EXIT.ok
    })
  }
}

/** `flipdrop hotfolder list` (also `flipdrop hotfolders`): the hot folders and the files they offer. */
export const hotfolderList: Command = {
  async run(_values, _positionals, ctx) {
    return withLinks(ctx, async (session) => {
      const view = await unwrap(session.links.list())
      ctx.result({ folders: view.folders }, () => (view.folders.length === 0 ? 'No hot folders.' : view.folders.map(folderLine).join('\n')))
      return EXIT.ok
    })
  }
}
