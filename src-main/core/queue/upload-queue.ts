import { contract } from '../../../src-shared/contract'
import { AppError } from '../../../src-shared/contract/errors'
import type { Connectivity as ConnectivityView, EnqueueResult, JobView, QueueView } from '../../../src-shared/domain/queue'
import type { Settings } from '../../../src-shared/domain/settings'
import type { HandlersOf } from '../area-handlers'
import type { EventSink } from '../events'
import type { Logger } from '../log'
import type { ServiceConnection } from '../service/service-connection'
import { JobIntake, type Intake } from './intake'
import { createInspector } from './intake/inspect-off-thread'
import { isFinished, withHistory, type JobRecord } from './job-record'
import { toJobView } from './job-view'
import { PlanLimitsBook } from './plan-limits'
import { readJobPdfRange } from './pdf-range'
import type { QueueStore } from './queue-store'
import { Scheduler } from './scheduler'

export interface UploadQueueDependencies {
  store: QueueStore
  /**
   * False: jobs are taken and kept, but none is sent (a `flipdrop upload` without --wait queues
   * and leaves; an upload it started would be cut off and left in doubt). Default true.
   */
  runUploads?: boolean
  /** What restoring the queue had to report (damaged journal records). */
  notices: string[]
  connection: ServiceConnection
  settings: () => Settings
  /** The signed-in account's user ID, for the "same content" index (asks the service when not yet known). */
  account: () => Promise<string | null>
  emit: EventSink
  log: Logger
  /** Shows the OS file dialog for PDFs and returns the paths picked (none when cancelled). */
  choosePdfs?: () => Promise<string[]>
}

/** The `uploads` area, plus what the core and the shell need. */
export interface UploadQueue extends HandlersOf<'uploads'> {
  list(): QueueView
  /** Pauses one job, or the whole queue without one. */
  pause(input?: { jobId?: string | undefined }): Promise<QueueView>
  resume(input?: { jobId?: string | undefined }): Promise<QueueView>
  /** The OS says the network went away or came back (Electron's online state). */
  networkChanged(online: boolean): void
  /** PDFs opened with FlipDrop from the OS: queued as flipbooks, what needs the user kept in the inbox. */
  enqueueOpened(paths: readonly string[]): Promise<EnqueueResult>
  /** Settings changed: "uploads at once" applies at once. */
  settingsChanged(): void
  /** Bytes the queue has written to disk so far (journal and snapshots), for the benchmark. */
  readonly bytesWritten: number
  /** The file a job publishes (path, size, SHA-256 of what it sends), for links; null for a URL job or no such job. */
  jobFile(jobId: string): { path: string; size: number; sha256: string } | null
  /** Stops running jobs (back to the queue, in doubt where needed) and writes what is pending. */
  close(): Promise<void>
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString())

/**
 * The upload queue: offline-safe, crash-safe, never a duplicate. Jobs live in a journal on
 * disk; the scheduler runs them; every change is told to the windows as whole jobs.
 */
