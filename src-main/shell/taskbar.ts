import { app, type BrowserWindow } from 'electron'
import type { QueueSummary } from './queue-mirror'
import { badgeCount, NO_PROGRESS, taskbarProgress, type TaskbarProgress } from './taskbar-progress'

/**
 * Puts the queue on the taskbar button / Dock icon: `setProgressBar` on the main window
 * and, on macOS and Linux, the failed count as the app's badge. Calls Electron only when
 * the value changes (or the window is new). Windows has no badge count in Electron; its
 * taskbar button turns red instead (see taskbarProgress), and the tray tooltip has the count.
 */
export class TaskbarIndicator {
  private shownOn: BrowserWindow | undefined
  private shown: TaskbarProgress = NO_PROGRESS
  private badge = 0

  constructor(
    private readonly platform: NodeJS.Platform,
    private readonly window: () => BrowserWindow | undefined
  ) {}

  show(summary: QueueSummary): void {
    const progress = taskbarProgress(summary, this.platform)
    const window = this.window()
    const same = progress.value === this.shown.value && progress.mode === this.shown.mode
    if (window && !window.isDestroyed() && (window !== this.shownOn || !same)) {
      window.setProgressBar(progress.value, { mode: progress.mode })
      this.shownOn = window
      this.shown = progress
    }
    const badge = badgeCount(summary)
    if (this.platform !== 'win32' && badge !== this.badge) {
      // false where the desktop has no badge (a Linux launcher without LauncherEntry): nothing to do.
      app.setBadgeCount(badge)
      this.badge = badge
    }
  }

  /**
   * The window is closing: take its bar away while it still exists. Electron's progress lives
   * on a window (Dock tile or launcher entry included), so nothing could update or clear it
   * later and it would freeze. The badge is the app's own and stays true without a window.
   */
  clear(): void {
    const window = this.shownOn
    if (window && !window.isDestroyed() && this.shown.value >= 0) window.setProgressBar(NO_PROGRESS.value, { mode: NO_PROGRESS.mode })
    this.shownOn = undefined
    this.shown = NO_PROGRESS
  }
}
