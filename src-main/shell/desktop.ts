import type { BrowserWindow } from 'electron'
import { contract } from '../../src-shared/contract'
import type { EventChannel } from '../../src-shared/contract/define'
import type { Core } from '../core/core'
import type { EventSink } from '../core/events'
import { sendEvent } from '../ipc/register-ipc'
import { BackgroundTray } from './background-tray'
import { BACKGROUND_QUIT_DELAY_MS, closeKeepsWindow, quitsWithoutWindow, runningUploads, trayWanted } from './background-policy'
import { createNotifier } from './desktop-notifications'
import { linkUpdatedNotice, readersNotice, type Notice } from './desktop-wording'
import { accountNoticeName, NoticePlanner } from './notice-planner'
import type { OpenedPathsInbox } from './opened-paths'
import { QueueMirror } from './queue-mirror'
import { TaskbarIndicator } from './taskbar'
import { throttle } from '../core/throttle'
import { whenLoaded } from './window-reveal'

/** Taskbar and tray updates at most this often (progress comes up to 10/s per job). */
export const DESKTOP_REFRESH_MS = 250

export interface DesktopDeps {
  platform: NodeJS.Platform
  /** The main window, when open. */
  window(): BrowserWindow | undefined
  /** Shows the main window, opening it when closed. */
  reveal(): BrowserWindow
  /** The core, once started. */
  core(): Core | undefined
  trayIconPath: string
  /** PDFs opened with FlipDrop from the OS, waiting for the queue. */
  opened: OpenedPathsInbox
  copyText(text: string): void
  quit(): void
  log(message: string, error?: unknown): void
}

/** The desktop around the window: taskbar progress, badge, notifications, tray, background life. */
export interface Desktop {
  /** Hears every contract event main sends (tapped from the core's sink). */
  observe: EventSink
  /** The main window opened or closed. */
  windowsChanged(): void
  /**
   * The user closes the window: true when it should be kept (minimized) instead, because
   * uploads run and no tray icon could be seen; otherwise its taskbar bar is cleared.
   */
  windowClosing(state: { quitting: boolean; trayVisible: boolean }): boolean
  /** Whether closing the last window keeps FlipDrop running (uploads left). */
  keepsRunningWithoutWindow(): boolean
  /** Uploads that quitting now would stop. */
  runningUploads(): number
  /** Main speaks another language: the tray's words are set again. */
  relabel(): void
  /** The app quits: tray away, timers stopped. */
  dispose(): void
}

/** Narrows an event to one channel: channel objects are unique, so the payload is that channel's. */
export function isEvent<P>(target: EventChannel<P>, event: { spec: EventChannel<unknown>; payload: unknown }): event is { spec: EventChannel<P>; payload: P } {
  return event.spec === target
}

/**
 * Wires the queue's events to the desktop. Decisions live in Electron-free modules
 * (QueueMirror, taskbarProgress, NoticePlanner, background-policy); this only connects them.
 */
