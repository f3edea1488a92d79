import { contract } from '../../../src-shared/contract'
import { AppError } from '../../../src-shared/contract/errors'
import type { LinksView } from '../../../src-shared/domain/links'
import type { EventSink } from '../events'
import { sentence } from '../i18n/sentence'
import type { Logger } from '../log'
import { toLinksView } from './link-views'
import type { Words } from './link-words'
import { readLinksFile, writeLinksFile, type FolderRecord, type LinkRecord, type LinksFile } from './links-file'

/** The links state in memory, written to `links.json` after each change and told to the windows. */
export interface LinksStore {
  readonly file: LinksFile
  /** Sizes of offered files that are there now, for the views (an offered file that went away stays offered, unseen). */
  readonly offeredSizes: Map<string, number>
  /** What to say about an offered file (its publishing failed, it is already published…). */
  readonly offerNotes: Map<string, Words>
  /** Hot folders whose folder is gone or unreadable. */
  readonly missingFolders: Set<string>
  link(ref: { linkId?: string | undefined; path?: string | undefined }): LinkRecord
  folder(ref: { folderId?: string | undefined; path?: string | undefined }): FolderRecord
  view(): LinksView
  /** Writes the state durably (writes queue up; each writes the latest state) and tells the windows. */
  save(): Promise<void>
}

/** Opens `links.json` of the data folder. */
export async function openLinksStore(options: { dataDir: string; watching: boolean; emit: EventSink; log: Logger }): Promise<LinksStore> {
  const file = await readLinksFile(options.dataDir, options.log)
  let writing: Promise<void> = Promise.resolve()
  let dirty = false
  const store: LinksStore = {
    file,
    offeredSizes: new Map(),
    offerNotes: new Map(),
    missingFolders: new Set(),
    link(ref) {
      const found = file.links.find((link) => (ref.linkId !== undefined ? link.id === ref.linkId : link.path === ref.path))
      if (!found) throw new AppError('not-found', ref.path !== undefined ? sentence('coreLinks.path.notLinked', { path: ref.path }) : sentence('coreLinks.linkGone'))
      return found
    },
    folder(ref) {
      const found = file.folders.find((folder) => (ref.folderId !== undefined ? folder.id === ref.folderId : folder.path === ref.path))
      if (!found) throw new AppError('not-found', ref.path !== undefined ? sentence('coreLinks.path.notHotFolder', { path: ref.path }) : sentence('coreLinks.hotFolderGone'))
      return found
    },
    view: () =>
      toLinksView(file, {
        watching: options.watching,
        offeredSizes: store.offeredSizes,
        offerNotes: store.offerNotes,
        missingFolders: store.missingFolders
      }),
    save() {
      if (dirty) return writing
      dirty = true
      // Changes made while a write runs are all in the next one.
      writing = writing.then(async () => {
        dirty = false
        try {
          await writeLinksFile(options.dataDir, file)
        } catch (error) {
          options.log.error('links.json could not be written', error)
        }
        options.emit(contract.links.changed, store.view())
      })
      return writing
    }
  }
  return store
}
