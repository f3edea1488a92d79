import { open } from 'node:fs/promises'
import { dirname, isAbsolute, relative, resolve } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import writeFileAtomic from 'write-file-atomic'

/** What a durable write may be asked to do besides writing the bytes. */
export interface DurableWriteOptions {
  /** File permissions (e.g. 0o600 for user data); the default is write-file-atomic's. */
  mode?: number
}

/** The atomic write underneath: a temp file, fsync, rename. */
type AtomicWrite = (path: string, data: string | Buffer, options: DurableWriteOptions) => Promise<void>

/**
 * Test seam, and the only one: tests swap `writeAtomic` to make the rename fail the way a
 * Windows virus scanner or indexer makes it fail. Production code never touches it.
 */
export const durableFileSeam: { writeAtomic: AtomicWrite } = {
  writeAtomic: (path, data, options) => writeFileAtomic(path, data, options)
}

/**
 * On Windows, a scanner or the search indexer briefly holds files it just saw being written,
 * and the rename onto them fails with one of these. graceful-fs retries for the same reason.
 * On other systems these codes mean a real permission problem; retrying only delays it by ≤ 1 s.
 */
const BUSY_CODES = new Set(['EPERM', 'EACCES', 'EBUSY'])

/** Backoff between attempts; the sum (~1 s) is the longest a write waits for a busy file. */
const RETRY_DELAYS_MS = [10, 20, 40, 80, 150, 250, 450]

/**
 * fsync on a folder is refused by some file systems (some FUSE and network mounts). There is
 * nothing more a program can do there, and refusing to write at all would be worse.
 */
const UNSUPPORTED_DIR_SYNC = new Set(['EINVAL', 'ENOTSUP'])

function isBusyRename(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, syscall } = error as NodeJS.ErrnoException
  // Only the rename is retried: a failing open or write is not the scanner's doing.
  return syscall === 'rename' && code !== undefined && BUSY_CODES.has(code)
}

/**
 * Makes the entries of `dir` (a file created, renamed or deleted in it) survive a power cut.
 * On Windows a folder cannot be opened as a file; NTFS journals those changes itself, so this
 * does nothing there.
 */
export async function fsyncDirectory(dir: string): Promise<void> {
  if (process.platform === 'win32') return
  const handle = await open(dir, 'r')
  try {
    await handle.sync()
  } catch (error) {
    if (!UNSUPPORTED_DIR_SYNC.has((error as NodeJS.ErrnoException).code ?? '')) throw error
  } finally {
    await handle.close()
  }
}

/**
 * Runs `operation` (which ends in a rename), retrying with backoff for about a second while the
 * rename is refused as busy: on Windows a scanner or indexer briefly holds a file it just saw
 * being written. Any other failure is thrown at once.
 */
export async function retryBusyRename<T>(operation: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await operation()
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt]
      if (delay === undefined || !isBusyRename(error)) throw error
      await sleep(delay)
    }
  }
}

/** Durable writes of this process not finished yet, by path. */
const inFlight = new Set<{ path: string; done: Promise<void> }>()

const isUnder = (path: string, dir: string): boolean => {
  const inside = relative(resolve(dir), resolve(path))
  return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside)
}

/**
 * Replaces the file at `path` with `data` so that after a crash or power cut it holds either
 * the old or the new content, never a mix, and the new content once this resolves.
 * write-file-atomic writes a temp file, fsyncs it and renames it over `path`; the folder is
 * fsynced afterwards because a rename lives in the folder, which write-file-atomic leaves alone.
 * A rename refused as busy (Windows) is retried with backoff for about a second.
 */
export async function writeFileDurably(path: string, data: string | Buffer, options: DurableWriteOptions = {}): Promise<void> {
  const going = (async () => {
    // A fresh options copy each time: write-file-atomic fills in the mode it found on the old file.
    // It removes its temp file when the rename fails, so a retry starts clean.
    await retryBusyRename(() => durableFileSeam.writeAtomic(path, data, { ...options }))
    await fsyncDirectory(dirname(path))
  })()
  const write = { path, done: going.then(() => undefined, () => undefined) }
  inFlight.add(write)
  try {
    await going
  } finally {
    inFlight.delete(write)
  }
}

/**
 * Settles once no durable write into `dir` is going, including writes that start while the
 * ones seen first finish. A core awaits it before letting go of its data folder: a command's
 * process exits right after, and a write cut off there leaves its temp file and the old content.
 */
export async function durableWritesSettled(dir: string): Promise<void> {
  for (;;) {
    const going = [...inFlight].filter((write) => isUnder(write.path, dir))
    if (going.length === 0) return
    await Promise.all(going.map((write) => write.done))
  }
}
