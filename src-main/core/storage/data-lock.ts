import { randomUUID } from 'node:crypto'
import { mkdir, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { createExclusively, lockText, readLockFile, replaceFile } from './lock-file'

/*
 * One writer per data folder. `<dir>/flipdrop.lock` holds {pid, startedAt, info, token}.
 *
 * Acquiring: create the file exclusively (temp file + hard link, so it is never seen half
 * written). If it exists and its holder is alive, the folder is in use. If the holder is dead
 * (or the file is garbage) the lock is stale, and replacing it needs the *right* to replace
 * that exact content (its key, see lock-file.ts):
 *
 *   - the right to replace key K is held by whoever creates `flipdrop.lock.K.takeover`
 *     exclusively; only one process can, and it deletes the claim when done;
 *   - if that claim's own holder died mid-takeover, its right passes to whoever exclusively
 *     creates the claim for *the claim's* key, and so on down the chain;
 *   - holding the right, a process re-reads the lock and replaces it (rename) only if the key
 *     is still K.
 *
 * Why there cannot be two winners: the lock file only changes by (a) link-creation when
 * nothing is there, which one process wins, or (b) a rename by a holder of the right for the
 * current key. At any moment at most one live process holds the right for a key (exclusive
 * creation; a claim file is only deleted by its own live creator once done, and a dead
 * creator's claim is superseded, never removed). Between its re-read and its rename nothing
 * else can change the file: the dead holder cannot release it, nobody else has the right,
 * and link-creation fails because the file exists. Tokens are unique, so a file that was
 * replaced never shows the old key again: a process acting on an old reading finds the key
 * changed and starts over. Both suggested simpler schemes can yield two winners: "rename
 * onto the lock, re-read, check it is ours" lets the loser overwrite the winner after the
 * winner checked; "unlink + wx" lets the slower process unlink the winner's fresh lock.
 *
 * Known limit: a pid reused by an unrelated process makes a stale lock look alive (the
 * caller sees DataFolderInUseError naming that pid). Publishing a socket in `info` and
 * probing it would settle that later.
 */

/** The lock file's name inside the data folder. */
export const LOCK_FILE_NAME = 'flipdrop.lock'

/** Rounds of create / read / take over before giving up on a folder that keeps changing. */
const MAX_ROUNDS = 50
/** Waits for another process's takeover to finish (it takes milliseconds) before giving up. */
const MAX_BUSY_WAITS = 12
/** Claims of claims to follow: each step means a process died mid-takeover. */
const MAX_CLAIM_CHAIN = 16

/** Another live process (or another lock object in this one) holds the data folder. */
export class DataFolderInUseError extends Error {
  override readonly name = 'DataFolderInUseError'
  readonly pid: number

  constructor(pid: number, sameProcess = false) {
    super(
      sameProcess
        ? `This FlipDrop (process ${pid}) is already using this data folder.`
        : `Another FlipDrop (process ${pid}) is using this data folder. Close it, or wait for it to finish.`
    )
    this.pid = pid
  }
}

/** The held lock of a data folder. */
export interface DataLock {
  readonly path: string
  /** Removes the lock file if it is still this lock's; safe to call twice. */
  release(): Promise<void>
}

/** How to acquire; `pid` and `isAlive` are for tests. */
export interface AcquireDataLockOptions {
  pid?: number
  isAlive?: (pid: number) => boolean
  /** Published in the lock file for other processes (e.g. a socket path to reach the holder). */
  info?: Record<string, string>
}

/** Whether a process exists: signal 0 checks without sending. EPERM means it exists but is not ours. */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // Only ESRCH proves it is gone; anything else, assume alive rather than steal a live lock.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH'
  }
}

type Claim = { kind: 'held'; path: string } | { kind: 'busy'; pid: number }

