import type { InstallFailure, UpdatePhase } from '../../../src-shared/domain/updates'

/*
 * When FlipDrop checks for, offers and installs its own updates. Pure: the rules are
 * tested without Electron or a network.
 */

/** The first check waits for start-up to settle (the window, the queue) before using the network. */
export const FIRST_CHECK_DELAY_MS = 30_000
/** Then once a day while FlipDrop runs. */
export const CHECK_INTERVAL_MS = 24 * 60 * 60 * 1000

/**
 * Whether a check may start now: not while one runs, a download is under way or done, or an
 * install runs. A version to download by hand is checked again (a newer one may be out).
 */
export function mayCheck(phase: UpdatePhase): boolean {
  return phase === 'idle' || phase === 'up-to-date' || phase === 'failed' || phase === 'download-available'
}

/** Whether "Restart to update" is offered: a downloaded update, and no upload that restarting would stop. */
export function offersRestart(phase: UpdatePhase, runningUploads: number): boolean {
  return phase === 'ready' && runningUploads === 0
}

/**
 * What "Restart to update" does now. Installing waits for running uploads (the user is told),
 * and always comes after the queue's journal is closed (the caller's order).
 */
export function installStep(phase: UpdatePhase, runningUploads: number): 'install' | 'wait-for-uploads' | 'nothing-to-install' {
  if (phase !== 'ready') return 'nothing-to-install'
  return runningUploads === 0 ? 'install' : 'wait-for-uploads'
}

/**
 * How this copy gets a new version: it installs it itself, or it offers the release page.
 * On macOS electron-updater hands the download to Squirrel.Mac, which installs only into an app
 * signed with a real identity (the new app must meet the running one's designated requirement;
 * an ad-hoc signature has none to meet), so an unsigned build would download and then fail.
 */
export type InstallMode = 'itself' | 'download-page'

export function installModeOf(platform: NodeJS.Platform, signedWithIdentity: boolean): InstallMode {
  return platform === 'darwin' && !signedWithIdentity ? 'download-page' : 'itself'
}

/** pkexec's exit codes when the password was not given: 126 dialog dismissed, 127 not authorized or no agent. */
const NOT_AUTHORIZED = /\bpkexec exited with code 12[67]\b/
/** A file that could not be removed or written (the AppImage's folder, a read-only disk, a busy file). */
const CANNOT_WRITE = new Set(['EACCES', 'EPERM', 'EROFS', 'EBUSY', 'ETXTBSY', 'ERR_UPDATER_OLD_FILE_NOT_FOUND'])

/**
 * Why an install did not happen, from electron-updater's error: the deb installs through
 * pkexec (its LinuxUpdater: "Command pkexec exited with code 126" when the prompt is
 * cancelled); the AppImage replaces its own file (unlink and `mv`, which fail with the
 * folder's errno, or "Command failed: mv").
 */
export function installFailureOf(error: Error): InstallFailure {
  if (NOT_AUTHORIZED.test(error.message)) return 'password-not-given'
  const code = (error as Error & { code?: unknown }).code
  if ((typeof code === 'string' && CANNOT_WRITE.has(code)) || /^Command failed: mv\b/.test(error.message)) return 'cannot-replace'
  return 'other'
}
