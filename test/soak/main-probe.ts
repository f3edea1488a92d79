import { readdirSync } from 'node:fs'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

/** What the soak counts in its own process, the one the core runs in (main). */
export interface MainCounts {
  heapMiB: number
  rssMiB: number
  /** process.getActiveResourcesInfo(), by kind (Timeout, TCPSocketWrap, FSReqCallback…). */
  resources: Record<string, number>
  /** Listeners on `process` (exit, signals, warnings…), summed over every event. */
  processListeners: number
  /** Open file descriptors (/proc/self/fd), where the OS lists them; null elsewhere. */
  fds: number | null
}

const MIB = 1024 * 1024

/** V8's gc() in a process started without --expose-gc (a vitest worker). */
function exposedGc(): () => void {
  setFlagsFromString('--expose-gc')
  return runInNewContext('gc') as () => void
}

/** Collects garbage until the heap stops shrinking (weak references and finalizers need more than one pass). */
export async function collectGarbage(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc ?? exposedGc()
  let last = Number.POSITIVE_INFINITY
  for (let pass = 0; pass < 6; pass++) {
    gc()
    await new Promise((resolve) => setImmediate(resolve))
    const used = process.memoryUsage().heapUsed
    if (used >= last * 0.999) break
    last = used
  }
}

export function countResources(): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const kind of process.getActiveResourcesInfo()) counts[kind] = (counts[kind] ?? 0) + 1
  return counts
}

function openFds(): number | null {
  try {
    // The listing opens one descriptor of its own, the same one at every count.
    return readdirSync('/proc/self/fd').length
  } catch {
    return null
  }
}

/** File requests under way (a write, a close): work in flight, not something held open. */
const IN_FLIGHT = /^(FSReqCallback|FSReqPromise|CloseReq|FileHandleCloseReq)$/

/** Counts main after garbage collection, once no file request is in flight (up to a second). */
export async function countMain(): Promise<MainCounts> {
  for (let wait = 0; wait < 20 && process.getActiveResourcesInfo().some((kind) => IN_FLIGHT.test(kind)); wait++) {
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  await collectGarbage()
  const memory = process.memoryUsage()
  return {
    heapMiB: memory.heapUsed / MIB,
    rssMiB: memory.rss / MIB,
    resources: countResources(),
    processListeners: process.eventNames().reduce((sum, name) => sum + process.listenerCount(name), 0),
    fds: openFds()
  }
}
