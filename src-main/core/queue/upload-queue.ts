import type { z } from 'zod'
import { contract } from '../../../src-shared/contract'
import { AppError } from '../../../src-shared/contract/errors'
import type { Sentence } from '../../../src-shared/i18n/said'
import { UNDO_WINDOW_MS } from '../../../src-shared/domain/queue'
import type {
  Connectivity as ConnectivityView,
  EnqueueResult,
  enqueuePathsSchema,
  JobView,
  PlanLimits,
  QueueView,
  replaceSchema
} from '../../../src-shared/domain/queue'
import { openCreates, roomLeft } from '../../../src-shared/domain/quota-room'
import { hostFor, type DocType } from '../../../src-shared/domain/service/item'
import type { Settings } from '../../../src-shared/domain/settings'
import type { HandlersOf } from '../area-handlers'
import type { EventSink } from '../events'
import type { Logger } from '../log'
import type { KnownAccounts } from '../accounts/known-accounts'
import type { ApiClient } from '../api/api-client'
import { explain, ServiceError } from '../api/service-error'
import type { ServiceConnection } from '../service/service-connection'
import type { ProbeTimings } from './connectivity'
import { exportJobsCsv } from './export-csv'
import { InDoubtLookups, settleForAttempt } from './in-doubt-lookups'
import { JobIntake, type Intake, type IntakeAccount } from './intake'
import { createInspector } from './intake/inspect-off-thread'
import { isFinished, withHistory, type JobRecord } from './job-record'
import { holdSaying, toJobView, type Hold } from './job-view'
import { PlanLimitsBook } from './plan-limits'
import { noRoomMessage } from './preflight'
import { RoomWaits } from './room-waits'
import { readJobPdfRange } from './pdf-range'
import type { PublishedEntry } from './published-record'
import type { QueueStore } from './queue-store'
import { afterFailure } from './retry-policy'
import { DEFAULT_SAVE_RETRY_MS, SaveHold } from './save-hold'
import { reportingCannotSave } from './reporting-store'
import { Scheduler, type Access } from './scheduler'
import { cannotSaveIn } from '../storage/storage-trouble'
import { sentence } from '../i18n/sentence'
import { told } from './said-record'
import { wallNow, wallTimeOf } from '../clock'
import type { Notice } from '../i18n/notice'

export interface UploadQueueDependencies {
  store: QueueStore
  /**
   * False: jobs are taken and kept, but none is sent (a `flipdrop upload --queue` queues and
   * leaves; an upload it started would be cut off and left in doubt). 'added': only the jobs
   * added while it runs, and those named to runAlso (a foreground `flipdrop upload` publishes
   * its own files, not the queue it found). Default true: every job.
   */
  runUploads?: boolean | 'added'
  /** What restoring the queue had to report (damaged journal records), with what the window says of each. */
  notices: Notice[]
  /** The backoff before a job's first automatic retry (default 2 s, doubling; tests lengthen it). */
  firstRetryMs?: number
  /** How long a lookup that found no item for a create in doubt waits to look again (default 5 s). */
  inDoubtSettleMs?: number
  /** How long a confirmed replace waits before it is sent, so it can be undone (default UNDO_WINDOW_MS, 10 s). */
  undoWindowMs?: number
  /** The backoff of the probe asking whether the service can be reached again (default 1 s doubling to 30 s). */
  probe?: ProbeTimings
  connection: ServiceConnection
  settings: () => Settings
  /** Names accounts in words, for jobs that wait for one. */
  knownAccounts: KnownAccounts
  /**
   * The account FlipDrop shows as signed in (confirmed, or as last seen when the service
   * cannot be asked now); new jobs are made for it. Null: nobody.
   */
  accountShown: () => string | null
  emit: EventSink
  log: Logger
  /** Shows the OS file dialog for PDFs and returns the paths picked (none when cancelled). */
  choosePdfs?: () => Promise<string[]>
  /** The OS save dialog ("Export CSV"); null when cancelled. */
  chooseSavePath?: (defaultName: string) => Promise<string | null>
  /** Whether an item still exists (the library, else the service), so a deleted one is never offered as "already published". */
  itemExists?: (accountId: string, docType: DocType, itemId: number) => Promise<boolean>
  /** While the disk is full or the data folder read-only: how often a save is tried again (default DEFAULT_SAVE_RETRY_MS). */
  saveRetryMs?: number
  /** The service answers again after it could not be reached ("Try now", or a check found it): what else waited carries on. */
  onReachableAgain?: () => void
  /** Where reading the plan on its own waits for the window's first paint (first-paint.ts); default: at once. */
  afterFirstPaint?: (work: () => unknown) => void
}

