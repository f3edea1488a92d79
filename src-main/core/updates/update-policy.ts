import type { UpdatePhase } from '../../../src-shared/domain/updates'

/*
 * When FlipDrop checks for, offers and installs its own updates. Pure: the rules are
 * tested without Electron or a network.
 */

/** The first check waits for start-up to settle (the window, the queue) before using the network. */
export const FIRST_CHECK_DELAY_MS = 30_000
/** Then once a day while FlipDrop runs. */
export const CHECK_INTERVAL_MS = 24 * 60 * 60 * 1000

/** Whether a check may start now: not while one runs or a download is under way or done. */
export function mayCheck(phase: UpdatePhase): boolean {
  return phase === 'idle' || phase === 'up-to-date' || phase === 'failed'
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
