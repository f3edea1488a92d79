import { dialog, type App, type BrowserWindow, type MessageBoxOptions } from 'electron'
import { quitQuestion } from './desktop-wording'

/** How long quitting waits for the core (the journal) before it quits anyway. */
export const CLOSE_TIMEOUT_MS = 5_000

export interface QuitGuardDeps {
  /** Uploads that quitting now would stop. */
  runningUploads(): number
  /** Asks whether to quit anyway; true to quit. */
  confirm(running: number): Promise<boolean>
  /** Closes the core (running jobs go back to the journal); resolves when it is written. */
  close(): Promise<void>
  /** Called once the quit is decided, before the core closes (tray, timers). */
  quitting(): void
  log(message: string, error?: unknown): void
  /** Tests shorten it. */
  closeTimeoutMs?: number
}

/** What the rest of main needs from the guard. */
export interface QuitGuard {
  /** True once quitting was decided: windows must then close, never be kept. */
  readonly quitting: boolean
  /**
   * Closes the core once (later calls share the first), waiting at most the time limit. The
   * updater calls it before installing, so the journal is closed before anything is replaced.
   */
  closeCore(): Promise<void>
  /**
   * Opens the core again with `open` after closeCore() (an update that did not install), so
   * that quitting later closes it again. Nothing is opened once quitting has begun.
   */
  reopenCore(open: () => Promise<void>): Promise<void>
}

/**
 * Every way to quit (menu Quit, Cmd+Q, the tray, the background quit) passes `before-quit`:
 * with uploads running it is held and the user asked; "Keep uploading" cancels it. Then
 * `will-quit` is held until the core has closed (the queue journal written) or 5 s have
 * passed, and the app exits: Electron would not wait for a promise by itself.
 */
export function guardQuit(app: App, deps: QuitGuardDeps): QuitGuard {
  let confirmed = false
  let asking = false
  let closing = false
  let closed: Promise<void> | undefined
  const timeoutMs = deps.closeTimeoutMs ?? CLOSE_TIMEOUT_MS
  const closeCore = (): Promise<void> => {
    closed ??= new Promise<void>((resolve) => {
      // A journal on a hung disk or network share must not keep FlipDrop from quitting:
      // what was written stays, and the next start replays it.
      const timer = setTimeout(() => {
        deps.log(`FlipDrop did not finish closing within ${timeoutMs / 1000} s; quitting anyway`) // words-exempt: a log line, for engineers
        resolve()
      }, timeoutMs)
      void deps
        .close()
        .catch((error: unknown) => deps.log('FlipDrop did not close cleanly', error)) // words-exempt: a log line, for engineers
        .finally(() => {
          clearTimeout(timer)
          resolve()
        })
    })
    return closed
  }
  app.on('before-quit', (event) => {
    if (confirmed) return
    // Closed for an update (the installer quits the app now): nothing runs any more to ask about.
    const running = closed ? 0 : deps.runningUploads()
    if (running === 0) {
      confirmed = true
      return
    }
    event.preventDefault()
    if (asking) return
    asking = true
    void deps
      .confirm(running)
      .catch((error: unknown) => {
        deps.log('Could not ask before quitting', error) // words-exempt: a log line, for engineers
        return false
      })
      .then((quit) => {
        asking = false
        if (!quit) return
        confirmed = true
        app.quit()
      })
  })
  app.on('will-quit', (event) => {
    event.preventDefault()
    if (closing) return
    closing = true
    confirmed = true
    deps.quitting()
    void closeCore().then(() => app.exit(0))
  })
  return {
    get quitting() {
      return confirmed
    },
    closeCore,
    async reopenCore(open) {
      if (closing) return
      // Before opening: a quit from here on closes whatever core the reopening brings.
      closed = undefined
      await open()
    }
  }
}

/**
 * The question itself: a sheet on the window when it is on screen (a sheet on a minimized
 * window would not be seen, and the quit would seem to hang), else a box of its own.
 * Button 0 quits.
 */
export async function askBeforeQuitting(running: number, parent: BrowserWindow | undefined): Promise<boolean> {
  const question = quitQuestion(running)
  const options: MessageBoxOptions = {
    type: 'question',
    message: question.message,
    detail: question.detail,
    buttons: question.buttons,
    // Enter and Escape both keep the uploads: quitting is the deliberate choice.
    defaultId: 1,
    cancelId: 1,
    noLink: true
  }
  const onScreen = parent && !parent.isDestroyed() && parent.isVisible() && !parent.isMinimized() ? parent : undefined
  const answer = onScreen ? await dialog.showMessageBox(onScreen, options) : await dialog.showMessageBox(options)
  return answer.response === 0
}
