import { createHash, randomUUID } from 'node:crypto'
import { link, open, rename, unlink, writeFile } from 'node:fs/promises'
import { basename } from 'node:path'
import { retryBusyRename } from './durable-file'

/** What a lock file (or a takeover claim) says: who holds it, on which machine, since when, and a unique token. */
export interface LockRecord {
  pid: number
  /** os.hostname() of the holder: a pid means nothing on another machine sharing the folder. */
  host: string
  startedAt: string
  info: Record<string, string>
  /** Unique per acquisition: tells this lock apart from any other, even one with the same pid. */
  token: string
}

/** A lock file read as a record. */
export interface HeldLock {
  kind: 'held'
  pid: number
  /** Null in a lock written before hosts were recorded: taken to be this machine's. */
  host: string | null
  info: Record<string, string>
  key: string
  /** The file's mtime: its holder's last heartbeat. */
  touchedAt: number
}

/**
 * What is at a lock path now. `key` names this exact file content: the record's token, or a
 * hash for a file that cannot be read as a record. A takeover checks the key did not change.
 */
export type LockFileState = { kind: 'absent' } | HeldLock | { kind: 'garbage'; key: string }

// Keys end up in file names (takeover claims), so a token from disk must be harmless there.
const SAFE_TOKEN = /^[A-Za-z0-9-]{16,64}$/

/** Lock files hold a pid and maybe a socket path: nobody else's business. */
const LOCK_FILE_MODE = 0o600

/** The text of a lock file. */
export function lockText(record: LockRecord): string {
  return `${JSON.stringify(record)}\n`
}

function contentKey(path: string, bytes: Buffer): string {
  // The path is hashed too, so identical garbage in two files (say, both empty) gets two keys.
  return `h${createHash('sha256').update(basename(path)).update(bytes).digest('hex').slice(0, 32)}`
}

function readInfo(value: unknown): Record<string, string> {
  const info: Record<string, string> = {}
  if (typeof value !== 'object' || value === null) return info
  for (const [name, text] of Object.entries(value)) if (typeof text === 'string') info[name] = text
  return info
}

/** The bytes and mtime of one file (one open, so both belong to the same file). */
async function readWithTime(path: string): Promise<{ bytes: Buffer; mtimeMs: number }> {
  const handle = await open(path, 'r')
  try {
    const [bytes, stats] = await Promise.all([handle.readFile(), handle.stat()])
    return { bytes, mtimeMs: stats.mtimeMs }
  } finally {
    await handle.close()
  }
}

/** Reads and classifies the file at `path`. A file that cannot be read at all is garbage. */
export async function readLockFile(path: string): Promise<LockFileState> {
  let bytes: Buffer
  let touchedAt: number
  try {
    ;({ bytes, mtimeMs: touchedAt } = await readWithTime(path))
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return { kind: 'absent' }
    return { kind: 'garbage', key: contentKey(path, Buffer.from(`unreadable:${code ?? ''}`)) }
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(bytes.toString('utf8'))
  } catch {
    return { kind: 'garbage', key: contentKey(path, bytes) }
  }
  if (typeof parsed !== 'object' || parsed === null) return { kind: 'garbage', key: contentKey(path, bytes) }
  const { pid, token, info, host } = parsed as Record<string, unknown>
  if (typeof pid !== 'number' || !Number.isSafeInteger(pid) || pid < 1) return { kind: 'garbage', key: contentKey(path, bytes) }
  const key = typeof token === 'string' && SAFE_TOKEN.test(token) ? token : contentKey(path, bytes)
  return { kind: 'held', pid, host: typeof host === 'string' && host !== '' ? host : null, info: readInfo(info), key, touchedAt }
}

function tempPathFor(path: string): string {
  return `${path}.${randomUUID()}.tmp`
}

/**
 * Creates `path` with `text` only if nothing is there, and never shows a half-written file:
 * the text goes to a temp file first, which is then hard-linked to `path` (link fails with
 * EEXIST instead of replacing). With plain `wx` a reader could catch the file still empty,
 * call it garbage and take it over. Returns false when `path` already exists.
 */
export async function createExclusively(path: string, text: string): Promise<boolean> {
  const temp = tempPathFor(path)
  await writeFile(temp, text, { flag: 'wx', mode: LOCK_FILE_MODE })
  try {
    await link(temp, path)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  } finally {
    await unlink(temp).catch(() => undefined)
  }
}

/** Puts `text` at `path` in one step (rename), whatever was there. */
export async function replaceFile(path: string, text: string): Promise<void> {
  const temp = tempPathFor(path)
  await writeFile(temp, text, { flag: 'wx', mode: LOCK_FILE_MODE })
  try {
    await retryBusyRename(() => rename(temp, path))
  } catch (error) {
    await unlink(temp).catch(() => undefined)
    throw error
  }
}
