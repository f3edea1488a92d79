import { basename, dirname } from 'node:path'
import type { DocType } from '../../../src-shared/domain/service/item'
import type { ApiClient } from '../api/api-client'
import { ServiceError } from '../api/service-error'
import type { Logger } from '../log'
import type { UploadQueue } from '../queue/upload-queue'
import { sentence } from '../i18n/sentence'
import type { AccountScope } from '../service/service-connection'
import type { FolderRecord, LinkRecord } from './links-file'
import type { LinksStore } from './links-store'
import { sayOnLink, wordsOf, type Words } from './link-words'
import { lookAtPdf } from './look-at-pdf'

/** Whose a link or hot folder is, and in words why one written before accounts were kept apart waits. */
export interface LinkAccounts {
  /** The connection's one answer: whose work a record is, and its client when it can be sent now. */
  scopeOf(accountId: string | null): AccountScope
  /** Why a record of no account waits (nothing names its account, or that account is not here yet). */
  waitWords(scope: AccountScope): Words
}

/**
 * The account a record works for, bound on the record once known: its own, or (written before
 * accounts were kept apart) the one this data folder names for that time, once its key is
 * confirmed. Null: it waits (the reason is `waitWords`).
 */
export function accountOf(accounts: LinkAccounts, record: { accountId: string | null }): { accountId: string | null; scope: AccountScope } {
  const scope = accounts.scopeOf(record.accountId)
  if (record.accountId !== null) return { accountId: record.accountId, scope }
  if (scope.reach !== 'ready') return { accountId: null, scope }
  record.accountId = scope.accountId
  return { accountId: scope.accountId, scope }
}

const clientOf = (scope: AccountScope): ApiClient | null => (scope.reach === 'ready' ? scope.client : null)

/** What the change checks need. */
export interface LinkUpdatesDeps {
  store: LinksStore
  uploads: Pick<UploadQueue, 'replaceFor' | 'enqueuePathsFor'>
  accounts: LinkAccounts
  log: Logger
  /** How long a file must keep its size and time before it counts as written. */
  stabilityMs: number
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
  const look = (path: string) => lookAtPdf(path, { stabilityMs: deps.stabilityMs })
  /** Links that changed again while their replace was in the queue: looked at once it ends. */
  const again = new Set<string>()

  const current = (id: string): LinkRecord | undefined => file.links.find((link) => link.id === id)
  const hasPending = (linkId: string): boolean => file.pending.some((job) => job.linkId === linkId)

  async function markProblem(link: LinkRecord, problem: LinkRecord['problem'], words: Words | null): Promise<void> {
    if (link.problem === problem && link.message === (words?.text ?? null)) return
    link.problem = problem
    sayOnLink(link, words)
    if (problem === 'item-gone') link.paused = true
    await store.save()
  }

  async function considerLink(id: string): Promise<void> {
    const before = current(id)
    if (!before || before.paused) return
    const seen = await look(before.path)
    const link = current(id)
    if (!link || link.paused) return
    if (seen.kind === 'missing') {
      return markProblem(link, 'missing', sentence('coreLinks.message.fileMissing', { file: basename(link.path) }))
    }
    // Still being written, or settled as something readers cannot publish: wait for the next change.
    if (seen.kind === 'not-ready') return link.problem === 'missing' ? markProblem(link, null, null) : undefined
    if (seen.sha256 === link.seen) return link.problem === 'missing' ? markProblem(link, null, null) : undefined
    if (hasPending(id)) {
      again.add(id)
      return
    }
    const { accountId, scope } = accountOf(deps.accounts, link)
    // Nothing is published for a link whose account is not known: it says why and waits.
    if (accountId === null) return markProblem(link, null, deps.accounts.waitWords(scope))
    if (await itemIsGone(clientOf(scope), link.itemId, link.docType)) {
      return markProblem(link, 'item-gone', sentence('coreLinks.message.itemGone', { name: link.name }))
    }
    const result = await deps.uploads.replaceFor(accountId, { itemId: link.itemId, docType: link.docType, path: link.path })
    const job = result.added[0]
    // Recorded at once (before any queue event can tell of the job), then written.
    link.seen = seen.sha256
    link.problem = null
    if (job) {
      sayOnLink(link, null)
      file.pending.push({ jobId: job.id, linkId: id, folderId: link.folderId, path: link.path, sha256: seen.sha256, size: seen.size })
    } else {
      sayOnLink(link, wordsOf(result.refused[0]?.reason ?? sentence('coreLinks.message.versionNotQueued')))
    }
    await store.save()
  }

  /**
   * Publishes a new PDF of a hot folder (a create through the queue, for the account the
   * folder was added under). Content already published or already waiting is not sent again,
   * nor a PDF readers cannot publish (a password, damage, no pages): it is offered, with the
   * reason. Returns the reason it was not queued, or null.
   */
  async function publishNew(folder: FolderRecord, path: string): Promise<Words | null> {
    const found = await look(path)
    if (found.kind === 'missing') return sentence('coreLinks.note.noLongerInFolder', { file: basename(path) })
    if (found.kind !== 'pdf') {
      const reason = wordsOf(found.message ?? sentence('coreLinks.note.stillWriting', { file: basename(path) }))
      // A PDF readers cannot publish (a password, damage, no pages) is listed with the reason;
      // other files of the folder are not PDFs at all and are left alone.
      if (found.size !== undefined && found.reason !== 'not-pdf' && !folder.offered.includes(path)) {
        offer(folder, path, found.size, reason)
        await store.save()
      }
      return reason
    }
    if (file.links.some((link) => link.path === path) || file.pending.some((job) => job.path === path)) return null
    const { accountId, scope } = accountOf(deps.accounts, folder)
    if (accountId === null) {
      const wait = deps.accounts.waitWords(scope)
      offer(folder, path, found.size, wait)
      await store.save()
      return wait
    }
    const result = await deps.uploads.enqueuePathsFor(accountId, { paths: [path], docType: folder.docType, onSameContent: 'skip' })
    const job = result.added[0]
    let reason: Words | null = null
    if (job) {
      file.pending.push({ jobId: job.id, linkId: null, folderId: folder.id, path, sha256: found.sha256, size: found.size })
      forgetOffered(folder, path)
    } else {
      reason = wordsOf(result.refused[0]?.reason ?? sentence('coreLinks.note.notQueued', { file: basename(path) }))
      deps.log.info(`Not published from the hot folder: ${reason.text}`)
      offer(folder, path, found.size, reason)
    }
    await store.save()
    return reason
  }

  function offer(folder: FolderRecord, path: string, size: number, note: Words | null = null): void {
    if (!folder.offered.includes(path)) folder.offered.push(path)
    store.offeredSizes.set(path, size)
    if (note === null) store.offerNotes.delete(path)
    else store.offerNotes.set(path, note)
  }

  function forgetOffered(folder: FolderRecord, path: string): void {
    folder.offered = folder.offered.filter((entry) => entry !== path)
    store.offeredSizes.delete(path)
    store.offerNotes.delete(path)
  }

  async function considerFolderFile(folderId: string, path: string): Promise<void> {
    const folder = file.folders.find((entry) => entry.id === folderId)
    if (!folder || folder.paused || dirname(path) !== folder.path || folder.ignored.includes(path)) return
    if (folder.offered.includes(path)) {
      // Offered files wait for the user. One that goes away stays offered, unseen, so a slow
      // re-export or a move out and back is offered again, never published silently.
      const found = await look(path)
      if (found.kind === 'missing') store.offeredSizes.delete(path)
      else if (found.kind === 'pdf') store.offeredSizes.set(path, found.size)
      await store.save()
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
