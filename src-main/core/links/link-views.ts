import { basename } from 'node:path'
import type { HotFolderView, LinksView, LinkView } from '../../../src-shared/domain/links'
import type { FolderRecord, LinkRecord, LinksFile } from './links-file'

const iso = (ms: number): string => new Date(ms).toISOString()

export function toLinkView(link: LinkRecord, file: LinksFile): LinkView {
  return {
    id: link.id,
    path: link.path,
    fileName: basename(link.path),
    itemId: link.itemId,
    docType: link.docType,
    name: link.name,
    url: link.url,
    state: link.problem ?? (link.paused ? 'paused' : 'active'),
    updating: file.pending.some((job) => job.linkId === link.id),
    message: link.message,
    published: link.published ? { sha256: link.published.sha256, size: link.published.size, at: iso(link.published.at) } : null,
    versions: link.versions.map((version) => ({ ...version, at: iso(version.at) })),
    folderId: link.folderId
  }
}

function toFolderView(folder: FolderRecord, file: LinksFile, sizes: ReadonlyMap<string, number>, missing: boolean): HotFolderView {
  return {
    id: folder.id,
    path: folder.path,
    docType: folder.docType,
    paused: folder.paused,
    polling: folder.polling,
    missing,
    offered: folder.offered.map((path) => ({ path, fileName: basename(path), size: sizes.get(path) ?? 0 })),
    publishing: file.pending.filter((job) => job.folderId === folder.id && job.linkId === null).map((job) => basename(job.path))
  }
}

/** The whole links state as the window and the command see it. */
export function toLinksView(
  file: LinksFile,
  state: { watching: boolean; offeredSizes: ReadonlyMap<string, number>; missingFolders: ReadonlySet<string> }
): LinksView {
  return {
    links: file.links.map((link) => toLinkView(link, file)),
    folders: file.folders.map((folder) => toFolderView(folder, file, state.offeredSizes, state.missingFolders.has(folder.id))),
    keepCopies: file.keepCopies,
    watching: state.watching
  }
}