/** The `uploads` area, plus what the core and the shell need. */
export interface UploadQueue extends HandlersOf<'uploads'> {
  list(): QueueView
  /** Jobs wait to be sent or are being sent (not held): work that can wait (counting readers) waits for them. */
  sending(): boolean
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
  /** The account a job was made for (links and hot folders follow their jobs' account). */
  jobAccount(jobId: string): string | null
  /** The account new work is made for: confirmed by the service when it can be asked, else the one shown; null: nobody. */
  accountForNewWork(): Promise<string | null>
  /** Queues as `enqueuePaths` does, for a given account (a hot folder publishes to the account it was added under). */
  enqueuePathsFor(accountId: string, input: z.output<typeof enqueuePathsSchema>): Promise<EnqueueResult>
  /** Queues as `replace` does, for a given account (a link updates its item in the account it belongs to). */
  replaceFor(accountId: string, input: z.output<typeof replaceSchema>): Promise<EnqueueResult>
  /** With runUploads 'added': runs these jobs too (a command follows a job that already had its file). */
  runAlso(jobIds: readonly string[]): void
  /** Stops running jobs (back to the queue, in doubt where needed) and writes what is pending. */
  close(): Promise<void>
}

/** A monotonic deadline of the scheduler as the wall time it falls at now. */
const iso = (ms: number | null): string | null => (ms === null ? null : new Date(wallTimeOf(ms)).toISOString())

/** Between tries to learn which account the key belongs to, when the service answered but not with that. */
const IDENTIFY_RETRY_MS = 5_000
/** The longest new work waits for the service to say whose the key is before using the account shown. */
const IDENTIFY_WAIT_MS = 3_000

/** New jobs need an account; without one nothing is queued (never a guess). */
const noAccount = (): Sentence => sentence('coreQueue.error.noAccount')

/**
 * The upload queue: offline-safe, crash-safe, never a duplicate. Jobs live in a journal on
 * disk; the scheduler runs them; every change is told to the windows as whole jobs.
 */
