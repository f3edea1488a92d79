import { basename, dirname } from 'node:path'
import { watch, type FSWatcher } from 'chokidar'
import { isTemporaryFileName } from '../../../src-shared/domain/links'
import type { Logger } from '../log'

/** One folder to watch, and which of its files matter. */
export interface WatchTarget {
  dir: string
  /** Watch by polling: the OS could not watch this folder (a network mount, no more watches). */
  polling: boolean
  /** Every file of the folder (a hot folder), else only these names (linked files). */
  names: 'all' | ReadonlySet<string>
}

export interface FolderWatcherOptions {
  /** How long a file's size must stay the same before it counts as written (chokidar's awaitWriteFinish). */
  stabilityMs: number
  /** Polling period, for awaitWriteFinish and for polled folders. */
  pollIntervalMs: number
  /** A file appeared or changed and settled ('present'), or went away ('gone'). */
  onFile(path: string, change: 'present' | 'gone'): void
  /** The folder is watched and its files can be looked at again (changes during set-up are caught so). */
  onReady(dir: string): void
  /** fs.watch failed for the folder: it is watched by polling from now on. */
  onPolling(dir: string): void
  log: Logger
}

export interface FolderWatcher {
  /** Watches exactly these folders (others are closed); settles once every new watcher is ready. */
  set(targets: readonly WatchTarget[]): Promise<void>
  close(): Promise<void>
}

interface Running {
  signature: string
  watcher: FSWatcher
  ready: Promise<void>
}

function signatureOf(target: WatchTarget): string {
  const names = target.names === 'all' ? '*' : [...target.names].sort().join('\u0000')
  return `${target.polling ? 'poll' : 'os'}|${names}`
}

/**
 * Watches folders, never single files: a save that writes a temporary file and renames it
 * over the old one gives the path a new inode, which a watch on the file would lose. Events
 * are filtered to the names that matter; temporary and hidden files never count.
 */
export function createFolderWatcher(options: FolderWatcherOptions): FolderWatcher {
  const running = new Map<string, Running>()
  let closed = false

  function start(target: WatchTarget): Running {
    const { dir, names } = target
    const wanted = (path: string): boolean => {
      if (path === dir) return true
      if (dirname(path) !== dir) return false
      const name = basename(path)
      return !isTemporaryFileName(name) && (names === 'all' || names.has(name))
    }
    const watcher = watch(dir, {
      depth: 0,
      ignoreInitial: true,
      ignored: (path) => !wanted(path),
      usePolling: target.polling,
      interval: options.pollIntervalMs,
      binaryInterval: options.pollIntervalMs,
      awaitWriteFinish: { stabilityThreshold: options.stabilityMs, pollInterval: Math.max(10, Math.floor(options.stabilityMs / 3)) }
    })
    watcher.on('add', (path) => options.onFile(path, 'present'))
    watcher.on('change', (path) => options.onFile(path, 'present'))
    watcher.on('unlink', (path) => options.onFile(path, 'gone'))
    watcher.on('error', (error) => {
      if (target.polling || closed) return options.log.warn(`Watching ${dir} failed`, error)
      // fs.watch refused (a network folder, or the OS ran out of watches): poll it instead.
      options.log.warn(`Watching ${dir} failed; polling it instead`, error)
      options.onPolling(dir)
    })
    const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve())).then(() => {
      if (!closed) options.onReady(dir)
    })
    return { signature: signatureOf(target), watcher, ready }
  }

  return {
    async set(targets) {
      if (closed) return
      const keep = new Set(targets.map((target) => target.dir))
      const stopping: Promise<void>[] = []
      for (const [dir, entry] of running) {
        if (!keep.has(dir)) {
          running.delete(dir)
          stopping.push(entry.watcher.close())
        }
      }
      const starting: Promise<void>[] = []
      for (const target of targets) {
        const current = running.get(target.dir)
        if (current?.signature === signatureOf(target)) continue
        // The names changed: a watcher set up without a name may not follow it, so start afresh.
        if (current) stopping.push(current.watcher.close())
        const next = start(target)
        running.set(target.dir, next)
        starting.push(next.ready)
      }
      await Promise.all([...stopping, ...starting])
    },
    async close() {
      closed = true
      const all = [...running.values()]
      running.clear()
      await Promise.all(all.map((entry) => entry.watcher.close()))
    }
  }
}
