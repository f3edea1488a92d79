import { randomUUID } from 'node:crypto'
import { readdir, stat } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { AppError } from '../../../src-shared/contract/errors'
import { isTemporaryFileName, type LinksView } from '../../../src-shared/domain/links'
import { FINISHED_STATES, type QueueChange } from '../../../src-shared/domain/queue'
import type { Sentence } from '../../../src-shared/i18n/said'
import type { HandlersOf } from '../area-handlers'
import type { EventSink } from '../events'
import { sentence } from '../i18n/sentence'
import type { Logger } from '../log'
import type { UploadQueue } from '../queue/upload-queue'
import type { AccountScope, ServiceConnection } from '../service/service-connection'
import { checkPath } from './check-path'
import { createFolderWatcher, type WatchTarget } from './folder-watcher'
import { toLinkView } from './link-views'
import { accountOf, createLinkUpdates, type LinkAccounts } from './link-updates'
import type { FolderRecord, LinkRecord } from './links-file'
import { openLinksStore } from './links-store'
import { sayOnLink } from './link-words'
import { lookAtPdf } from './look-at-pdf'
import { createJobSettler, recordVersion } from './settle-jobs'
import { copyPath, pruneCopies } from './version-copies'
import { describeItem } from './describe-item'
import type { FirstPaint } from '../first-paint'

export interface LinksServiceDeps {
  dataDir: string
  uploads: Pick<UploadQueue, 'replaceFor' | 'enqueuePathsFor' | 'list' | 'jobFile' | 'retry' | 'accountForNewWork'>
  /** Whose each link's and hot folder's work is (the connection's one answer), and when that changes. */
  connection: Pick<ServiceConnection, 'scopeOf' | 'clientFor' | 'onChange'>
  /** Names accounts in words ("Dana Kim (dana@…)"). */
  describeAccount(accountId: string | null): string
  emit: EventSink
  log: Logger
  /** Follows the queue's changes; returns the stop function. */
  onQueueChange(listener: (change: QueueChange) => void): () => void
  /** Watch the files (the app, `flipdrop watch`); without it links are only edited (other commands). */
  watch: boolean
  /** awaitWriteFinish's stability threshold: a file's size must not change for this long. */
  stabilityMs?: number
  pollIntervalMs?: number
  /** The OS folder dialog ("Add a hot folder…"); null when cancelled. */
  chooseFolder?: () => Promise<string | null>
  /** The OS file dialog for PDFs ("Link a local file…"). */
  choosePdfs?: () => Promise<string[]>
  /** Where watching and looking through the folders at start waits for the window's first paint (first-paint.ts); absent: before the service is made. */
  firstPaint?: Pick<FirstPaint, 'after' | 'done'>
}

export interface LinksService extends HandlersOf<'links'> {
  list(): LinksView
  close(): Promise<void>
}

const DEFAULT_STABILITY_MS = 1_000
const DEFAULT_POLL_MS = 1_000

