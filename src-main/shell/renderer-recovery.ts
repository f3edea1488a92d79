import type { BrowserWindow } from 'electron'
import { PAGE_GONE, pageGoneReason } from './desktop-wording'
import { loadFailurePage } from './load-failure-page'

/** A second crash this soon after a reload shows the failure page instead of reloading again. */
export const RELOAD_AGAIN_AFTER_MS = 60_000
/** How long a hung page gets to answer again before it is stopped (Chromium says "unresponsive" after ~5 s). */
export const HUNG_GRACE_MS = 10_000

/**
 * What to do when the page went away: reload once, but never loop, since a page that crashes
 * on load would crash again. Pure, so the rule is tested without Electron.
 */
export function recoveryStep(lastReloadAt: number | null, now: number): 'reload' | 'show-failure' {
  return lastReloadAt === null || now - lastReloadAt >= RELOAD_AGAIN_AFTER_MS ? 'reload' : 'show-failure'
}

export interface RecoveryDeps {
  /** The app's page, to reload and for "Try again". */
  url(): string
  log(message: string): void
  now?: () => number
}

/**
 * Keeps a crashed or hung window from staying dead: `render-process-gone` reloads the page
 * (once a minute at most), else shows the failure page with the reason and "Try again";
 * `unresponsive` waits a little for `responsive`, then stops the page, which then counts
 * as gone (Electron's docs: forcefullyCrashRenderer, then reload in a new process).
 */
export function recoverRenderer(window: BrowserWindow, deps: RecoveryDeps): void {
  const now = deps.now ?? Date.now
  const contents = window.webContents
  let lastReloadAt: number | null = null
  let hungTimer: ReturnType<typeof setTimeout> | null = null
  let stoppedAsHung = false

  const stopWaiting = (): void => {
    if (hungTimer) clearTimeout(hungTimer)
    hungTimer = null
  }

  contents.on('render-process-gone', (_event, details) => {
    stopWaiting()
    const reason = stoppedAsHung ? 'hung' : details.reason
    stoppedAsHung = false
    // clean-exit: the page was closed on purpose (the window is closing), nothing to recover.
    if (details.reason === 'clean-exit' || window.isDestroyed()) return
    const step = recoveryStep(lastReloadAt, now())
    deps.log(`The window's page is gone (${reason}, exit code ${details.exitCode}); ${step === 'reload' ? 'reloading it' : 'showing the failure page'}`) // words-exempt: a log line, for engineers
    if (step === 'reload') {
      lastReloadAt = now()
      void window.loadURL(deps.url())
      return
    }
    void window.loadURL(
      loadFailurePage(pageGoneReason(reason), deps.url(), { title: PAGE_GONE.title, advice: PAGE_GONE.advice, tryAgain: { label: PAGE_GONE.tryAgain, url: deps.url() } })
    )
    window.show()
  })
  contents.on('unresponsive', () => {
    if (hungTimer) return
    hungTimer = setTimeout(() => {
      hungTimer = null
      if (window.isDestroyed()) return
      stoppedAsHung = true
      contents.forcefullyCrashRenderer()
    }, HUNG_GRACE_MS)
  })
  contents.on('responsive', stopWaiting)
  window.on('closed', stopWaiting)
}
