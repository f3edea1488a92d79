import { utimes } from 'node:fs/promises'
import { createExclusively, readLockFile } from './lock-file'

/** How often a holder touches its lock: well inside DEFAULT_STALE_AFTER_MS. */
export const DEFAULT_HEARTBEAT_MS = 2_000

/** A running heartbeat. */
export interface Heartbeat {
  /** Stops beating; waits for a beat under way, so nothing touches the file afterwards. */
  stop(): Promise<void>
}

export interface HeartbeatOptions {
  path: string
  /** The key (token) of our lock: only that file is ours to touch. */
  key: string
  /** Our lock's text, to put back if someone deleted the file while we hold the folder. */
  text: string
  everyMs: number
  /** Told once when the file is someone else's now: this process is no longer the one writer. */
  onLost: (message: string) => void
}

/**
 * Keeps the lock's mtime fresh, so a holder that is alive but not answering on its socket
 * (starting, or its hand-off server failed) is not taken for dead, while a dead one goes stale
 * after a bounded time whatever its pid now points at (see lock-liveness.ts).
 */
export function startHeartbeat(options: HeartbeatOptions): Heartbeat {
  let stopped = false
  let beating: Promise<void> = Promise.resolve()

  async function beat(): Promise<void> {
    const now = await readLockFile(options.path)
    if (stopped) return
    if (now.kind === 'held' && now.key === options.key) {
      const at = new Date()
      await utimes(options.path, at, at)
      return
    }
    // Deleted by hand while we still run ("delete the lock file"): put it back if nobody took it.
    if (now.kind === 'absent' && (await createExclusively(options.path, options.text))) return
    stopped = true
    clearInterval(timer)
    const who = now.kind === 'held' ? `process ${now.pid}${now.host ? ` on “${now.host}”` : ''} holds it now` : 'it was replaced'
    options.onLost(`This FlipDrop no longer holds its data folder's lock (${options.path}): ${who}. Quit FlipDrop and start it again.`)
  }

  const timer = setInterval(() => {
    // A failed beat (a network folder gone for a moment) is tried again at the next one.
    beating = beating.then(beat).catch(() => undefined)
  }, options.everyMs)
  // The lock never keeps a process alive by itself.
  timer.unref()

  return {
    async stop() {
      stopped = true
      clearInterval(timer)
      await beating
    }
  }
}
