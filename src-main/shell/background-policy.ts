import type { QueueSummary } from './queue-mirror'

/*
 * When FlipDrop stays running without a window, and when it quits. Electron-free.
 *
 * - Uploads left to run (even paused ones: the user may resume them from the tray) keep
 *   the app running when its window closes; the tray icon is there exactly while that is
 *   so, as the way back to the window, the progress and Quit.
 * - When that work is done with no window, Windows and Linux quit (after a short grace
 *   so the "published" notification can still be clicked); macOS keeps the app in the
 *   Dock, as Mac apps do, and only the menu-bar icon goes away.
 */

/** Grace between the last upload ending in the background and quitting (Windows, Linux). */
export const BACKGROUND_QUIT_DELAY_MS = 10_000

/** Work that keeps FlipDrop alive without a window. */
export function hasWork(summary: QueueSummary | undefined): boolean {
  return (summary?.active ?? 0) > 0
}

/** Whether the menu-bar/tray icon is shown. */
export function trayWanted(hasWindow: boolean, summary: QueueSummary | undefined): boolean {
  return !hasWindow && hasWork(summary)
}

/** Whether closing the last window (or finishing the work without one) quits the app. */
export function quitsWithoutWindow(platform: NodeJS.Platform, summary: QueueSummary | undefined): boolean {
  return platform !== 'darwin' && !hasWork(summary)
}

/** Uploads that quitting now would stop; a paused queue stops nothing. */
export function runningUploads(summary: QueueSummary | undefined): number {
  return summary && !summary.queuePaused ? summary.active : 0
}

/**
 * Whether closing the window keeps it, minimized: uploads left to run where no tray icon can
 * be seen (stock GNOME), so FlipDrop never runs on without a way back to it. Quitting closes it.
 */
export function closeKeepsWindow(state: { quitting: boolean; summary: QueueSummary | undefined; trayVisible: boolean }): boolean {
  return !state.quitting && hasWork(state.summary) && !state.trayVisible
}
