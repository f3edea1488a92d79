/** A signal that stops when any of its sources does, and a way to let go of the sources. */
export interface LinkedSignal {
  signal: AbortSignal | undefined
  /** Removes it from its sources: call once the work it stops has ended. */
  unlink(): void
}

/**
 * One signal for one piece of work (a request, a download) that stops when any source stops.
 * Not AbortSignal.any: each call of it leaves a reference on every source, and a client's stop
 * signal lives as long as the key is held, so every request it ever made would stay (Node 20
 * never prunes them). Here the sources hold a listener only while the work runs.
 */
export function linkSignals(sources: readonly (AbortSignal | undefined)[]): LinkedSignal {
  const signals = sources.filter((signal): signal is AbortSignal => signal !== undefined)
  if (signals.length <= 1) return { signal: signals[0], unlink: () => {} }
  const controller = new AbortController()
  const stopped = signals.find((signal) => signal.aborted)
  if (stopped) {
    controller.abort(stopped.reason)
    return { signal: controller.signal, unlink: () => {} }
  }
  const unlink = (): void => {
    for (const signal of signals) signal.removeEventListener('abort', onAbort)
  }
  function onAbort(this: AbortSignal): void {
    controller.abort(this.reason)
    unlink()
  }
  for (const signal of signals) signal.addEventListener('abort', onAbort, { once: true })
  return { signal: controller.signal, unlink }
}
