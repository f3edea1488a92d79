import { basename } from 'node:path'
import type { HotFolderView, LinksView, LinkView } from '../../../src-shared/domain/links'
import type { FolderRecord, LinkRecord, LinksFile } from './links-file'
import type { Words } from './link-words'

const iso = (ms: number): string => new Date(ms).toISOString()

export function toLinkView(link: LinkRecord, file: LinksFile): LinkView {
  return {
    id: link.id,
    path: link.path,
    fileName: basename(link.path),
    itemId: link.itemId,
    docType: link.docType,
    accountId: link.accountId,
    name: link.name,
    url: link.url,
    state: link.problem ?? (link.paused ? 'paused' : 'active'),
    updating: file.pending.some((job) => job.linkId === link.id),
    message: link.message,
    ...(link.said ? { said: link.said } : {}),
    published: link.published ? { sha256: link.published.sha256, size: link.published.size, at: iso(link.published.at) } : null,
    versions: link.versions.map((version) => ({ ...version, at: iso(version.at) })),
    folderId: link.folderId
  }
}

/** What the folder views need besides the file. */
interface FolderFacts {
  offeredSizes: ReadonlyMap<string, number>
  offerNotes: ReadonlyMap<string, Words>
  missingFolders: ReadonlySet<string>
}

function toFolderView(folder: FolderRecord, file: LinksFile, facts: FolderFacts): HotFolderView {
  return {
    id: folder.id,
    path: folder.path,
    docType: folder.docType,
    accountId: folder.accountId,
    paused: folder.paused,
    polling: folder.polling,
    missing: facts.missingFolders.has(folder.id),
    // Only offered files that are there now: one that went away stays offered (it is never published silently if it comes back).
    offered: folder.offered.flatMap((path) => {
      const size = facts.offeredSizes.get(path)
      if (size === undefined) return []
      const note = facts.offerNotes.get(path)
      return [{ path, fileName: basename(path), size, note: note?.text ?? null, ...(note?.said ? { said: note.said } : {}) }]
    }),
    publishing: file.pending.filter((job) => job.folderId === folder.id && job.linkId === null).map((job) => basename(job.path))
  }
}

/** The whole links state as the window and the command see it. */
export function toLinksView(
  file: LinksFile,
  state: FolderFacts & { watching: boolean }
): LinksView {
  return {
    links: file.links.map((link) => toLinkView(link, file)),
    folders: file.folders.map((folder) => toFolderView(folder, file, state)),
    keepCopies: file.keepCopies,
    watching: state.watching
  }
}
