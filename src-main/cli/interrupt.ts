/*
 * Ctrl+C and SIGTERM: the entry aborts one AbortController with a StopSignal; the signal reaches
 * every request through the context, and the exit code says which signal stopped the command.
 */

/** Exit codes for a command stopped by a signal: 128 + the signal's number, as shells report it. */
export const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143, SIGPIPE: 141 } as const

export type StopSignalName = 'SIGINT' | 'SIGTERM'

/** The abort reason the entry gives: which signal asked the command to stop. */
export class StopSignal extends Error {
  constructor(readonly signal: StopSignalName) {
    super(signal === 'SIGINT' ? 'Stopped by Ctrl+C.' : 'Stopped by SIGTERM.')
    this.name = 'StopSignal'
  }
}

/** Which signal stopped the run, if one did. */
export function stoppedBy(signal: AbortSignal): StopSignalName | null {
  if (!signal.aborted) return null
  return signal.reason instanceof StopSignal ? signal.reason.signal : 'SIGINT'
}

/** Resolves when the signal aborts (at once if it has). */
export function whenAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve()
    else signal.addEventListener('abort', () => resolve(), { once: true })
  })
}
