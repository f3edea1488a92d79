import { randomUUID } from 'node:crypto'
import { mkdir, unlink } from 'node:fs/promises'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { pingHolder } from '../handoff/holder-ping'
import { DataFolderHeldElsewhereError, DataFolderInUseError } from './lock-errors'
import { startHeartbeat, DEFAULT_HEARTBEAT_MS } from './lock-heartbeat'
import { createExclusively, lockText, readLockFile, replaceFile } from './lock-file'
import { DEFAULT_STALE_AFTER_MS, heldTokens, isClaimLive, isProcessAlive, judgeHolder, type HolderProbe, type LivenessRules } from './lock-liveness'

export { DataFolderHeldElsewhereError, DataFolderInUseError } from './lock-errors'
export { isProcessAlive } from './lock-liveness'

/*
 * One writer per data folder. `<dir>/flipdrop.lock` holds {pid, host, startedAt, info, token}.
 *
 * Acquiring: create the file exclusively (temp file + hard link, so it is never seen half
 * written). If it exists, its holder is judged (lock-liveness.ts has the rules and their
 * order): asked first, on the socket its lock names, with its token; then by pid and by the
 * heartbeat (the holder touches the file's mtime every 2 s, lock-heartbeat.ts). A live holder
 * means the folder is in use. A lock written on another machine (a shared or synced folder)
 * is never taken over: a pid means nothing across machines, so a person releases it. Only a
 * lock judged stale (or a file that is garbage) is replaced, and that needs the *right* to
 * replace that exact content (its key, see lock-file.ts):
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
 * What the liveness rules add, and where they can be wrong:
 *   - a claim's creator is judged by pid only (claims live for milliseconds and have no
 *     socket); a claim with our own pid that this process did not make is dead; a claim made
 *     on another machine counts as live (the acquirer gives up with DataFolderInUseError);
 *   - a lock with our own pid that this process does not hold is stale when nobody answers on
 *     its socket (a container restarted as PID 1): the token registry, not the pid, says
 *     what this process holds;
 *   - a holder whose pid exists but who neither answers nor beats for DEFAULT_STALE_AFTER_MS
 *     is stale (its pid was reused). A *stopped* holder (SIGSTOP, a debugger) whose hand-off
 *     server failed fits that too; should it resume, its heartbeat finds the lock replaced and
 *     reports it (onLost). A stopped holder whose server runs is safe: the kernel still
 *     accepts connections on its socket, and a listener that does not answer counts as live;
 *   - a holder in another pid namespace on the same host name (containers sharing a volume
 *     and a host name) is only known alive through its socket: while it starts, or if its
 *     server failed, its pid looks dead from here. Containers get their own host names by
 *     default, which rule 2 covers.
 */

/** The lock file's name inside the data folder. */
export const LOCK_FILE_NAME = 'flipdrop.lock'

/** Rounds of create / read / take over before giving up on a folder that keeps changing. */
const MAX_ROUNDS = 50
/** Waits for another process's takeover to finish (it takes milliseconds) before giving up. */
const MAX_BUSY_WAITS = 12
/** Claims of claims to follow: each step means a process died mid-takeover. */
const MAX_CLAIM_CHAIN = 16

/** The held lock of a data folder. */
export interface DataLock {
  readonly path: string
  /** Stops the heartbeat and removes the lock file if it is still this lock's; safe to call twice. */
  release(): Promise<void>
}

/** How to acquire; `pid`, `host`, `isAlive`, `probe` and the timings are for tests. */
export interface AcquireDataLockOptions {
  pid?: number
  host?: string
  isAlive?: (pid: number) => boolean
  /** Asks a holder whether it is alive (default: a ping with the token on the socket its lock names). */
  probe?: HolderProbe
  /** Published in the lock file for other processes (e.g. a socket path to reach the holder). */
  info?: Record<string, string>
  heartbeatMs?: number
  staleAfterMs?: number
  /** Told when, while held, the lock file became someone else's. */
  onLost?: (message: string) => void
}

function rulesOf(options: AcquireDataLockOptions): LivenessRules {
  return {
    pid: options.pid ?? process.pid,
    host: options.host ?? hostname(),
    isAlive: options.isAlive ?? isProcessAlive,
    probe: options.probe ?? pingHolder,
    staleAfterMs: options.staleAfterMs ?? DEFAULT_STALE_AFTER_MS
  }
}

type Claim = { kind: 'held'; path: string } | { kind: 'busy'; pid: number }

