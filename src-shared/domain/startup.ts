/** Where the main process is in starting up; the window shows a status, the app, or the failure with Retry. */
export type StartupPhase = 'starting' | 'ready' | 'failed'

export interface StartupState {
  phase: StartupPhase
  /** Why starting failed, as a sentence for a designer (shown under "FlipDrop could not start"); null otherwise. */
  message: string | null
}
