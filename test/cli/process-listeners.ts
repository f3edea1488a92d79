/** Events a command could listen to on `process`; a process loses them on exit, this one would not. */
const WATCHED = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGPIPE', 'exit', 'beforeExit', 'uncaughtException', 'unhandledRejection', 'warning'] as const

const counts = (): number[] => WATCHED.map((name) => process.listenerCount(name))

/**
 * Watches the listeners on `process` across runs in this process: when the last run going ends,
 * there must be no more than when the first began (runs may overlap, so the check waits for all).
 */
export function watchProcessListeners(inFlight: () => string[] = () => []): { begin: () => () => void } {
  let going = 0
  let start: number[] = []
  return {
    begin() {
      if (going === 0) start = counts()
      going += 1
      return () => {
        going -= 1
        if (going > 0) return
        const grown = WATCHED.filter((_, index) => (counts()[index] ?? 0) > (start[index] ?? 0))
        if (grown.length === 0) return
        const writes = inFlight()
        throw new Error(`the command left listeners on process: ${grown.join(', ')}${writes.length > 0 ? `; writes still going: ${writes.join('; ')}` : ''}`)
      }
    }
  }
}
