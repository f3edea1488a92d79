import type { QueueSummary } from './queue-mirror'

/** Electron's progress modes; only Windows shows them, other systems read the value alone. */
export type ProgressMode = 'none' | 'normal' | 'indeterminate' | 'error' | 'paused'

/** One call of `BrowserWindow.setProgressBar(value, { mode })`. */
export interface TaskbarProgress {
  /** 0..1; -1 removes the bar. */
  value: number
  mode: ProgressMode
}

export const NO_PROGRESS: TaskbarProgress = { value: -1, mode: 'none' }

/** Three decimals: finer steps are invisible on a taskbar button and would only cost calls. */
function fraction(sent: number, total: number): number {
  if (total <= 0) return 0
  return Math.round(Math.min(1, Math.max(0, sent / total)) * 1000) / 1000
}

/**
 * The taskbar/dock bar for the whole queue: the bytes sent of the current batch (jobs
 * that finished in it count in full, so the bar never runs backwards when one ends).
 * Idle: no bar, except on Windows, where failed jobs left behind turn the button red
 * until they are retried or removed (macOS and Linux show the badge instead, and
 * would show a full bar for ever since they ignore the mode).
 */
export function taskbarProgress(summary: QueueSummary, platform: NodeJS.Platform): TaskbarProgress {
  const windows = platform === 'win32'
  if (summary.active === 0) return windows && summary.failed > 0 ? { value: 1, mode: 'error' } : NO_PROGRESS
  const value = fraction(summary.batch.sent, summary.batch.total)
  if (summary.queuePaused) return { value, mode: 'paused' }
  // Waiting for the network, a retry or the service's checks: something happens, but no bytes move.
  if (summary.sending === 0 || summary.batch.total === 0) return { value, mode: windows ? 'indeterminate' : 'normal' }
  return { value, mode: 'normal' }
}

/** The dock/launcher badge: failed jobs waiting for the user (0 hides it). */
export function badgeCount(summary: QueueSummary): number {
  return summary.failed
}