export function startDesktop(deps: DesktopDeps): Desktop {
  const mirror = new QueueMirror()
  /** Set once the window closed with uploads left: finishing them then may quit the app. */
  let inBackground = false
  let quitTimer: ReturnType<typeof setTimeout> | null = null

  const taskbar = new TaskbarIndicator(deps.platform, deps.window)
  const tray = new BackgroundTray(deps.trayIconPath, deps.platform, {
    show: () => void deps.reveal(),
    pauseAll: () => void deps.core()?.uploads.pause().catch((error: unknown) => deps.log('Could not pause the uploads', error)), // words-exempt: a log line, for engineers
    resumeAll: () => void deps.core()?.uploads.resume().catch((error: unknown) => deps.log('Could not resume the uploads', error)), // words-exempt: a log line, for engineers
    quit: () => deps.quit()
  })

  const openJob = (jobId: string | null): void => {
    const window = deps.reveal()
    if (jobId === null) return
    whenLoaded(window.webContents, () => {
      sendEvent(window.webContents, contract.app.navigate, 'publish')
      sendEvent(window.webContents, contract.app.showJob, { jobId })
    })
  }
  const notify = createNotifier(deps.platform, { open: openJob, copy: deps.copyText })
  /** Shows a notice unless notifications are off or the window is in front (it already says so). */
  function tell(notice: Notice): void {
    const core = deps.core()
    if (!core) return
    // Read at the moment of telling: the user may have switched them off a second ago.
    void Promise.resolve(core.settings.get())
      .then((settings) => {
        // The window in front already shows it; a notification would only repeat it.
        const watching = deps.window()?.isFocused() === true
        if (settings.values.notifications && !watching) notify(notice)
      })
      .catch((error: unknown) => deps.log('Could not show a notification', error)) // words-exempt: a log line, for engineers
  }
  /** How notices and the tray name an account: only when several are signed in. */
  const accountName = (accountId: string | null): string | null => {
    const core = deps.core()
    return core ? accountNoticeName(core.auth.status().accounts, accountId) : null
  }
  const planner = new NoticePlanner({
    show: tell,
    accountOf: (jobId) => accountName(deps.core()?.uploads.jobAccount(jobId) ?? null),
    setTimer: (callback, ms) => {
      const timer = setTimeout(callback, ms)
      return () => clearTimeout(timer)
    }
  })

  function cancelBackgroundQuit(): void {
    if (quitTimer) clearTimeout(quitTimer)
    quitTimer = null
  }

  function paint(): void {
    const summary = mirror.summary()
    taskbar.show(summary)
    const hasWindow = deps.window() !== undefined
    const names = mirror.activeAccounts().flatMap((accountId) => accountName(accountId) ?? [])
    tray.update(trayWanted(hasWindow, summary), summary, names)
    if (hasWindow) inBackground = false
    if (inBackground && !hasWindow && quitsWithoutWindow(deps.platform, summary)) {
      quitTimer ??= setTimeout(() => {
        quitTimer = null
        if (deps.window() === undefined && quitsWithoutWindow(deps.platform, mirror.summary())) deps.quit()
      }, BACKGROUND_QUIT_DELAY_MS)
    } else {
      cancelBackgroundQuit()
    }
  }
  /** Paints now; a failing OS call is logged, never thrown into the queue or a timer. */
  function refresh(): void {
    try {
      paint()
    } catch (error) {
      deps.log('Could not show the uploads on the desktop', error) // words-exempt: a log line, for engineers
    }
  }
  const refreshSoon = throttle(refresh, DESKTOP_REFRESH_MS)

  function observe(event: { spec: EventChannel<unknown>; payload: unknown }): void {
    if (isEvent(contract.app.startupChanged, event)) {
      const core = deps.core()
      if (event.payload.phase !== 'ready' || !core) return
      mirror.seed(core.uploads.list())
      refresh()
      deps.opened.attach((paths) => {
        void core.uploads.enqueueOpened(paths).catch((error: unknown) => deps.log('Could not queue the opened files', error)) // words-exempt: a log line, for engineers
      })
    } else if (isEvent(contract.uploads.changed, event)) {
      planner.take(mirror.applyChange(event.payload))
      refreshSoon.request()
    } else if (isEvent(contract.auth.changed, event)) {
      refreshSoon.request()
    } else if (isEvent(contract.links.updated, event)) {
      tell(linkUpdatedNotice(event.payload))
    } else if (isEvent(contract.readers.news, event)) {
      // The core sends it only when asked for in Settings, once a day, and never during a batch.
      const notice = readersNotice(event.payload, accountName(event.payload.accountId))
      if (notice && mirror.summary().active === 0) tell(notice)
    } else if (isEvent(contract.uploads.progress, event)) {
      mirror.applyProgress(event.payload)
      refreshSoon.request()
    }
  }

  return {
    observe(spec, payload) {
      // The desktop hears the core's events on their way to the window: whatever goes
      // wrong here must not reach the queue that sent them.
      try {
        observe({ spec, payload })
      } catch (error) {
        deps.log('The desktop could not follow the queue', error) // words-exempt: a log line, for engineers
      }
    },
    windowsChanged() {
      if (deps.window() === undefined && mirror.summary().active > 0) inBackground = true
      refresh()
    },
    windowClosing(state) {
      if (closeKeepsWindow({ ...state, summary: mirror.summary() })) return true
      try {
        taskbar.clear()
      } catch (error) {
        deps.log('Could not clear the taskbar progress', error) // words-exempt: a log line, for engineers
      }
      return false
    },
    keepsRunningWithoutWindow: () => !quitsWithoutWindow(deps.platform, mirror.summary()),
    runningUploads: () => runningUploads(mirror.summary()),
    relabel() {
      tray.relabel()
      refresh()
    },
    dispose() {
      refreshSoon.cancel()
      cancelBackgroundQuit()
      planner.dispose()
      tray.destroy()
    }
  }
}
