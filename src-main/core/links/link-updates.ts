import { basename, dirname } from 'node:path'
import type { DocType } from '../../../src-shared/domain/service/item'
import type { ApiClient } from '../api/api-client'
import { ServiceError } from '../api/service-error'
import type { Logger } from '../log'
import type { UploadQueue } from '../queue/upload-queue'
import type { FolderRecord, LinkRecord } from './links-file'
import type { LinksStore } from './links-store'
import { lookAtPdf } from './look-at-pdf'

/** What the change checks need. */
export interface LinkUpdatesDeps {
  store: LinksStore
  uploads: Pick<UploadQueue, 'replace' | 'enqueuePaths'>
  client(): ApiClient | null
  log: Logger
}

/** Whether the service says the item no longer exists (any other answer, or none, is not proof). */
export async function itemIsGone(client: ApiClient | null, itemId: number, docType: DocType): Promise<boolean> {
  if (!client) return false
  try {
    await client.getItem(itemId, docType)
    return false
  } catch (error) {
    return error instanceof ServiceError && error.kind === 'not-found'
  }
}

/**
 * Turns a settled file into at most one queue job: a Replace for a linked file whose content
 * changed, a create for a new PDF in a hot folder. Callers run one check per path at a time.
 */
export function createLinkUpdates(deps: LinkUpdatesDeps) {
  const { store } = deps
  const { file } = store
  /** Links that changed again while their replace was in the queue: looked at once it ends. */
  const again = new Set<string>()

  const current = (id: string): LinkRecord | undefined => file.links.find((link) => link.id === id)
  const hasPending = (linkId: string): boolean => file.pending.some((job) => job.linkId === linkId)

  async function markProblem(link: LinkRecord, problem: LinkRecord['problem'], message: string | null): Promise<void> {
    if (link.problem === problem && link.message === message) return
    link.problem = problem
    link.message = message
    if (problem === 'item-gone') link.paused = true
    await store.save()
  }

  async function considerLink(id: string): Promise<void> {
    const before = current(id)
    if (!before || before.paused) return
    const look = await lookAtPdf(before.path)
    const link = current(id)
    if (!link || link.paused) return
    if (look.kind === 'missing') {
      const message = `${basename(link.path)} was moved or deleted. Nothing was unpublished; the link waits for the file to come back.`
      return markProblem(link, 'missing', message)
    }
    // Not a complete PDF yet (still being written, or cut off): wait for the next change.
    if (look.kind === 'not-ready') return link.problem === 'missing' ? markProblem(link, null, null) : undefined
    if (look.sha256 === link.seen) return link.problem === 'missing' ? markProblem(link, null, null) : undefined
    if (hasPending(id)) {
      again.add(id)
      return
    }
    if (await itemIsGone(deps.client(), link.itemId, link.docType)) {
      return markProblem(link, 'item-gone', `${link.name} (item ${link.itemId}) was deleted on the service; the link is paused.`)
    }
    const result = await deps.uploads.replace({ itemId: link.itemId, path: link.path })
    const job = result.added[0]
    // Recorded at once (before any queue event can tell of the job), then written.
    link.seen = look.sha256
    link.problem = null
    if (job) {
      link.message = null
      file.pending.push({ jobId: job.id, linkId: id, folderId: link.folderId, path: link.path, sha256: look.sha256, size: look.size })
    } else {
      link.message = result.refused[0]?.reason ?? 'The new version could not be queued.'
    }
    await store.save()
  }

  /** Publishes a new PDF of a hot folder (create through the queue); refused ones are offered instead. */
  async function publishNew(folder: FolderRecord, path: string): Promise<void> {
    const look = await lookAtPdf(path)
    if (look.kind !== 'pdf') {
      if (look.kind === 'missing') forgetOffered(folder, path)
      return
    }
    if (file.links.some((link) => link.path === path) || file.pending.some((job) => job.path === path)) return
    const result = await deps.uploads.enqueuePaths({ paths: [path], docType: folder.docType, onSameContent: 'new' })
    const job = result.added[0]
    if (job) file.pending.push({ jobId: job.id, linkId: null, folderId: folder.id, path, sha256: look.sha256, size: look.size })
    else {
      deps.log.info(`Not published from the hot folder: ${result.refused[0]?.reason ?? path}`)
      offer(folder, path, look.size)
    }
    await store.save()
  }

  function offer(folder: FolderRecord, path: string, size: number): void {
    if (!folder.offered.includes(path)) folder.offered.push(path)
    store.offeredSizes.set(path, size)
  }

  function forgetOffered(folder: FolderRecord, path: string): void {
    folder.offered = folder.offered.filter((entry) => entry !== path)
    store.offeredSizes.delete(path)
  }

  async function considerFolderFile(folderId: string, path: string): Promise<void> {
    const folder = file.folders.find((entry) => entry.id === folderId)
    if (!folder || folder.paused || dirname(path) !== folder.path) return
    if (folder.offered.includes(path)) {
      // Offered files wait for the user; one that went away is no longer offered.
      if ((await lookAtPdf(path)).kind === 'missing') {
        forgetOffered(folder, path)
        await store.save()
      }
      return
    }
    await publishNew(folder, path)
  }

  /** Looks at whatever `path` is to FlipDrop now: a linked file, or a file of a hot folder. */
  async function consider(path: string): Promise<void> {
    const link = file.links.find((entry) => entry.path === path)
    if (link) return considerLink(link.id)
    const folder = file.folders.find((entry) => entry.path === dirname(path))
    if (folder) return considerFolderFile(folder.id, path)
  }

  return { consider, considerLink, publishNew, offer, forgetOffered, again }
}

export type LinkUpdates = ReturnType<typeof createLinkUpdates>