/** Gets the right to replace the lock content with key `key` (see the header). */
async function claimRight(lockPath: string, key: string, claimText: string, rules: LivenessRules): Promise<Claim> {
  let target = key
  for (let step = 0; step < MAX_CLAIM_CHAIN; step += 1) {
    const path = `${lockPath}.${target}.takeover`
    if (await createExclusively(path, claimText)) return { kind: 'held', path }
    const claimant = await readLockFile(path)
    // Gone: its creator finished. Claim it afresh; the key check will find the lock changed.
    if (claimant.kind === 'absent') continue
    if (claimant.kind === 'held' && isClaimLive(claimant, rules)) return { kind: 'busy', pid: claimant.pid }
    target = claimant.key
  }
  throw new Error(`Could not take over ${lockPath}: too many abandoned takeovers. Delete the ${lockPath}.*.takeover files.`)
}

type TakeOver = { kind: 'taken' } | { kind: 'busy'; pid: number } | { kind: 'changed' }

async function takeOver(lockPath: string, staleKey: string, text: string, claimText: string, rules: LivenessRules): Promise<TakeOver> {
  const claim = await claimRight(lockPath, staleKey, claimText, rules)
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

/** The error for a holder judged live (or ours, or on another machine). */
function inUse(lockPath: string, pid: number, verdict: 'ours' | 'live' | { host: string }): DataFolderInUseError {
  if (typeof verdict === 'object') return new DataFolderHeldElsewhereError(pid, verdict.host, lockPath)
  return new DataFolderInUseError(pid, { sameProcess: verdict === 'ours' })
}

/**
 * Makes this process the one writer of `dir` (created if missing). Throws DataFolderInUseError
 * when a live process, another lock in this process, or FlipDrop on another machine holds it
 * (DataFolderHeldElsewhereError); takes over a stale lock. While held, the lock's heartbeat runs.
 */
export async function acquireDataLock(dir: string, options: AcquireDataLockOptions = {}): Promise<DataLock> {
  const rules = rulesOf(options)
  await mkdir(dir, { recursive: true })
  const lockPath = join(dir, LOCK_FILE_NAME)
  const startedAt = new Date().toISOString()
  const token = randomUUID()
  const claimToken = randomUUID()
  const text = lockText({ pid: rules.pid, host: rules.host, startedAt, info: { ...options.info }, token })
  const claimText = lockText({ pid: rules.pid, host: rules.host, startedAt, info: {}, token: claimToken })
  // Registered before the file exists: from the moment it can be read, this process knows it as its own.
  const tokens = heldTokens()
  tokens.add(token)
  tokens.add(claimToken)

  const held = (): DataLock => {
    tokens.delete(claimToken)
    const heartbeat = startHeartbeat({
      path: lockPath,
      key: token,
      text,
      everyMs: options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS,
      onLost: options.onLost ?? (() => {})
    })
    let released = false
    return {
      path: lockPath,
      async release() {
        if (released) return
        released = true
        await heartbeat.stop()
        const now = await readLockFile(lockPath)
        // Nobody can replace a live holder's lock, so between this check and the unlink it stays ours.
        if (now.kind === 'held' && now.key === token) await unlink(lockPath)
        tokens.delete(token)
      }
    }
  }

  try {
    let busyPid: number | null = null
    let busyWaits = 0
    for (let round = 0; round < MAX_ROUNDS && busyWaits < MAX_BUSY_WAITS; round += 1) {
      if (await createExclusively(lockPath, text)) return held()
      const holder = await readLockFile(lockPath)
      if (holder.kind === 'absent') continue
      if (holder.kind === 'held') {
        const verdict = await judgeHolder(holder, rules)
        if (verdict.kind === 'elsewhere') throw inUse(lockPath, holder.pid, { host: verdict.host })
        if (verdict.kind !== 'stale') throw inUse(lockPath, holder.pid, verdict.kind)
      }
      const result = await takeOver(lockPath, holder.key, text, claimText, rules)
      if (result.kind === 'taken') return held()
      if (result.kind === 'busy') {
        // Someone else is taking over right now; once done, their lock will be live.
        busyPid = result.pid
        busyWaits += 1
        await sleep(Math.min(100, 10 * busyWaits))
      }
    }
    if (busyPid !== null) throw inUse(lockPath, busyPid, busyPid === rules.pid ? 'ours' : 'live')
    throw new Error(`Could not lock ${lockPath}: it kept changing`)
  } catch (error) {
    tokens.delete(token)
    tokens.delete(claimToken)
    throw error
  }
}

/** Who holds the lock of `dir`: this process, a live one, or one on another machine; null when free or stale. */
export async function readDataLock(
  dir: string,
  options: Pick<AcquireDataLockOptions, 'probe' | 'staleAfterMs'> = {}
): Promise<{ pid: number; host: string | null; info: Record<string, string> } | null> {
  const holder = await readLockFile(join(dir, LOCK_FILE_NAME))
  if (holder.kind !== 'held') return null
  const verdict = await judgeHolder(holder, rulesOf(options))
  return verdict.kind === 'stale' ? null : { pid: holder.pid, host: holder.host, info: holder.info }
}