export function createUploadQueue(deps: UploadQueueDependencies): UploadQueue {
  const { connection } = deps
  // A full disk or a read-only folder holds the whole queue, whoever's change hit it first.
  const saveHold = new SaveHold({
    probe: () => deps.store.checkWritable(),
    retryMs: deps.saveRetryMs ?? DEFAULT_SAVE_RETRY_MS,
    changed: () => void saveHoldChanged(),
    log: deps.log
  })
  const store = reportingCannotSave(
    deps.store,
    (error) => saveHold.report(error),
    () => roomMayHaveChanged()
  )
  /** With runUploads 'added': the jobs this process runs. */
  const runnable = new Set<string>()
  /** Set by close(): nothing may write to the store after it. */
  let closed = false
  const books = new Map<string, PlanLimitsBook>()
  /** One account's plan limits: a preflight uses the plan of the account the job is for. */
  function limitsOf(accountId: string): PlanLimitsBook {
    let book = books.get(accountId)
    if (!book) {
      book = new PlanLimitsBook(
        store.limitsOf(accountId),
        (next) => store.setLimits(accountId, next),
        (view) => {
          if (accountId === deps.accountShown()) deps.emit(contract.uploads.limitsChanged, view)
          // Room may have come back (an item deleted, the plan upgraded): what waited for it goes on, in order.
          roomMayHaveChanged()
        }
      )
      books.set(accountId, book)
    }
    return book
  }
  const rooms = new RoomWaits(
    () => store.jobs(),
    (accountId, docType) => limitsOf(accountId).quota(docType),
    (id) => scheduler.isRunning(id)
  )
  /**
   * The jobs or the limits changed: once per turn, the rows whose wait for room began or ended
   * say so, and what has room now starts (a removed, retried, moved or finished job, a plan read again).
   */
  let roomCheck = false
  function roomMayHaveChanged(): void {
    rooms.forget()
    if (roomCheck) return
    roomCheck = true
    setImmediate(() => {
      roomCheck = false
      if (closed) return
      const { ids, roomCameBack } = rooms.changes()
      if (ids.length > 0) touch(ids)
      if (roomCameBack) scheduler.pump()
    })
  }
  /** Why a create waits for room in its plan, in words; null when it fits. */
  function noRoom(job: JobRecord, stopping = false): Sentence | null {
    if (job.accountId === null || !rooms.waits(job.id, stopping ? job.id : null)) return null
    const quota = limitsOf(job.accountId).quota(job.docType)
    return quota ? noRoomMessage(job.docType, quota) : null
  }
  /** The client of an account while its key is held and whoami confirmed it. */
  const clientFor = (accountId: string | null): ApiClient | null => connection.clientFor(accountId)
  const inspector = createInspector(deps.log)
  /** Jobs being added, on their way to disk: a drop meanwhile sees them as already waiting. */
  const admitting = new Map<string, JobRecord>()
  const intake = new JobIntake({
    inspect: (paths) => inspector.inspect(paths),
    jobs: () => [...store.jobs().filter((job) => !admitting.has(job.id)), ...admitting.values()],
    published: (account, sha256) => store.published(account, sha256),
    clientFor,
    ...(deps.itemExists ? { itemExists: deps.itemExists } : {})
  })
  /**
   * Records an item a job made or took in the published record (apart from the queue), the
   * moment it is known: a create's answer, a lookup that found it, a check that passed.
   */
  async function recordItem(job: JobRecord, by: PublishedEntry['by'], sha256: string | null): Promise<void> {
    if (job.accountId === null || !job.result) return
    await store.recordPublished({
      account: job.accountId,
      host: job.host,
      itemId: job.result.itemId,
      sha256,
      name: job.name,
      url: job.result.url,
      docType: job.docType,
      at: Date.now(),
      by,
      jobId: job.id
    })
  }
  const lookups = new InDoubtLookups({
    jobs: () => store.jobs(),
    madeByOthers: (job) => (job.accountId === null ? new Set<number>() : store.madeByOthers(job.accountId, job.host, job.id)),
    adopted: (job, sha256) => recordItem(job, 'adopt', sha256),
    ...(deps.inDoubtSettleMs !== undefined ? { settleMs: deps.inDoubtSettleMs } : {}),
    network: () => connection.network(),
    limitBytes: (accountId) => (accountId === null ? null : limitsOf(accountId).maxFileSizeBytes),
    save: async (job) => {
      await store.put([job])
      touch([job.id])
      return job
    }
  })

  /** Whom a job waits for, in words. */
  const whoFor = (accountId: string | null): string => (accountId === null ? 'you' : deps.knownAccounts.describe(accountId))

  function access(job: JobRecord): Access {
    // Each account's jobs run with that account's own key, beside the others'; whose a job is
    // is decided by the connection alone (a job made before accounts were kept apart included).
    const scope = connection.scopeOf(job.accountId)
    if (scope.reach === 'ready') return { client: scope.client, accountId: scope.accountId }
    if (scope.reach === 'identifying') return { hold: holdSaying('identifying', sentence('coreQueue.waiting.identifying'), null) }
    // A job made before accounts were kept apart, when nothing here says whose it was.
    if (scope.reach === 'unbound') return { hold: holdSaying('unbound', sentence('coreQueue.waiting.unbound'), null) }
    const account = whoFor(scope.accountId)
    if (scope.reach === 'refused') return { hold: holdSaying('key-refused', sentence('coreQueue.waiting.keyRefused', { account }), null, account) }
    if (!connection.anyConnected) return { hold: holdSaying('signed-out', sentence('coreQueue.waiting.signedOut', { account }), null, account) }
    return { hold: holdSaying('other-account', sentence('coreQueue.waiting.otherAccount', { account }), null, account) }
  }

  /**
   * Jobs made before accounts were kept apart belong to the account this data folder names for
   * that time: once the service confirmed that account's key, each is bound to it on disk, for
   * good, with a line saying so. Nothing is bound to whoever happens to be current.
   */
  let binding: Promise<void> = Promise.resolve()
  function bindUnrecorded(): Promise<void> {
    binding = binding.then(async () => {
      const scope = connection.scopeOf(null)
      if (scope.reach !== 'ready' || closed) return
      const jobs = store.jobs().filter((job) => job.accountId === null && !scheduler.isRunning(job.id))
      if (jobs.length === 0) return
      const line = sentence('coreQueue.history.boundThen', { account: whoFor(scope.accountId) })
      await store.put(jobs.map((job) => withHistory({ ...job, accountId: scope.accountId }, line)))
      touch(jobs.map((job) => job.id))
      scheduler.pump()
    })
    return binding
  }

  /**
   * Asks the service whose each key held but not confirmed yet is (one question at a time);
   * the answers reach the connection (onAccount), whose change pumps the queue again.
   */
  let identifying: Promise<void> | null = null
  function confirmIdentity(): Promise<void> {
    if (!connection.confirming) return Promise.resolve()
    // Offline already: the probe asks when the service is back; nobody waits for retries here.
    const { online, cause } = scheduler.connectivity.state
    if (!online) {
      // Said as what keeps the service away now (a sign-in page stays a sign-in page).
      const why = cause === 'portal' ? new ServiceError('portal', explain.portal(), { delivery: 'not-sent' }) : new ServiceError('network', explain.network(), { delivery: 'not-sent' })
      return Promise.reject(why)
    }
    identifying ??= connection.identify(null, { retries: 0 }).finally(() => {
        identifying = null
      })
    return identifying
  }

  /** A job waits until the key's account is known: ask, and ask again later if the service did not say. */
  let identifyTimer: ReturnType<typeof setTimeout> | undefined
  function needIdentity(): void {
    if (identifying || identifyTimer || closed) return
    confirmIdentity().catch((error: unknown) => {
      const next = afterFailure(error)
      if (next.kind === 'offline') return scheduler.connectivity.reportOffline(next.cause)
      identifyTimer = setTimeout(() => {
        identifyTimer = undefined
        scheduler.pump()
      }, IDENTIFY_RETRY_MS)
      identifyTimer.unref?.()
    })
  }

  /**
   * The account new work is made for: confirmed by the service when it answers at once,
   * else the one shown (offline, that is all there is). A drop never waits long on the
   * network: the question goes on in the background, and a job made for an account the key
   * turns out not to have simply waits for it.
   */
  async function accountForNewWork(): Promise<string | null> {
    const asked = confirmIdentity().catch((error: unknown) => {
      const next = afterFailure(error)
      if (next.kind === 'offline') scheduler.connectivity.reportOffline(next.cause)
    })
    let timer: ReturnType<typeof setTimeout> | undefined
    const enough = new Promise<void>((resolve) => (timer = setTimeout(resolve, IDENTIFY_WAIT_MS)))
    await Promise.race([asked, enough]).finally(() => clearTimeout(timer))
    return connection.accountId ?? deps.accountShown()
  }

  /** The account new jobs are for: the one asked for (it must be signed in here), else the current one. */
  const accountForNewJobs =
    (requested: string | undefined) =>
    async (): Promise<IntakeAccount> => {
      if (requested === undefined) return accountForCurrent()
      if (connection.scopeOf(requested).reach === 'absent') throw new AppError('signed-out', sentence('coreQueue.error.accountAbsentNothingQueued', { account: whoFor(requested) }))
      return { accountId: requested, limits: limitsOf(requested) }
    }

  async function accountForCurrent(): Promise<IntakeAccount> {
    const accountId = await accountForNewWork()
    if (accountId === null) {
      // A key is in use but the service could not be asked whose it is: say that, not "sign in".
      if (connection.connected && scheduler.connectivity.state.cause === 'portal') throw new AppError('portal', sentence('coreQueue.error.noAccountPortal'))
      if (connection.connected) throw new AppError('network', sentence('coreQueue.error.noAccountOffline'))
      throw new AppError('signed-out', noAccount())
    }
    return { accountId, limits: limitsOf(accountId) }
  }

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
    for (const id of change.removed ?? []) shownHolds.delete(id)
    orderChanged ||= change.order === true
    if (!flushScheduled) {
      flushScheduled = true
      setImmediate(flush)
    }
  }

  const scheduler: Scheduler = new Scheduler({
    jobs: () => store.jobs(),
    get: (id) => store.get(id),
    isSaving: (id) => store.isSaving(id),
    queuePaused: () => store.paused || deps.runUploads === false,
    mayRun: (job) => deps.runUploads !== 'added' || runnable.has(job.id),
    concurrency: () => deps.settings().uploadConcurrency,
    ...(deps.firstRetryMs !== undefined ? { firstRetryMs: deps.firstRetryMs } : {}),
    ...(deps.undoWindowMs !== undefined ? { undoWindowMs: deps.undoWindowMs } : {}),
    ...(deps.probe !== undefined ? { probe: deps.probe } : {}),
    access,
    probeClient: () => (connection.connected ? connection.client() : clientFor(connection.accounts()[0] ?? null)),
    // Each account's jobs run side by side with the others', each under its own key's limiter.
    parallelAccounts: () => Math.max(1, connection.accounts().length),
    needIdentity,
    save: async (job) => {
      await store.put([job])
      touch([job.id])
      return job
    },
    published: (job) => recordItem(job, job.kind === 'replace' ? 'replace' : 'create', job.source.type === 'file' ? job.source.sha256 : null),
    made: (job, sha256) => recordItem(job, 'create', sha256),
    noRoom,
    limitBytes: (accountId) => (accountId === null ? null : (limitsOf(accountId).maxFileSizeBytes ?? clientFor(accountId)?.uploadLimitBytes ?? null)),
    lookUp: (job, client, signal, settle) => lookups.lookUp(job, client, signal, settle),
    settleAttemptLookup: settleForAttempt,
    describeAccount: whoFor,
    onOnline: () => {
      refreshLimitsSoon()
      deps.onReachableAgain?.()
    },
    touched: (ids) => touch(ids),
    waitsMayHaveChanged: (ids) => touch(holdsChanged(ids)),
    progress: (jobId, progress) => deps.emit(contract.uploads.progress, { jobId, ...progress }),
    connectivityChanged: () => deps.emit(contract.uploads.connectivityChanged, connectivity()),
    cannotSave: () => saveHold.message,
    reportCannotSave: (error) => saveHold.report(error),
    log: deps.log
  })

  /** The hold began or ended: every waiting job says so; once it ended, the queue goes on by itself. */
  async function saveHoldChanged(): Promise<void> {
    if (closed) return
    touch(store.jobs().filter((job) => job.state === 'queued' || job.state === 'uploading').map((job) => job.id))
    if (saveHold.trouble !== null) return
    // A job whose answer could not be saved is still "uploading" on disk: back to the queue, in doubt where needed.
    await recoverInterrupted().catch(() => undefined)
    scheduler.pump()
  }

  /**
   * The wait each job was last shown with (a view of it built), so a change of the connection
   * sends again only the jobs whose wait it changed: at start, with 10,000 jobs restored and
   * no view of them built yet, none (the window's first list shows them as they are).
   */
  const shownHolds = new Map<string, string>()
  const holdOf = (job: JobRecord): Hold | null => (scheduler.isRunning(job.id) ? null : scheduler.hold(job))
  const holdKey = (hold: Hold | null): string => (hold === null ? '' : `${hold.reason}\n${hold.message}\n${hold.until ?? ''}\n${hold.account ?? ''}`)

  function view(job: JobRecord): JobView {
    const hold = holdOf(job)
    shownHolds.set(job.id, holdKey(hold))
    return toJobView(job, hold, scheduler.progressOf(job.id))
  }

  /** Those of these jobs (queued ones by default) shown with another wait than they have now. */
  function holdsChanged(ids?: readonly string[]): string[] {
    const jobs = ids ? ids.flatMap((id) => store.get(id) ?? []) : store.jobs().filter((job) => job.state === 'queued')
    return jobs.filter((job) => shownHolds.has(job.id) && shownHolds.get(job.id) !== holdKey(holdOf(job))).map((job) => job.id)
  }

  function connectivity(): ConnectivityView {
    const state = scheduler.connectivity.state
    const trouble = state.online ? scheduler.trouble : null
    return {
      online: state.online,
      problem: state.cause ?? (trouble ? 'service' : null),
      retryAt: iso(trouble?.retryAt ?? null),
      // The strip speaks of the account shown; another account's wait is told on its own jobs.
      rateLimitedUntil: iso(scheduler.rateLimitUntil(deps.accountShown())),
      signedIn: connection.anyConnected,
      nextCheckAt: iso(state.nextCheckAt)
    }
  }

  /** The plan limits of the account shown (none known without one). */
  function limitsView(): PlanLimits {
    const shown = deps.accountShown()
    return shown === null ? { maxFileSizeBytes: null, quotas: {}, learnedAt: null } : limitsOf(shown).view
  }

  /** From the records, without building the queue's view: asked between every page of a counts refresh. */
  function sending(): boolean {
    return store.jobs().some((job) => !job.paused && (job.state === 'queued' || job.state === 'uploading' || job.state === 'verifying'))
  }

  function list(): QueueView {
    return { jobs: store.jobs().map(view), paused: store.paused, connectivity: connectivity(), limits: limitsView(), notices: deps.notices.map((notice) => notice.text), noticesSaid: deps.notices.map((notice) => notice.said) }
  }

  // Reads of the plan asked before the first paint become one, after it.
  let limitsWaiting = false
  const afterFirstPaint = deps.afterFirstPaint ?? ((work: () => unknown) => void work())
  function refreshLimitsSoon(): void {
    if (limitsWaiting) return
    limitsWaiting = true
    afterFirstPaint(() => {
      limitsWaiting = false
      void refreshLimits()
    })
  }

  /** Reads the plan of every account whose key is held (only once whoami confirmed whose it is). */
  async function refreshLimits(): Promise<void> {
    await Promise.all(
      connection.accounts().map(async (accountId) => {
        const client = clientFor(accountId)
        if (!client || closed) return
        try {
          await limitsOf(accountId).refresh(client, deps.settings().documentUrl !== '')
        } catch (error) {
          deps.log.info('Could not read the plan limits', error instanceof Error ? error.message : error)
        }
      })
    )
  }

  function find(id: string): JobRecord {
    const job = store.get(id)
    if (!job) throw new AppError('not-found', sentence('coreQueue.error.jobGone'))
    return job
  }

  async function admit(intake: Intake): Promise<EnqueueResult> {
    if (intake.jobs.length > 0) {
      for (const job of intake.jobs) {
        runnable.add(job.id)
        admitting.set(job.id, job)
      }
      try {
        await store.put(intake.jobs)
      } finally {
        for (const job of intake.jobs) admitting.delete(job.id)
      }
      touch(intake.jobs.map((job) => job.id), { order: true })
      scheduler.pump()
    }
    const paths = Object.fromEntries(intake.jobs.flatMap((job) => (job.source.type === 'file' ? [[job.id, job.source.path]] : [])))
    return { added: intake.jobs.map(view), refused: intake.refused, sameContent: intake.offers, paths }
  }

  /** Jobs stopped by a crash mid-upload go back to the queue; a create among them stays "in doubt". */
  async function recoverInterrupted(): Promise<void> {
    const interrupted = store.jobs().filter((job) => job.state === 'uploading' && !scheduler.isRunning(job.id))
    if (interrupted.length === 0) return
    await store.put(
      interrupted.map((job) =>
        withHistory(
          { ...job, state: 'queued' },
          job.inDoubtSince !== null
            ? sentence('coreQueue.history.stoppedChecking')
            : sentence('coreQueue.history.stoppedRestarts')
        )
      )
    )
  }

  // Every feature's requests tell the one status: a library sync or an account read that could
  // not leave this machine shows the strip too, and any answer clears it.
  const stopReachable = connection.onReachable((reachable, why) => {
    if (closed) return
    if (reachable) scheduler.connectivity.reportOnline()
    else scheduler.connectivity.reportOffline(why ?? 'unreachable')
  })
  // A quota reported by a client is its confirmed account's (creates run only once confirmed).
  const stopQuota = connection.onQuota((quota, accountId) => {
    if (accountId !== null) limitsOf(accountId).learnQuota(quota)
  })
  const stopChange = connection.onChange(() => {
    if (closed) return
    deps.emit(contract.uploads.connectivityChanged, connectivity())
    deps.emit(contract.uploads.limitsChanged, limitsView())
    touch(holdsChanged())
    // An account signed out or its key refused: what it was sending stops now, nothing more goes out.
    scheduler.stopUnreachable()
    if (connection.anyConnected) refreshLimitsSoon()
    void ready.then(bindUnrecorded)
    scheduler.pump()
  })

  // A disk that is full at start holds the queue (reported by the store); it recovers these once it can save.
  const ready = recoverInterrupted()
    .catch((error: unknown) => {
      if (!cannotSaveIn(error)) throw error
    })
    .then(() => {
      refreshLimitsSoon()
      void bindUnrecorded()
      scheduler.pump()
    })

  // Results of OS opens wait here until the window takes them (it may not exist yet).
  let inbox: EnqueueResult = { added: [], refused: [], sameContent: [] }

  const queue: UploadQueue = {
    list,
    sending,
    async enqueueOpened(paths) {
      await ready
      const result = await admit(await intake.fromPaths({ paths: [...paths], docType: 'Flipbook', onSameContent: 'ask' }, accountForCurrent))
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
      return admit(await intake.fromPaths(input, accountForNewJobs(input.accountId)))
    },
    async enqueuePathsFor(accountId, input) {
      await ready
      return admit(await intake.fromPaths(input, async () => ({ accountId, limits: limitsOf(accountId) })))
    },
    async chooseFiles(input) {
      if (!deps.choosePdfs) throw new AppError('not-allowed', sentence('coreQueue.error.chooseNeedsWindow'))
      const paths = await deps.choosePdfs()
      if (paths.length === 0) return { added: [], refused: [], sameContent: [] }
      await ready
      const request = { paths, docType: input.docType, onSameContent: input.onSameContent, ...(input.hold ? { hold: true } : {}) }
      return admit(await intake.fromPaths(request, accountForNewJobs(input.accountId)))
    },
    async enqueueUrl(input) {
      await ready
      return admit(await intake.fromUrl(input, accountForNewJobs(input.accountId)))
    },
    async replace(input) {
      await ready
      return admit(await intake.replace(input, accountForNewJobs(input.accountId)))
    },
    async replaceFor(accountId, input) {
      await ready
      return admit(await intake.replace(input, async () => ({ accountId, limits: limitsOf(accountId) })))
    },
    async decideSameContent(input) {
      return admit(intake.decide(input.offerId, input.choice, input.confirmFirst === true))
    },
    async decideMany({ answers }) {
      const merged: Intake = { jobs: [], refused: [], offers: [] }
      for (const answer of answers) {
        const decided = intake.decide(answer.offerId, answer.choice, answer.confirmFirst === true)
        merged.jobs.push(...decided.jobs)
        merged.refused.push(...decided.refused)
      }
      return admit(merged)
    },
    async confirmReplace({ jobId }) {
      const job = find(jobId)
      if (job.kind !== 'replace' || job.state !== 'queued' || !job.paused || scheduler.isRunning(jobId)) {
        throw new AppError('not-allowed', sentence('coreQueue.error.confirmOnlyWaiting'))
      }
      const next = withHistory({ ...job, paused: false, notBefore: wallNow() + (deps.undoWindowMs ?? UNDO_WINDOW_MS) }, sentence('coreQueue.history.confirmed'))
      await store.put([next])
      touch([jobId])
      scheduler.pump()
      return view(next)
    },
    async undo({ jobId }) {
      const job = find(jobId)
      const waiting = job.state === 'queued' && scheduler.startsLater(job) && !scheduler.isRunning(jobId)
      if (!waiting) {
        const { message, said } = told(sentence('coreQueue.error.undoTooLate'))
        return { undone: false, reason: message, ...(said ? { said } : {}) }
      }
      await store.remove([jobId])
      touch([], { removed: [jobId] })
      return { undone: true, reason: null }
    },
    async chooseAccount({ jobId, accountId }) {
      const job = find(jobId)
      if (job.accountId !== null || isFinished(job)) throw new AppError('not-allowed', sentence('coreQueue.error.alreadyBound'))
      if (connection.scopeOf(accountId).reach !== 'ready') throw new AppError('signed-out', sentence('coreQueue.error.accountAbsent', { account: whoFor(accountId) }))
      const next = withHistory({ ...job, accountId }, sentence('coreQueue.history.boundChosen', { account: whoFor(accountId) }))
      await store.put([next])
      touch([jobId])
      scheduler.pump()
      return view(next)
    },
    async publishAsNew({ jobId }) {
      const job = find(jobId)
      if (job.kind !== 'replace' || job.state !== 'failed' || job.failure?.code !== 'item-gone' || job.accountId === null) {
        throw new AppError('not-allowed', sentence('coreQueue.error.publishNewOnlyGone'))
      }
      const accountId = job.accountId
      const created = await intake.asNew(job, { accountId, limits: limitsOf(accountId) })
      if (created.jobs.length > 0) {
        await store.remove([jobId])
        touch([], { removed: [jobId] })
      }
      return admit(created)
    },
    async publishWaitingAsDocuments(input) {
      const accountId = input.accountId ?? deps.accountShown()
      if (accountId === null) throw new AppError('signed-out', noAccount())
      if (deps.settings().documentUrl === '') throw new AppError('not-allowed', sentence('coreQueue.error.documentHostFirst'))
      const jobs = store.jobs().filter((job) => job.accountId === accountId)
      const waiting = jobs.filter((job) => job.docType === 'Flipbook' && rooms.waits(job.id) && !scheduler.isRunning(job.id))
      const room = roomLeft(limitsOf(accountId).quota('Document'), openCreates(jobs, 'Document'))
      const moving = room === null ? waiting : waiting.slice(0, room)
      if (moving.length > 0) {
        const line = sentence('coreQueue.history.asDocument')
        await store.put(moving.map((job) => withHistory({ ...job, docType: 'Document', host: hostFor('Document') }, line)))
        touch(moving.map((job) => job.id))
        scheduler.pump()
      }
      return list()
    },
    async decideLookalike({ jobId, choice }) {
      const job = find(jobId)
      if (job.state !== 'failed' || job.failure?.code !== 'uncertain-content' || !job.lookalike) {
        throw new AppError('not-allowed', sentence('coreQueue.error.decideOnlyFound'))
      }
      const { lookalike, ...rest } = job
      const next =
        choice === 'keep'
          ? withHistory(
              { ...rest, state: 'verifying', failure: null, attempts: 0, paused: false, result: { ...lookalike, embedUrl: null, pages: null } },
              sentence('coreQueue.history.keptFound')
            )
          : // A new create: its lookup, if its answer is lost too, only considers items made after it was sent.
            withHistory({ ...rest, state: 'queued', failure: null, attempts: 0, paused: false, inDoubtSince: null }, sentence('coreQueue.history.publishAgain'))
      await store.put([next])
      if (choice === 'keep') await recordItem(next, 'adopt', null)
      scheduler.clearBackoff(jobId)
      touch([jobId])
      scheduler.pump()
      return view(next)
    },
    async exportCsv({ jobIds }) {
      if (!deps.chooseSavePath) throw new AppError('not-allowed', sentence('coreQueue.error.saveNeedsWindow'))
      const jobs = jobIds.map((id) => store.get(id)).filter((job): job is JobRecord => job !== undefined)
      return exportJobsCsv({ jobs, chooseSavePath: deps.chooseSavePath })
    },
    async checkNow() {
      scheduler.checkNow()
      return connectivity()
    },
    async refreshLimits() {
      await refreshLimits()
      return limitsView()
    },
    async pause(input) {
      if (input?.jobId) {
        const job = find(input.jobId)
        if (isFinished(job)) throw new AppError('not-allowed', sentence('coreQueue.error.finishedNoPause'))
        if (scheduler.isRunning(job.id)) await scheduler.stopJob(job.id, 'pause')
        else if (!job.paused) await store.put([withHistory({ ...job, paused: true }, sentence('coreQueue.history.paused'))])
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
        if (job.paused) await store.put([withHistory({ ...job, paused: false }, sentence('coreQueue.history.resumed'))])
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
      let job = find(jobId)
      if (job.state !== 'failed' && job.state !== 'cancelled') {
        throw new AppError('not-allowed', sentence('coreQueue.error.retryOnlyEnded'))
      }
      // A cancelled create still being looked up: stop that, the attempt looks it up first anyway.
      if (scheduler.isRunning(jobId)) {
        await scheduler.stopJob(jobId, 'shutdown')
        job = find(jobId)
      }
      if (job.state === 'cancelled' && job.result && job.kind === 'create') {
        throw new AppError('not-allowed', sentence('coreQueue.error.alreadyPublished', { name: job.name }))
      }
      if (job.failure?.code === 'uncertain-content') {
        throw new AppError('not-allowed', sentence('coreQueue.error.lookalikeFound'))
      }
      const next = withHistory(
        { ...job, state: job.result && job.kind === 'create' && !job.replaceCreated ? 'verifying' : 'queued', attempts: 0, failure: null, paused: false },
        sentence('coreQueue.history.retried')
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
        throw new AppError('not-allowed', sentence('coreQueue.error.renameBeforeStart'))
      }
      const next = { ...job, name: name ?? job.name, title: title ?? job.title }
      await store.put([next])
      touch([jobId])
      return view(next)
    },
    async clearFinished() {
      // A finished job can still be running a lookup (a cancelled create finding out whether it was made): stop it, it is being cleared.
      const finishedJobs = store.jobs().filter(isFinished)
      await Promise.all(finishedJobs.filter((job) => scheduler.isRunning(job.id)).map((job) => scheduler.stopJob(job.id, 'shutdown')))
      const finished = finishedJobs.map((job) => job.id).filter((id) => store.get(id) !== undefined && isFinished(store.get(id) as JobRecord))
      if (finished.length > 0) await store.remove(finished)
      touch([], { removed: finished })
      return list()
    },
    networkChanged: (online) => scheduler.connectivity.networkChanged(online),
    jobFile(jobId) {
      const source = store.get(jobId)?.source
      return source?.type === 'file' ? { path: source.path, size: source.size, sha256: source.sha256 } : null
    },
    jobAccount: (jobId) => store.get(jobId)?.accountId ?? null,
    accountForNewWork,
    runAlso(jobIds) {
      for (const id of jobIds) runnable.add(id)
      scheduler.pump()
    },
    get bytesWritten() {
      return store.bytesWritten
    },
    // New addresses or proxy: ask the service again at once rather than at the next backoff step.
    settingsChanged: () => scheduler.checkNow(),
    async close() {
      closed = true
      saveHold.stop()
      if (identifyTimer) clearTimeout(identifyTimer)
      stopQuota()
      stopReachable()
      stopChange()
      await ready
      await binding
      await scheduler.shutdown()
      await Promise.all([...books.values()].map((book) => book.close()))
      await inspector.close()
    }
  }
  return queue
}