/** The `links` area: linked PDFs and hot folders, watched while this process holds the data folder. */
export async function createLinksService(deps: LinksServiceDeps): Promise<LinksService> {
  const stabilityMs = deps.stabilityMs ?? DEFAULT_STABILITY_MS
  const store = await openLinksStore({ dataDir: deps.dataDir, watching: deps.watch, emit: deps.emit, log: deps.log })
  const { file } = store
  /** Every reason given for a record of no account to wait, so its offers and messages can be taken back once it is bound. */
  const waitNotes = new Set<string>()
  function waitWords(scope: AccountScope): Sentence {
    const words =
      scope.reach === 'identifying'
        ? sentence('coreLinks.wait.identifying')
        : scope.reach === 'unbound' || scope.accountId === null
          ? sentence('coreLinks.wait.unbound')
          : sentence('coreLinks.wait.signIn', { account: deps.describeAccount(scope.accountId) })
    waitNotes.add(words.text)
    return words
  }
  const accounts: LinkAccounts = { scopeOf: (accountId) => deps.connection.scopeOf(accountId), waitWords }
  const updates = createLinkUpdates({ store, uploads: deps.uploads, accounts, log: deps.log, stabilityMs })
  const settler = createJobSettler({ dataDir: deps.dataDir, store, uploads: deps.uploads, emit: deps.emit })
  let closed = false
  const timers = new Set<NodeJS.Timeout>()

  // One check per path at a time; events during a check make it run once more afterwards.
  const checks = new Map<string, { again: boolean; running: Promise<void> }>()
  function check(path: string): Promise<void> {
    const existing = checks.get(path)
    if (existing) {
      existing.again = true
      return existing.running
    }
    const entry = { again: true, running: Promise.resolve() }
    checks.set(path, entry)
    entry.running = (async () => {
      while (entry.again && !closed) {
        entry.again = false
        await updates.consider(path).catch((error: unknown) => deps.log.warn(`Could not look at ${path}`, error))
      }
      checks.delete(path)
    })()
    return entry.running
  }

  async function rescanDir(dir: string): Promise<void> {
    const jobs: Promise<void>[] = file.links.filter((link) => dirname(link.path) === dir).map((link) => check(link.path))
    const folder = file.folders.find((entry) => entry.path === dir && !entry.paused)
    if (folder) {
      const names = await readdir(dir).then(
        (found) => {
          store.missingFolders.delete(folder.id)
          return found
        },
        () => {
          store.missingFolders.add(folder.id)
          return []
        }
      )
      jobs.push(...names.filter((name) => !isTemporaryFileName(name)).map((name) => check(join(dir, name))))
    }
    await Promise.all(jobs)
  }

  const watcher = createFolderWatcher({
    stabilityMs,
    pollIntervalMs: deps.pollIntervalMs ?? DEFAULT_POLL_MS,
    onFile(path, change) {
      if (change === 'present') return void check(path)
      // A save that renames a temporary file over this one removes it for a moment: look once it settled.
      const timer = setTimeout(() => {
        timers.delete(timer)
        void check(path)
      }, stabilityMs)
      timers.add(timer)
    },
    onReady: (dir) => void rescanDir(dir),
    onPolling(dir) {
      for (const entry of [...file.links.filter((link) => dirname(link.path) === dir), ...file.folders.filter((folder) => folder.path === dir)]) {
        entry.polling = true
      }
      void store.save().then(applyWatch)
    },
    log: deps.log
  })

  /** Watches the folders of active links and hot folders (nothing when this process does not watch). */
  async function applyWatch(): Promise<void> {
    if (!deps.watch || closed) return
    const targets = new Map<string, WatchTarget>()
    const names = new Map<string, Set<string>>()
    for (const link of file.links.filter((entry) => !entry.paused)) {
      const dir = dirname(link.path)
      names.set(dir, (names.get(dir) ?? new Set()).add(basename(link.path)))
      targets.set(dir, { dir, polling: link.polling || targets.get(dir)?.polling === true, names: names.get(dir) ?? new Set() })
    }
    for (const folder of file.folders.filter((entry) => !entry.paused)) {
      targets.set(folder.path, { dir: folder.path, polling: folder.polling || targets.get(folder.path)?.polling === true, names: 'all' })
    }
    await watcher.set([...targets.values()])
  }

  async function afterJob(jobId: string, job: Parameters<typeof settler.settle>[1]): Promise<void> {
    const linkId = await settler.settle(jobId, job)
    const link = file.links.find((entry) => entry.id === linkId)
    if (link && updates.again.delete(link.id)) await check(link.path)
    // A hot folder's new link is watched by name from now on.
    if (linkId === null) await applyWatch()
  }

  // Jobs that ended while nobody followed them (FlipDrop was closed, or another process ran the queue).
  // The queue's view of every job is only built when some job is followed (10,000 views cost a start 100 ms).
  const queued = new Map(file.pending.length === 0 ? [] : deps.uploads.list().jobs.map((job) => [job.id, job]))
  for (const pending of [...file.pending]) {
    const job = queued.get(pending.jobId)
    if (!job) await afterJob(pending.jobId, null)
    else if (FINISHED_STATES.includes(job.state)) await afterJob(pending.jobId, job)
  }
  const stopFollowing = deps.onQueueChange((change) => {
    for (const job of change.jobs) if (FINISHED_STATES.includes(job.state)) void afterJob(job.id, job)
    for (const id of change.removed) void afterJob(id, null)
  })
  for (const folder of file.folders) {
    for (const path of folder.offered) void stat(path).then((stats) => store.offeredSizes.set(path, stats.size), () => undefined)
  }
  // Each folder is looked at again once watched (a change made while FlipDrop was closed is noticed so);
  // in the app, after the first view has painted: the scan reads every watched folder.
  if (!deps.firstPaint || deps.firstPaint.done) await applyWatch()
  else deps.firstPaint.after(() => applyWatch().catch((error: unknown) => deps.log.warn('Could not watch the linked files and hot folders', error)))

  /**
   * Links and hot folders made before accounts were kept apart are bound, on disk, to the
   * account this data folder names for that time once its key is confirmed, and looked at again.
   */
  function bindUnrecorded(): void {
    if (closed || deps.connection.scopeOf(null).reach !== 'ready') return
    const links = file.links.filter((link) => link.accountId === null)
    const folders = file.folders.filter((folder) => folder.accountId === null)
    if (links.length === 0 && folders.length === 0) return
    for (const record of [...links, ...folders]) accountOf(accounts, record)
    void bound(links, folders)
  }

  /** Records just given their account: what they said while waiting goes, and they are looked at again. */
  async function bound(links: LinkRecord[], folders: FolderRecord[]): Promise<void> {
    for (const link of links) if (link.message !== null && waitNotes.has(link.message)) sayOnLink(link, null)
    for (const folder of folders) {
      for (const path of [...folder.offered]) if (waitNotes.has(store.offerNotes.get(path)?.text ?? '')) updates.forgetOffered(folder, path)
    }
    await store.save()
    await Promise.all(links.map((link) => check(link.path)))
    for (const folder of folders) await rescanDir(folder.path)
  }
  const stopBinding = deps.connection.onChange(bindUnrecorded)
  bindUnrecorded()

  async function checkedFolder(path: string): Promise<string> {
    return checkPath(path, 'folder')
  }

  async function addLink(record: Omit<LinkRecord, 'id' | 'paused' | 'problem' | 'message' | 'polling'>): Promise<LinkRecord> {
    if (file.links.some((link) => link.path === record.path)) {
      throw new AppError('not-allowed', sentence('coreLinks.alreadyLinked', { file: basename(record.path) }))
    }
    const link: LinkRecord = { id: randomUUID(), paused: false, problem: null, message: null, polling: false, ...record }
    file.links.push(link)
    for (const folder of file.folders) updates.forgetOffered(folder, link.path)
    await store.save()
    await applyWatch()
    return link
  }

  /** The account new links and hot folders are made under (as for new jobs), or none: nothing is guessed. */
  async function accountForNew(requested?: string): Promise<string> {
    // A command's --account names it (the command checked it is signed in); else the current one.
    if (requested !== undefined) return requested
    const accountId = await deps.uploads.accountForNewWork()
    if (accountId === null) throw new AppError('signed-out', sentence('coreLinks.signInFirst'))
    return accountId
  }

  async function completePdf(path: string): Promise<{ sha256: string; size: number }> {
    const look = await lookAtPdf(path, { stabilityMs })
    if (look.kind === 'pdf') return look
    if (look.kind === 'not-ready' && look.message) throw new AppError('invalid-input', look.message)
    if (look.kind === 'not-ready' && look.reason === 'changing') throw new AppError('invalid-input', sentence('coreLinks.stillWritingLink', { file: basename(path) }))
    throw new AppError('invalid-input', sentence('coreLinks.notCompletePdf', { file: basename(path) }))
  }

  function view(): LinksView {
    return store.view()
  }

  const service: LinksService = {
    list: view,
    async chooseHotFolder({ docType }) {
      const path = deps.chooseFolder ? await deps.chooseFolder() : null
      return path === null ? null : service.addHotFolder({ path, docType })
    },
    async chooseAndLink({ itemId, docType }) {
      const [path] = deps.choosePdfs ? await deps.choosePdfs() : []
      return path === undefined ? null : service.link({ path, itemId, docType })
    },
    async link({ path, itemId, docType, accountId: requested }) {
      const checked = await checkPath(path, 'file')
      const { sha256 } = await completePdf(checked)
      const accountId = await accountForNew(requested)
      const item = await describeItem(deps.connection.clientFor(accountId), itemId, docType)
      const link = await addLink({ path: checked, itemId, docType, accountId, ...item, seen: sha256, published: null, versions: [], folderId: null })
      return toLinkView(link, file)
    },
    async linkJob({ jobId }) {
      const job = deps.uploads.list().jobs.find((entry) => entry.id === jobId)
      const sent = deps.uploads.jobFile(jobId)
      if (!job || job.state !== 'done' || !job.result || !sent) {
        throw new AppError('not-allowed', sentence('coreLinks.onlyFinishedUpload'))
      }
      const path = await checkPath(sent.path, 'file')
      const record = { path, itemId: job.result.itemId, docType: job.docType, accountId: job.accountId, name: job.name, url: job.result.url }
      const draft: LinkRecord = { id: '', paused: false, problem: null, message: null, polling: false, seen: sent.sha256, published: null, versions: [], folderId: null, ...record }
      await recordVersion({ dataDir: deps.dataDir, store }, draft, sent, job.result.pages)
      const link = await addLink({ ...record, seen: sent.sha256, published: draft.published, versions: draft.versions, folderId: null })
      // The file may have changed since it was uploaded.
      void check(link.path)
      return toLinkView(link, file)
    },
    async unlink(ref) {
      const link = store.link(ref)
      file.links = file.links.filter((entry) => entry !== link)
      // Its jobs finish in the queue; they are simply no longer followed.
      file.pending = file.pending.filter((job) => job.linkId !== link.id)
      await store.save()
      await prune()
      await applyWatch()
      return view()
    },
    async pause(ref) {
      const link = store.link(ref)
      link.paused = true
      await store.save()
      await applyWatch()
      return toLinkView(link, file)
    },
    async resume(ref) {
      const link = store.link(ref)
      link.paused = false
      // Resuming after the item was deleted tries again: if it is still gone, the link pauses again.
      if (link.problem === 'item-gone') link.problem = null
      sayOnLink(link, null)
      await store.save()
      await applyWatch()
      await check(link.path)
      return toLinkView(link, file)
    },
    async addHotFolder({ path, docType, accountId: requested }) {
      const dir = await checkedFolder(path)
      if (file.folders.some((folder) => folder.path === dir)) throw new AppError('not-allowed', sentence('coreLinks.path.alreadyHotFolder', { path: dir }))
      const folder: FolderRecord = { id: randomUUID(), path: dir, docType, accountId: await accountForNew(requested), paused: false, polling: false, offered: [], ignored: [] }
      // What is there already is offered, never published silently.
      for (const name of (await readdir(dir)).filter((entry) => !isTemporaryFileName(entry)).sort()) {
        const filePath = join(dir, name)
        const look = await lookAtPdf(filePath, { stabilityMs }).catch(() => null)
        if (look?.kind === 'pdf' && !file.links.some((link) => link.path === filePath)) updates.offer(folder, filePath, look.size)
      }
      file.folders.push(folder)
      await store.save()
      await applyWatch()
      return view()
    },
    async removeHotFolder(ref) {
      const folder = store.folder(ref.path !== undefined ? { path: ref.path.replace(/(.)[\\/]+$/, '$1') } : ref)
      file.folders = file.folders.filter((entry) => entry !== folder)
      // Its links stay: they are links like any other now.
      for (const link of file.links) if (link.folderId === folder.id) link.folderId = null
      await store.save()
      await applyWatch()
      return view()
    },
    async pauseHotFolder(ref) {
      store.folder(ref).paused = true
      await store.save()
      await applyWatch()
      return view()
    },
    async resumeHotFolder(ref) {
      const folder = store.folder(ref)
      folder.paused = false
      await store.save()
      await applyWatch()
      return view()
    },
    async publishOffered({ folderId, paths }) {
      const folder = store.folder({ folderId })
      const chosen = paths ?? folder.offered.filter((path) => store.offeredSizes.has(path))
      const unknown = chosen.filter((path) => !folder.offered.includes(path))
      if (unknown.length > 0) throw new AppError('not-found', sentence('coreLinks.notOffered', { file: basename(unknown[0] ?? '') }))
      const jobs = new Map(deps.uploads.list().jobs.map((job) => [job.id, job]))
      for (const path of chosen) {
        // The offer of a file whose job failed is that job: publishing it retries the job, never a second item.
        const pending = file.pending.find((entry) => entry.path === path && entry.linkId === null)
        const job = pending ? jobs.get(pending.jobId) : undefined
        if (pending && job?.state === 'failed') {
          await deps.uploads.retry({ jobId: job.id })
          updates.forgetOffered(folder, path)
          continue
        }
        if (pending) {
          store.offerNotes.set(path, sentence('coreLinks.note.alreadyPublishing'))
          continue
        }
        if (file.links.some((link) => link.path === path)) {
          updates.forgetOffered(folder, path)
          continue
        }
        // Already published or waiting content is refused by the queue and stays offered with the reason.
        await updates.publishNew(folder, path)
      }
      await store.save()
      return view()
    },
    async ignoreOffered({ folderId, paths }) {
      const folder = store.folder({ folderId })
      const unknown = paths.filter((path) => !folder.offered.includes(path))
      if (unknown.length > 0) throw new AppError('not-found', sentence('coreLinks.notOffered', { file: basename(unknown[0] ?? '') }))
      for (const path of paths) {
        updates.forgetOffered(folder, path)
        if (!folder.ignored.includes(path)) folder.ignored.push(path)
      }
      await store.save()
      return view()
    },
    async restoreVersion({ linkId, sha256 }) {
      const link = store.link({ linkId })
      const version = link.versions.find((entry) => entry.sha256 === sha256)
      if (!version?.kept) throw new AppError('not-allowed', sentence('coreLinks.noKeptCopy'))
      if (file.pending.some((job) => job.linkId === link.id)) throw new AppError('not-allowed', sentence('coreLinks.updateInQueue'))
      const copy = copyPath(deps.dataDir, sha256)
      const { accountId, scope } = accountOf(accounts, link)
      if (accountId === null) throw new AppError('signed-out', waitWords(scope))
      const result = await deps.uploads.replaceFor(accountId, { itemId: link.itemId, docType: link.docType, path: copy })
      const job = result.added[0]
      if (!job) throw new AppError('not-allowed', result.refused[0]?.reason ?? sentence('coreLinks.keptCopyNotQueued'))
      file.pending.push({ jobId: job.id, linkId: link.id, folderId: link.folderId, path: copy, sha256, size: version.size })
      await store.save()
      return toLinkView(link, file)
    },
    async chooseAccount({ linkId, folderId, accountId }) {
      const record = linkId !== undefined ? store.link({ linkId }) : store.folder({ folderId })
      if (record.accountId !== null) throw new AppError('not-allowed', sentence('coreLinks.alreadyHasAccount'))
      if (deps.connection.scopeOf(accountId).reach !== 'ready') throw new AppError('signed-out', sentence('coreLinks.accountNotSignedIn', { account: deps.describeAccount(accountId) }))
      record.accountId = accountId
      const link = file.links.find((entry) => entry === record)
      const folder = file.folders.find((entry) => entry === record)
      await bound(link ? [link] : [], folder ? [folder] : [])
      return view()
    },
    async setKeepCopies({ keepCopies }) {
      file.keepCopies = keepCopies
      if (!keepCopies) for (const link of file.links) link.versions = link.versions.map((version) => ({ ...version, kept: false }))
      await store.save()
      await prune()
      return view()
    },
    async close() {
      closed = true
      stopBinding()
      stopFollowing()
      for (const timer of timers) clearTimeout(timer)
      await watcher.close()
      await Promise.all([...checks.values()].map((entry) => entry.running))
      await store.save()
    }
  }

  async function prune(): Promise<void> {
    const kept = new Set(file.links.flatMap((link) => link.versions.filter((version) => version.kept).map((version) => version.sha256)))
    await pruneCopies(deps.dataDir, kept)
  }

  return service
}