export function createUploadQueue(deps: UploadQueueDependencies): UploadQueue {
  const { store, connection } = deps
  /** Set by close(): nothing may write to the store after it. */
  let closed = false
  const limits = new PlanLimitsBook(
    store.limits,
    (next) => store.setLimits(next),
    (view) => deps.emit(contract.uploads.limitsChanged, view)
  )
  const client = () => (connection.connected ? connection.client() : null)
  const inspector = createInspector(deps.log)
  const intake = new JobIntake({
    inspect: (paths) => inspector.inspect(paths),
    jobs: () => store.jobs(),
    limits,
    account: deps.account,
    published: (account, sha256) => store.published(account, sha256),
    client
  })

  // Changes are told in batches: a burst (10,000 jobs added, the network going away) is one event.
  const touchedIds = new Set<string>()
  let removedIds: string[] = []
  let orderChanged = false
  let flushScheduled = false
  function flush(): void {
    flushScheduled = false
    const jobs = [...touchedIds].map((id) => store.get(id)).filter((job): job is JobRecord => job !== undefined).map(view)
    deps.emit(contract.uploads.changed, {
      jobs,
      removed: removedIds,
      order: orderChanged ? store.jobs().map((job) => job.id) : null,
      paused: store.paused
    })
    touchedIds.clear()
    removedIds = []
    orderChanged = false
  }
  function touch(ids: readonly string[], change: { removed?: readonly string[]; order?: boolean } = {}): void {
    for (const id of ids) touchedIds.add(id)
    removedIds.push(...(change.removed ?? []))
    orderChanged ||= change.order === true
    if (!flushScheduled) {
      flushScheduled = true
      setImmediate(flush)
    }
  }

  const scheduler: Scheduler = new Scheduler({
    jobs: () => store.jobs(),
    get: (id) => store.get(id),
    queuePaused: () => store.paused || deps.runUploads === false,
    concurrency: () => deps.settings().uploadConcurrency,
    client,
    save: async (job) => {
      await store.put([job])
      touch([job.id])
      return job
    },
    published: async (job) => {
      const account = await deps.account().catch(() => null)
      if (!account || job.source.type !== 'file' || !job.result) return
      await store.recordPublished(account, job.source.sha256, {
        itemId: job.result.itemId,
        name: job.name,
        url: job.result.url,
        docType: job.docType,
        at: Date.now()
      })
    },
    limitBytes: () => limits.maxFileSizeBytes ?? client()?.uploadLimitBytes ?? null,
    onOnline: () => void refreshLimits(),
    touched: (ids) => touch(ids),
    progress: (jobId, progress) => deps.emit(contract.uploads.progress, { jobId, ...progress }),
    connectivityChanged: () => deps.emit(contract.uploads.connectivityChanged, connectivity()),
    log: deps.log
  })

  function view(job: JobRecord): JobView {
    return toJobView(job, scheduler.isRunning(job.id) ? null : scheduler.hold(job), scheduler.progressOf(job.id))
  }

  function connectivity(): ConnectivityView {
    const state = scheduler.connectivity.state
    return {
      online: state.online,
      rateLimitedUntil: iso(scheduler.rateLimitUntil),
      signedIn: connection.connected,
      nextCheckAt: iso(state.nextCheckAt)
    }
  }

  function list(): QueueView {
    return { jobs: store.jobs().map(view), paused: store.paused, connectivity: connectivity(), limits: limits.view, notices: deps.notices }
  }

  async function refreshLimits(): Promise<void> {
    const current = client()
    if (!current || closed) return
    try {
      await limits.refresh(current, deps.settings().documentUrl !== '')
    } catch (error) {
      deps.log.info('Could not read the plan limits', error instanceof Error ? error.message : error)
    }
  }

  function find(id: string): JobRecord {
    const job = store.get(id)
    if (!job) throw new AppError('not-found', 'That upload is no longer in the queue.')
    return job
  }

  async function admit(intake: Intake): Promise<EnqueueResult> {
    if (intake.jobs.length > 0) {
      await store.put(intake.jobs)
      touch(intake.jobs.map((job) => job.id), { order: true })
      scheduler.pump()
    }
    return { added: intake.jobs.map(view), refused: intake.refused, sameContent: intake.offers }
  }

  /** Jobs stopped by a crash mid-upload go back to the queue; a create among them stays "in doubt". */
  async function recoverInterrupted(): Promise<void> {
    const interrupted = store.jobs().filter((job) => job.state === 'uploading')
    if (interrupted.length === 0) return
    await store.put(
      interrupted.map((job) =>
        withHistory(
          { ...job, state: 'queued' },
          job.inDoubtSince !== null
            ? 'FlipDrop stopped while this was uploading; before sending it again, it checks whether the service already made it.'
            : 'FlipDrop stopped while this was uploading; it starts again.'
        )
      )
    )
  }

  const stopQuota = connection.onQuota((quota) => limits.learnQuota(quota))
  const stopChange = connection.onChange(() => {
    if (closed) return
    deps.emit(contract.uploads.connectivityChanged, connectivity())
    touch(store.jobs().filter((job) => job.state === 'queued').map((job) => job.id))
    if (connection.connected) void refreshLimits()
    scheduler.pump()
  })

  const ready = recoverInterrupted().then(() => {
    void refreshLimits()
    scheduler.pump()
  })

  // Results of OS opens wait here until the window takes them (it may not exist yet).
  let inbox: EnqueueResult = { added: [], refused: [], sameContent: [] }

  const queue: UploadQueue = {
    list,
    async enqueueOpened(paths) {
      await ready
      const result = await admit(await intake.fromPaths({ paths: [...paths], docType: 'Flipbook', onSameContent: 'ask' }))
      inbox = {
        added: [...inbox.added, ...result.added],
        refused: [...inbox.refused, ...result.refused],
        sameContent: [...inbox.sameContent, ...result.sameContent]
      }
      deps.emit(contract.uploads.inboxChanged, null)
      return result
    },
    takeInbox() {
      const taken = inbox
      inbox = { added: [], refused: [], sameContent: [] }
      return taken
    },
    async readPdfRange({ jobId, offset, length }) {
      return readJobPdfRange(find(jobId), offset, length)
    },
    async enqueuePaths(input) {
      await ready
      return admit(await intake.fromPaths(input))
    },
    async chooseFiles(input) {
      if (!deps.choosePdfs) throw new AppError('not-allowed', 'Choosing files needs the FlipDrop window.')
      const paths = await deps.choosePdfs()
      if (paths.length === 0) return { added: [], refused: [], sameContent: [] }
      await ready
      return admit(await intake.fromPaths({ paths, docType: input.docType, onSameContent: input.onSameContent, ...(input.hold ? { hold: true } : {}) }))
    },
    async enqueueUrl(input) {
      await ready
      return admit(await intake.fromUrl(input))
    },
    async replace(input) {
      await ready
      return admit(await intake.replace(input))
    },
    async decideSameContent(input) {
      return admit(intake.decide(input.offerId, input.choice))
    },
    async pause(input) {
      if (input?.jobId) {
        const job = find(input.jobId)
        if (isFinished(job)) throw new AppError('not-allowed', 'A finished upload cannot be paused.')
        if (scheduler.isRunning(job.id)) await scheduler.stopJob(job.id, 'pause')
        else if (!job.paused) await store.put([withHistory({ ...job, paused: true }, 'Paused.')])
        touch([job.id])
      } else {
        await store.setPaused(true)
        // Pausing everything stops what is being sent, too; those jobs wait at the top.
        await Promise.all(store.jobs().filter((job) => scheduler.isRunning(job.id)).map((job) => scheduler.stopJob(job.id, 'pause-all')))
        touch([])
      }
      return list()
    },
    async resume(input) {
      if (input?.jobId) {
        const job = find(input.jobId)
        if (job.paused) await store.put([withHistory({ ...job, paused: false }, 'Resumed.')])
        touch([job.id])
      } else {
        await store.setPaused(false)
        touch([])
      }
      scheduler.pump()
      return list()
    },
    async cancel({ jobId }) {
      const job = find(jobId)
      if (isFinished(job)) return view(job)
      await scheduler.cancel(jobId)
      touch([jobId])
      return view(find(jobId))
    },
    async retry({ jobId }) {
      const job = find(jobId)
      if (job.state !== 'failed' && job.state !== 'cancelled') {
        throw new AppError('not-allowed', 'Only a failed or cancelled upload can be retried.')
      }
      if (job.state === 'cancelled' && job.result && job.kind === 'create') {
        throw new AppError('not-allowed', `This upload already reached the service as item ${job.result.itemId}; it is in your library.`)
      }
      const next = withHistory(
        { ...job, state: job.result && job.kind === 'create' && !job.replaceCreated ? 'verifying' : 'queued', attempts: 0, failure: null, paused: false },
        'Retried.'
      )
      await store.put([next])
      scheduler.clearBackoff(jobId)
      touch([jobId])
      scheduler.pump()
      return view(next)
    },
    async remove({ jobId }) {
      const job = find(jobId)
      if (scheduler.isRunning(jobId)) await scheduler.cancel(jobId)
      await store.remove([job.id])
      scheduler.clearBackoff(jobId)
      touch([], { removed: [jobId] })
      return list()
    },
    async move({ jobId, toIndex }) {
      find(jobId)
      const ids = store.jobs().map((job) => job.id).filter((id) => id !== jobId)
      ids.splice(Math.min(toIndex, ids.length), 0, jobId)
      await store.setOrder(ids)
      touch([], { order: true })
      scheduler.pump()
      return list()
    },
    async rename({ jobId, name, title }) {
      const job = find(jobId)
      if (job.kind !== 'create' || job.state !== 'queued' || job.inDoubtSince !== null || job.result || scheduler.isRunning(jobId)) {
        throw new AppError('not-allowed', 'The name and title can only change before the upload starts.')
      }
      const next = { ...job, name: name ?? job.name, title: title ?? job.title }
      await store.put([next])
      touch([jobId])
      return view(next)
    },
    async clearFinished() {
      const finished = store.jobs().filter((job) => isFinished(job) && !scheduler.isRunning(job.id)).map((job) => job.id)
      if (finished.length > 0) await store.remove(finished)
      touch([], { removed: finished })
      return list()
    },
    networkChanged: (online) => scheduler.connectivity.networkChanged(online),
    jobFile(jobId) {
      const source = store.get(jobId)?.source
      return source?.type === 'file' ? { path: source.path, size: source.size, sha256: source.sha256 } : null
    },
    get bytesWritten() {
      return store.bytesWritten
    },
    settingsChanged: () => scheduler.pump(),
    async close() {
      closed = true
      stopQuota()
      stopChange()
      await ready
      await scheduler.shutdown()
      await limits.close()
      await inspector.close()
    }
  }
  return queue
}
