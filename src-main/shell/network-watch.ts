import { net, powerMonitor } from 'electron'

/** How often Electron's online state is read: it has no event in main, and reading it is cheap. */
const POLL_MS = 2_000

/**
 * Tells the core when the OS network goes away or comes back (`net.isOnline()`), and
 * after the computer wakes from sleep (when the network usually returns), so uploads
 * resume at once instead of at the next probe. Returns the stop function.
 */
export function watchNetwork(onChange: (online: boolean) => void): () => void {
  let last = net.isOnline()
  const check = (): void => {
    const now = net.isOnline()
    if (now !== last) {
      last = now
      onChange(now)
    }
  }
  const timer = setInterval(check, POLL_MS)
  const resumed = (): void => {
    last = net.isOnline()
    onChange(last)
  }
  powerMonitor.on('resume', resumed)
  return () => {
    clearInterval(timer)
    powerMonitor.off('resume', resumed)
  }
}
