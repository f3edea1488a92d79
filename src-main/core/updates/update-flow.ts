import { updatesUnavailable, type UpdateView } from '../../../src-shared/domain/updates'
import type { UpdatesHost } from '../app/app-service'
import type { Logger } from '../log'
import { CHECK_INTERVAL_MS, FIRST_CHECK_DELAY_MS, installFailureOf, installStep, mayCheck } from './update-policy'

/** What the updater reports, whichever library is behind it (electron-updater in the app). */
export type UpdaterEvent =
  | { type: 'available'; version: string }
  | { type: 'not-available' }
  | { type: 'progress'; percent: number }
  | { type: 'downloaded'; version: string }
  | { type: 'error'; error: Error }

/** The updater as the flow uses it; the shell adapts electron-updater's autoUpdater to it. */
export interface UpdaterPort {
  /** Reads the feed; a newer version then downloads in the background by itself. */
  check(): Promise<void>
  /**
   * Installs the downloaded update and restarts FlipDrop. Resolves with the reason only when it
   * did not install and FlipDrop runs on (a cancelled password prompt, a file that could not be
   * replaced); while FlipDrop quits into the new version it stays pending.
   */
  install(): Promise<Error>
  subscribe(listener: (event: UpdaterEvent) => void): () => void
}

export interface UpdateFlowDeps {
  updater: UpdaterPort
  currentVersion: string
  /**
   * Where a copy that cannot install updates itself (update-policy.ts installModeOf) sends the
   * designer for a new version; absent when it installs them itself. Such a copy's updater
   * only checks: it downloads nothing.
   */
  downloadPage?: string
  /** Uploads that restarting now would stop (job-runs.ts: not those waiting for the designer). */
  runningUploads(): number
  /** Closes the core (the queue's journal); resolves once closed or given up on. */
  closeCore(): Promise<void>
  /** Opens the core again (queue, journal, data-folder lock) after an install that did not happen. */
  reopenCore(): Promise<void>
  emit(view: UpdateView): void
  log: Logger
  now?: () => Date
}

/** The running flow: the `app` area's updates, plus what main tells it. */
export interface UpdateFlow extends UpdatesHost {
  /** Checks after start-up settles, then daily. */
  start(): void
  /** The queue changed: "Restart to update" may now be offered, or must wait. */
  uploadsChanged(): void
  stop(): void
}

/**
 * FlipDrop's own updates: checks at start and daily, downloads in the background, and
 * offers "Restart to update" once downloaded and no upload runs; installing closes the
 * journal first. The rules are in update-policy.ts; this keeps the state and the timers.
 */
export function createUpdateFlow(deps: UpdateFlowDeps): UpdateFlow {
  const now = deps.now ?? (() => new Date())
  let view: UpdateView = { ...updatesUnavailable(deps.currentVersion), available: true }
  let installing = false
  const timers: ReturnType<typeof setTimeout>[] = []

  const set = (next: Partial<UpdateView>): void => {
    const phase = next.phase ?? view.phase
    view = { ...view, ...next, waitingForUploads: phase === 'ready' && deps.runningUploads() > 0 }
    deps.emit(view)
  }

  const unsubscribe = deps.updater.subscribe((event) => {
    switch (event.type) {
      case 'available':
        if (deps.downloadPage !== undefined) {
          deps.log.info(`FlipDrop ${event.version} is available; this copy cannot install it itself, so it offers the release page`)
          set({ phase: 'download-available', version: event.version, percent: null, downloadUrl: deps.downloadPage, checkedAt: now().toISOString() })
          break
        }
        deps.log.info(`FlipDrop ${event.version} is available; downloading it`)
        set({ phase: 'downloading', version: event.version, percent: null, checkedAt: now().toISOString() })
        break
      case 'not-available':
        set({ phase: 'up-to-date', version: null, percent: null, checkedAt: now().toISOString() })
        break
      case 'progress':
        if (view.phase === 'downloading') set({ percent: Math.round(event.percent) })
        break
      case 'downloaded':
        deps.log.info(`FlipDrop ${event.version} is downloaded; it installs on "Restart to update"`)
        set({ phase: 'ready', version: event.version, percent: null, installFailure: null })
        break
      case 'error':
        deps.log.warn('Could not update FlipDrop', event.error)
        // A failed download of a found version is a failure too; a ready update stays ready, and
        // an install's own error is the install's to report (see restartToUpdate).
        if (view.phase !== 'ready' && view.phase !== 'installing') set({ phase: 'failed', percent: null, checkedAt: now().toISOString() })
        break
    }
  })

  /**
   * The installer did not run (or gave up) and FlipDrop runs on: the queue, its journal and the
   * data-folder lock come back, and the window is told why; "Restart to update" works again.
   */
  async function notInstalled(error: unknown): Promise<void> {
    const reason = error instanceof Error ? error : new Error(String(error))
    deps.log.warn('The update was not installed; FlipDrop goes on with the current version', reason)
    try {
      await deps.reopenCore()
    } catch (reopenError) {
      // The start-up state says so in the window, with Retry.
      deps.log.error('FlipDrop could not reopen its queue after the update was not installed', reopenError)
    }
    installing = false
    set({ phase: 'ready', installFailure: installFailureOf(reason) })
  }

  async function check(): Promise<UpdateView> {
    if (!mayCheck(view.phase) || installing) return view
    set({ phase: 'checking' })
    try {
      await deps.updater.check()
    } catch (error) {
      deps.log.warn('Could not check for updates', error)
      if (view.phase === 'checking' || view.phase === 'downloading') set({ phase: 'failed', percent: null, checkedAt: now().toISOString() })
    }
    // An updater that answered without an event found nothing to do.
    if (view.phase === 'checking') set({ phase: 'up-to-date', checkedAt: now().toISOString() })
    return view
  }

  return {
    view: () => view,
    check,
    async restartToUpdate() {
      const step = installStep(view.phase, deps.runningUploads())
      if (step !== 'install' || installing) {
        if (step === 'wait-for-uploads') set({})
        return view
      }
      installing = true
      deps.log.info(`Installing FlipDrop ${view.version ?? ''}: closing the queue first`)
      set({ phase: 'installing', installFailure: null })
      // The journal is closed before anything is replaced or the app quits.
      await deps.closeCore()
      void deps.updater.install().then(notInstalled, notInstalled)
      return view
    },
    start() {
      const run = (): void => void check()
      timers.push(setTimeout(run, FIRST_CHECK_DELAY_MS))
      timers.push(setInterval(run, CHECK_INTERVAL_MS))
    },
    uploadsChanged() {
      const waiting = view.phase === 'ready' && deps.runningUploads() > 0
      if (waiting !== view.waitingForUploads) set({})
    },
    stop() {
      for (const timer of timers) clearTimeout(timer)
      unsubscribe()
    }
  }
}
