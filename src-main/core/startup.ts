import { AppError } from '../../src-shared/contract/errors'
import type { StartupState } from '../../src-shared/domain/startup'
import type { Said } from '../../src-shared/i18n/said'
import { sentence } from './i18n/sentence'

/** What the window can say of a failure in its language: a deliberate error's catalog sentence, if it has one. */
function saidOf(error: unknown): Said | undefined {
  if (typeof error !== 'object' || error === null || !('said' in error)) return undefined
  const said = (error as { said: unknown }).said
  return typeof said === 'object' && said !== null && typeof (said as Said).key === 'string' ? (said as Said) : undefined
}

/**
 * Starting the core, once or again after a failure. The window opens at once and shows
 * this state, so it is never blank while settings and the keychain are read, and a
 * failure shows its reason with Retry instead of an empty window.
 */
export interface Startup<T = unknown> {
  state(): StartupState
  /** The started core; waits while starting, rejects with `not-started` when starting failed. */
  ready(): Promise<T>
  /** Starts again after a failure (no-op otherwise); resolves with the new state. */
  retry(): Promise<StartupState>
  /**
   * Starts again after the host closed the started core on purpose (an update that then did not
   * install); resolves with the new state, `failed` with its reason when it could not.
   */
  reopen(): Promise<StartupState>
  /** The core, once started; undefined before. */
  readonly current: T | undefined
}

/** Runs `start` now, and again on `retry()` after a failure; `onChange` hears every state. */
export function createStartup<T>(start: () => Promise<T>, onChange: (state: StartupState) => void): Startup<T> {
  let state: StartupState = { phase: 'starting', message: null }
  let current: T | undefined
  let running: Promise<T>

  const set = (next: StartupState): void => {
    state = next
    onChange(next)
  }

  function run(): Promise<T> {
    set({ phase: 'starting', message: null })
    running = start().then(
      (value) => {
        current = value
        set({ phase: 'ready', message: null })
        return value
      },
      (error: unknown) => {
        const reason = (error instanceof Error ? error.message : String(error)).trim() || 'an unknown error'
        // A failure the core wrote from its catalog is said in the window's language; any other stays as it came.
        const said = saidOf(error)
        set({ phase: 'failed', message: `${reason.charAt(0).toUpperCase()}${reason.slice(1)}`, ...(said ? { said } : {}) })
        // The reason is said in the window's language too when the core wrote it from its catalog.
        throw new AppError('not-started', sentence('coreApp.couldNotStart', { reason: said ? { text: reason, said } : reason }))
      }
    )
    // Callers that never ask for the core must not see an unhandled rejection.
    running.catch(() => {})
    return running
  }

  running = run()
  return {
    state: () => state,
    ready: () => running,
    async retry() {
      if (state.phase === 'failed') await run().catch(() => {})
      return state
    },
    async reopen() {
      current = undefined
      await run().catch(() => {})
      return state
    },
    get current() {
      return current
    }
  }
}
