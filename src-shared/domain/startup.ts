import type { Said } from '../i18n/said'

/** Where the main process is in starting up; the window shows a status, the app, or the failure with Retry. */
export type StartupPhase = 'starting' | 'ready' | 'failed'

export interface StartupState {
  phase: StartupPhase
  /** Why starting failed, as a sentence for a designer (shown under "FlipDrop could not start"); null otherwise. */
  message: string | null
  /** The same reason for the window to say in its language, when the core wrote it from its catalog. */
  said?: Said
}
