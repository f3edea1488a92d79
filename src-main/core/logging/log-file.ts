import { closeSync, fstatSync, ftruncateSync, mkdirSync, openSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { LogSink } from '../log'
import { storageTrouble } from '../storage/storage-trouble'
import { redactText } from './redact'

/** The log file's size before it is rotated: the current file and one older one are kept. */
export const LOG_MAX_BYTES = 1024 * 1024

/** A rotation lock older than this was left by a process that died while rotating. */
const STALE_ROTATION_MS = 10_000

const CURRENT = 'flipdrop.log'
const OLD = 'flipdrop.old.log'
const ROTATING = 'flipdrop.log.rotating'

/** The folder "Show logs" opens: in the data folder, beside the queue and settings. */
export function logFolder(dataDir: string): string {
  return join(dataDir, 'logs')
}

/** The rotating log file of a data folder, shared by the app and the command. */
export interface LogFile {
  readonly path: string
  readonly folder: string
  /** Writes lines (already redacted by the logger) with the time, the level and who wrote them. Never throws. */
  readonly sink: LogSink
  /** The last `count` lines, the rotated file's too when needed, redacted again with `secrets`. */
  lastLines(count: number, secrets?: readonly string[]): Promise<string[]>
}

export interface LogFileOptions {
  /** Rotate at this size (tests make it small). */
  maxBytes?: number
  /** Told once per process and file, in a sentence, when the log cannot be written (the command prints it). */
  onTrouble?: (message: string) => void
}

/** Files whose trouble was already told in this process (the command opens its log twice). */
const troubleTold = new Set<string>()

const two = (n: number): string => String(n).padStart(2, '0')

function stamp(at: Date): string {
  const date = `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`
  return `${date} ${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}.${String(at.getMilliseconds()).padStart(3, '0')}`
}

/**
 * Appends one whole line or nothing: when the disk fills up halfway through, the half written is
 * cut off again, unless another process appended meanwhile (then its line is left alone).
 */
function appendLine(path: string, text: string): void {
  const data = Buffer.from(text, 'utf8')
  const fd = openSync(path, 'a', 0o600)
  try {
    const before = fstatSync(fd).size
    let written = 0
    try {
      while (written < data.length) written += writeSync(fd, data, written, data.length - written)
    } catch (error) {
      if (written > 0 && fstatSync(fd).size === before + written) ftruncateSync(fd, before)
      throw error
    }
  } finally {
    closeSync(fd)
  }
}

/**
 * Rotates a full log so that two processes (the app and the command) never rotate the same
 * file twice: a process that sees the file full takes the rotation lock (created exclusively)
 * and checks the size again under it, so one that saw the full file just before another
 * rotated it finds the fresh file and leaves it, instead of moving it over the old log.
 */
function rotateIfFull(folder: string, maxBytes: number): void {
  const path = join(folder, CURRENT)
  if (sizeOf(path) < maxBytes) return
  const lock = join(folder, ROTATING)
  let fd: number
  try {
    fd = openSync(lock, 'wx', 0o600)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    // Someone rotates now; one left by a process that died is cleared, and the next line rotates.
    if (Date.now() - mtimeOf(lock) > STALE_ROTATION_MS) unlinkQuietly(lock)
    return
  }
  try {
    if (sizeOf(path) >= maxBytes) renameSync(path, join(folder, OLD))
  } finally {
    closeSync(fd)
    unlinkQuietly(lock)
  }
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size
  } catch {
    return 0
  }
}

function mtimeOf(path: string): number {
  try {
    return statSync(path).mtimeMs
  } catch {
    return Date.now()
  }
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path)
  } catch {
    // Gone already (another process cleared it).
  }
}

function troubleMessage(error: unknown, path: string): string {
  const why = storageTrouble(error)
  const reason = why === 'full' ? 'the disk is full' : why === 'read-only' ? 'its folder is read-only' : 'its folder cannot be written'
  return `FlipDrop cannot write its log file (${path}): ${reason}. It goes on without it.`
}

/**
 * Opens the data folder's log: `flipdrop.log`, and `flipdrop.old.log` after rotation. Each line
 * is appended synchronously (so lines written just before a crash are on disk), whole or not at
 * all. Writing it never throws and never prints: a log that cannot be written (a full disk)
 * is told once through `onTrouble`, and lines are simply not kept meanwhile. Lines arrive
 * redacted; the file is readable by its owner only.
 */
export function openLogFile(dataDir: string, writer: 'app' | 'command', options: LogFileOptions = {}): LogFile {
  const folder = logFolder(dataDir)
  const path = join(folder, CURRENT)
  const maxBytes = options.maxBytes ?? LOG_MAX_BYTES
  let folderMade = false
  return {
    path,
    folder,
    sink: (level, line) => {
      try {
        if (!folderMade) {
          mkdirSync(folder, { recursive: true, mode: 0o700 })
          folderMade = true
        }
        rotateIfFull(folder, maxBytes)
        appendLine(path, `[${stamp(new Date())}] [${level}] ${writer}: ${line.replace(/\r?\n/g, ' ')}\n`)
      } catch (error) {
        if (troubleTold.has(path)) return
        troubleTold.add(path)
        options.onTrouble?.(troubleMessage(error, path))
      }
    },
    async lastLines(count, secrets = []) {
      const read = (name: string): Promise<string[]> =>
        readFile(join(folder, name), 'utf8').then(
          (text) => text.split(/\r?\n/).filter((line) => line !== ''),
          () => []
        )
      let lines = await read(CURRENT)
      if (lines.length < count) lines = [...(await read(OLD)), ...lines]
      return lines.slice(-count).map((line) => redactText(line, secrets))
    }
  }
}
