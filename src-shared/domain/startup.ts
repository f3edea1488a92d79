/** Where the main process is in starting up; the window shows a status, the app, or the failure with Retry. */
export type StartupPhase = 'starting' | 'ready' | 'failed'

export interface StartupState {
  phase: StartupPhase
  /** Why starting failed, written for a designer; null otherwise. */
  message: string | null
}