/** Gets the right to replace the lock content with key `key` (see the header). */
async function claimRight(lockPath: string, key: string, claimText: string, isLive: (pid: number) => boolean): Promise<Claim> {
  let target = key
  for (let step = 0; step < MAX_CLAIM_CHAIN; step += 1) {
    const path = `${lockPath}.${target}.takeover`
    if (await createExclusively(path, claimText)) return { kind: 'held', path }
    const claimant = await readLockFile(path)
    // Gone: its creator finished. Claim it afresh; the key check will find the lock changed.
    if (claimant.kind === 'absent') continue
    if (claimant.kind === 'held' && isLive(claimant.pid)) return { kind: 'busy', pid: claimant.pid }
    target = claimant.key
  }
  throw new Error(`Could not take over ${lockPath}: too many abandoned takeovers. Delete the ${lockPath}.*.takeover files.`)
}

type TakeOver = { kind: 'taken' } | { kind: 'busy'; pid: number } | { kind: 'changed' }

async function takeOver(
  lockPath: string,
  staleKey: string,
  text: string,
  claimText: string,
  isLive: (pid: number) => boolean
): Promise<TakeOver> {
  const claim = await claimRight(lockPath, staleKey, claimText, isLive)
  if (claim.kind === 'busy') return claim
  try {
    const now = await readLockFile(lockPath)
    if (now.kind === 'absent' || now.key !== staleKey) return { kind: 'changed' }
    await replaceFile(lockPath, text)
    return { kind: 'taken' }
  } finally {
    await unlink(claim.path).catch(() => undefined)
  }
}

/**
 * Makes this process the one writer of `dir` (created if missing). Throws DataFolderInUseError
 * when a live process, or another lock in this process, holds it; takes over a stale lock.
 */
export async function acquireDataLock(dir: string, options: AcquireDataLockOptions = {}): Promise<DataLock> {
  const pid = options.pid ?? process.pid
  const isAlive = options.isAlive ?? isProcessAlive
  // Our own pid is a lock held by another object in this process: as good as alive.
  const isLive = (holder: number): boolean => holder === pid || isAlive(holder)
  await mkdir(dir, { recursive: true })
  const lockPath = join(dir, LOCK_FILE_NAME)
  const startedAt = new Date().toISOString()
  const token = randomUUID()
  const text = lockText({ pid, startedAt, info: { ...options.info }, token })
  const claimText = lockText({ pid, startedAt, info: {}, token: randomUUID() })

  let released = false
  const lock: DataLock = {
    path: lockPath,
    async release() {
      if (released) return
      released = true
      const now = await readLockFile(lockPath)
      // Nobody can replace a live holder's lock, so between this check and the unlink it stays ours.
      if (now.kind === 'held' && now.key === token) await unlink(lockPath)
    }
  }

  let busyPid: number | null = null
  let busyWaits = 0
  for (let round = 0; round < MAX_ROUNDS && busyWaits < MAX_BUSY_WAITS; round += 1) {
    if (await createExclusively(lockPath, text)) return lock
    const holder = await readLockFile(lockPath)
    if (holder.kind === 'absent') continue
    if (holder.kind === 'held' && isLive(holder.pid)) throw new DataFolderInUseError(holder.pid, holder.pid === pid)
    const result = await takeOver(lockPath, holder.key, text, claimText, isLive)
    if (result.kind === 'taken') return lock
    if (result.kind === 'busy') {
      // Someone else is taking over right now; once done, their lock will be live.
      busyPid = result.pid
      busyWaits += 1
      await sleep(Math.min(100, 10 * busyWaits))
    }
  }
  if (busyPid !== null) throw new DataFolderInUseError(busyPid, busyPid === pid)
  throw new Error(`Could not lock ${lockPath}: it kept changing`)
}

/** Who holds the lock of `dir`, if that process is alive; null when free or stale. */
export async function readDataLock(dir: string): Promise<{ pid: number; info: Record<string, string> } | null> {
  const holder = await readLockFile(join(dir, LOCK_FILE_NAME))
  if (holder.kind !== 'held') return null
  if (holder.pid !== process.pid && !isProcessAlive(holder.pid)) return null
  return { pid: holder.pid, info: holder.info }
}
