import type { Said } from '../../../src-shared/i18n/said'
import { errorText } from '../i18n/spoken'
import { defineStore } from 'pinia'
import { computed, markRaw, ref, shallowReactive, shallowRef } from 'vue'
import type { Envelope } from '../../../src-shared/contract/errors'
import { FINISHED_STATES, type Connectivity, type JobProgress, type JobView, type PlanLimits, type QueueChange } from '../../../src-shared/domain/queue'
import { openCreates, roomLeft } from '../../../src-shared/domain/quota-room'
import type { DocType } from '../../../src-shared/domain/service/item'
import { bridge } from '../bridge'
import { namesSeveral, queueAccounts } from '../account/accounts'
import { summarizeBatch, type BatchPace } from '../publish/batch'
import { foldUpdates } from '../publish/fold-updates'
import { displayOrder, replayMoves, type PendingMove } from '../publish/reorder'
import { useAnnouncer } from './announcer'
import { useAuthStore } from './auth-store'

/**
 * The upload queue as main tells it. Jobs are kept raw (replaced whole on each change) and
 * progress apart from them, so ten progress ticks a second redraw one bar, not the list.
 */
export const useQueueStore = defineStore('queue', () => {
  const jobs = shallowReactive(new Map<string, JobView>())
  /** The order shown: main's, with the moves main has not answered yet replayed on top. */
  const order = shallowRef<string[]>([])
  /** Main's order as it last told it (an event or a move's answer). */
  let confirmed: string[] = []
  /** Moves sent and not answered yet, oldest first. */
  const pending: PendingMove[] = []
  const progress = shallowReactive(new Map<string, JobProgress>())
  const paused = ref(false)
  const connectivity = shallowRef<Connectivity | null>(null)
  const limits = shallowRef<PlanLimits | null>(null)
  const notices = ref<string[]>([])
  const noticesSaid = ref<Said[][]>([])
  const loaded = ref(false)
  /** The last action main refused, in its words. */
  const error = ref<string | null>(null)
  const announcer = useAnnouncer()
  const auth = useAuthStore()
  /** The account whose uploads the list shows (null: all); only while the queue names accounts. */
  const accountFilter = ref<string | null>(null)
  /** Bytes per second across the uploads, as last measured (kept between files, for time left). */
  const speed = ref<number | null>(null)
  /** Since when this window follows the batch, and how many of its jobs finished since (for time left). */
  const pace = shallowRef<BatchPace>({ startedAt: Date.now(), finished: 0 })

  const ordered = computed(() => order.value.map((id) => jobs.get(id)).filter((job): job is JobView => job !== undefined))
  /** The order shown: what is being sent first, then what waits, then what has finished. */
  const shown = computed(() => displayOrder(ordered.value))
  function* accountIds(): Generator<string | null> {
    for (const job of jobs.values()) yield job.accountId
  }
  /** The accounts the queue knows (signed in, or named by an upload in the list), each with its count. */
  const accounts = computed(() => queueAccounts(jobs.values(), auth.accounts))
  /**
   * Uploads of two or more accounts are in the list, or two or more accounts are signed in:
   * each row names its account and the list can be narrowed to one. With one, nothing extra.
   */
  const severalAccounts = computed(() => auth.several || namesSeveral(accountIds()))
  /** The account the list is narrowed to: the one chosen, while it is still one the queue knows. */
  const shownAccount = computed(() => {
    const chosen = accountFilter.value
    if (chosen === null || !severalAccounts.value) return null
    return accounts.value.some((entry) => entry.userId === chosen) ? chosen : null
  })
  /** The rows the list shows: `shown`, narrowed to one account when one is chosen. */
  const visible = computed(() => {
    const only = shownAccount.value
    return only === null ? shown.value : shown.value.filter((job) => job.accountId === only)
  })
  /** The list's rows: `visible` with the updates of an item folded into one row (see publish/fold-updates.ts). */
  const listed = computed(() => foldUpdates(visible.value))
  /** What the batch bar says, counted from the rows the list shows (see publish/batch.ts). */
  const batchSummary = computed(() => summarizeBatch(visible.value, (jobId) => progress.get(jobId) ?? null))
  const counts = computed(() => {
    const tally = { total: 0, running: 0, waiting: 0, queued: 0, done: 0, failed: 0, cancelled: 0, pausedJobs: 0 }
    for (const job of jobs.values()) {
      tally.total++
      if (job.state === 'uploading' || job.state === 'verifying') tally.running++
      else if (job.state === 'waiting') tally.waiting++
      else if (job.state === 'queued') tally.queued++
      else tally[job.state]++
      if (job.paused && !FINISHED_STATES.includes(job.state)) tally.pausedJobs++
    }
    return tally
  })
  const finishedCount = computed(() => counts.value.done + counts.value.failed + counts.value.cancelled)

  /** How many more creates of a kind the plan takes, counting those already queued; null when unknown. */
  function room(docType: DocType): number | null {
    return roomLeft(limits.value?.quotas[docType], openCreates(jobs.values(), docType))
  }

  /** The current account's creates of a kind that wait for room in its plan, in queue order. */
  function waitingForRoom(docType: DocType): JobView[] {
    const mine = auth.current?.userId ?? null
    return ordered.value.filter((job) => job.waiting?.reason === 'no-room' && job.docType === docType && (mine === null || job.accountId === mine))
  }

  function setJob(job: JobView): void {
    const before = jobs.get(job.id)
    jobs.set(job.id, markRaw(job))
    if (job.state !== 'uploading') progress.delete(job.id)
    if (before && before.state !== job.state && (job.state === 'done' || job.state === 'failed')) announcer.outcome(job)
    if (before && !FINISHED_STATES.includes(before.state) && FINISHED_STATES.includes(job.state)) {
      pace.value = { ...pace.value, finished: pace.value.finished + 1 }
    }
  }

  function apply(change: QueueChange): void {
    const wasIdle = !hasUnfinished()
    change.jobs.forEach(setJob)
    for (const id of change.removed) {
      jobs.delete(id)
      progress.delete(id)
    }
    if (change.order) showOrder(change.order)
    else if (change.removed.length > 0 || change.jobs.some((job) => !confirmed.includes(job.id))) {
      const known = confirmed.filter((id) => jobs.has(id))
      const added = change.jobs.map((job) => job.id).filter((id) => !known.includes(id))
      showOrder([...known, ...added])
    }
    paused.value = change.paused
    // A computed nobody reads keeps its last value: while another view shows, the lists derived
    // from the jobs would hold every job "Clear finished" took away (the soak's renderer heap).
    // Read once here (the whole chain, down to `ordered`), they let go at once.
    if (change.removed.length > 0) void batchSummary.value
    // Work starts again after everything had ended: time left is measured afresh.
    if (wasIdle && hasUnfinished()) {
      pace.value = { startedAt: Date.now(), finished: 0 }
      speed.value = null
    }
  }

  function hasUnfinished(): boolean {
    for (const job of jobs.values()) if (!FINISHED_STATES.includes(job.state)) return true
    return false
  }

  /** Adds up the speeds of what is being sent; a moment with nothing measured keeps the last one. */
  function measureSpeed(): void {
    let total = 0
    for (const tick of progress.values()) total += tick.bytesPerSecond ?? 0
    if (total > 0) speed.value = total
  }

  /**
   * Takes main's order. An event main sent before it applied a move may arrive after the move
   * was shown: replaying the unanswered moves keeps it from undoing the newer local order.
   */
  function showOrder(next: string[]): void {
    confirmed = next
    order.value = replayMoves(confirmed, pending)
  }

  async function load(): Promise<void> {
    const reply = await bridge().uploads.list()
    if (!reply.ok) {
      error.value = errorText(reply.error)
      return
    }
    const view = reply.value
    jobs.clear()
    progress.clear()
    for (const job of view.jobs) {
      jobs.set(job.id, markRaw(job))
      if (job.progress) progress.set(job.id, job.progress)
    }
    showOrder(view.jobs.map((job) => job.id))
    paused.value = view.paused
    connectivity.value = view.connectivity
    limits.value = view.limits
    notices.value = view.notices
    noticesSaid.value = view.noticesSaid ?? []
    pace.value = { startedAt: Date.now(), finished: 0 }
    loaded.value = true
  }

  /** Follows main's queue events; returns the unsubscribe. */
  function follow(): () => void {
    const uploads = bridge().uploads
    const stops = [
      uploads.onChanged(apply),
      uploads.onProgress(({ jobId, ...tick }) => {
        // A tick may come before the change that says the job is uploading; not after it ended.
        const job = jobs.get(jobId)
        if (!job || !FINISHED_STATES.includes(job.state)) progress.set(jobId, tick)
        measureSpeed()
      }),
      uploads.onLimitsChanged((next) => (limits.value = next)),
      uploads.onConnectivityChanged((next) => (connectivity.value = next))
    ]
    return () => stops.forEach((stop) => stop())
  }

  /** Runs a queue action; its refusal becomes `error` (and is returned), its success clears it. */
  async function act<T>(call: Promise<Envelope<T>>): Promise<string | null> {
    const reply = await call
    error.value = reply.ok ? null : errorText(reply.error)
    return error.value
  }

  /**
   * Moves a job in the list at once, before this returns its promise (keyboard and drag feel
   * immediate). Main's answer carries its order after the move; a refusal drops the move, so
   * main's order shows again with any other moves still under way.
   */
  async function move(jobId: string, toIndex: number): Promise<string | null> {
    const entry: PendingMove = { jobId, toIndex }
    pending.push(entry)
    order.value = replayMoves(confirmed, pending)
    try {
      const reply = await uploads().move({ jobId, toIndex })
      error.value = reply.ok ? null : errorText(reply.error)
      if (reply.ok) confirmed = reply.value.jobs.map((job) => job.id)
      return error.value
    } finally {
      pending.splice(pending.indexOf(entry), 1)
      showOrder(confirmed)
    }
  }

  const uploads = () => bridge().uploads
  return {
    jobs,
    order,
    progress,
    paused,
    connectivity,
    limits,
    notices,
    noticesSaid,
    loaded,
    error,
    ordered,
    shown,
    accounts,
    severalAccounts,
    accountFilter,
    shownAccount,
    visible,
    listed,
    /** Narrows the list to one account's uploads (null: every account's). */
    showAccount: (userId: string | null) => (accountFilter.value = userId),
    batchSummary,
    speed,
    pace,
    counts,
    finishedCount,
    room,
    waitingForRoom,
    /** The current account's flipbooks waiting for room become documents (as many as its plan has room for). */
    publishWaitingAsDocuments: () => act(uploads().publishWaitingAsDocuments(auth.current ? { accountId: auth.current.userId } : {})),
    load,
    follow,
    pause: (jobId?: string) => act(uploads().pause(jobId ? { jobId } : {})),
    resume: (jobId?: string) => act(uploads().resume(jobId ? { jobId } : {})),
    cancel: (jobId: string) => act(uploads().cancel({ jobId })),
    retry: (jobId: string) => act(uploads().retry({ jobId })),
    /** An item found for an upload whose answer was lost, stored with other bytes: keep it as this upload, or publish again. */
    decideLookalike: (jobId: string, choice: 'keep' | 'publish-again') => act(uploads().decideLookalike({ jobId, choice })),
    /** A job of the single-account time publishes to the signed-in account chosen. */
    chooseAccount: (jobId: string, accountId: string) => act(uploads().chooseAccount({ jobId, accountId })),
    remove: (jobId: string) => act(uploads().remove({ jobId })),
    move,
    rename: (jobId: string, name: string, title: string) => act(uploads().rename({ jobId, name, title })),
    clearFinished: () => act(uploads().clearFinished()),
    /** Saves the published ones of these jobs as a CSV file (main asks where); null when the dialog was cancelled. */
    async exportCsv(jobIds: string[]): Promise<{ fileName: string; rows: number } | null> {
      const reply = await uploads().exportCsv({ jobIds })
      error.value = reply.ok ? null : errorText(reply.error)
      return reply.ok && reply.value.fileName !== null ? { fileName: reply.value.fileName, rows: reply.value.rows } : null
    },
    dismissError: () => (error.value = null),
    /** "Try now": main asks the service at once; the strip shows what it found. */
    async checkNow(): Promise<void> {
      const reply = await uploads().checkNow()
      if (reply.ok) connectivity.value = reply.value
    },
    /** Reads the plan's quota again (the window came to the front). */
    async refreshLimits(): Promise<void> {
      const reply = await uploads().refreshLimits()
      if (reply.ok) limits.value = reply.value
    }
  }
})
