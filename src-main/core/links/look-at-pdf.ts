import type { Stats } from 'node:fs'
import { stat } from 'node:fs/promises'
import { basename } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import type { ParseVerdict } from '../queue/intake/parse-messages'
import { sharedPdfParser } from '../queue/intake/parse-off-thread'
import { checkPdfFile } from '../queue/intake/pdf-bytes'
import { notPdfReason, parsedRefusal, type ContentRefusal } from '../queue/intake/pdf-refusals'
import { FileChangedError, hashFile } from '../queue/intake/hash-file'

/** What a watched file is right now, judged only once it has settled. */
export type FileLook =
  | { kind: 'missing' }
  /**
   * Still being written (`changing`), not a regular non-empty file, or settled and not a PDF
   * the service can publish (with the words for a person, and its size).
   */
  | { kind: 'not-ready'; reason: 'changing' | 'not-file' | ContentRefusal; message?: string; size?: number }
  | { kind: 'pdf'; sha256: string; size: number; pages: number }

/** How a look waits for a file to settle, and how it parses an unusual one. */
export interface LookOptions {
  /** A file counts as written once its size and modification time stayed the same this long. */
  stabilityMs: number
  /** Opens an unusual file with a real parser; default: this thread's shared pdf.js parser. */
  parse?: (path: string) => Promise<ParseVerdict>
}

/** Settling periods a look waits for a file that keeps changing before it gives up (the next change looks again). */
const MAX_SETTLE_ROUNDS = 20

const sameVersion = (a: Stats, b: Stats): boolean => a.size === b.size && a.mtimeMs === b.mtimeMs && a.ino === b.ino

/**
 * The file's stat once it has settled: not written for `stabilityMs` by its modification time,
 * and the same size and time across one more look. Null when it kept changing.
 */
async function settledStats(path: string, stabilityMs: number): Promise<Stats | null> {
  let before = await stat(path)
  for (let round = 0; round < MAX_SETTLE_ROUNDS; round++) {
    const quiet = Date.now() - before.mtimeMs
    // A time in the future (a network share's clock) proves nothing: wait a whole period then.
    if (quiet >= stabilityMs && quiet < 365 * 24 * 3600_000) return before
    await sleep(quiet >= 0 && quiet < stabilityMs ? stabilityMs - quiet : stabilityMs)
    const after = await stat(path)
    if (sameVersion(before, after)) return after
    before = after
  }
  return null
}

/**
 * Looks at a file the way the queue will, once it has settled (an export still writing
 * changes its size or time): a regular, non-empty file that a reader opens, by its structure
 * or, when that is unusual, by pdf.js; then its SHA-256. The hash is refused when the file
 * changed while it was read.
 */
export async function lookAtPdf(path: string, options: LookOptions): Promise<FileLook> {
  try {
    const stats = await settledStats(path, options.stabilityMs)
    if (!stats) return { kind: 'not-ready', reason: 'changing' }
    if (!stats.isFile() || stats.size === 0) return { kind: 'not-ready', reason: 'not-file' }
    const verdict = await checkPdfFile(path, stats.size)
    let pages: number
    if (verdict.kind === 'not-pdf') return { kind: 'not-ready', reason: 'not-pdf', message: notPdfReason(basename(path), verdict.looksLike), size: stats.size }
    if (verdict.kind === 'pdf') pages = verdict.pages
    else {
      const parsed = await (options.parse ?? ((file: string) => sharedPdfParser().parse(file)))(path)
      const refused = parsedRefusal(basename(path), parsed, verdict)
      if (refused) return { kind: 'not-ready', reason: refused.code, message: refused.reason, size: stats.size }
      pages = parsed.kind === 'pdf' ? parsed.pages : 0
    }
    const hashed = await hashFile(path)
    // Written again since it settled: judge the version hashed, on the next change.
    if (hashed.size !== stats.size || hashed.mtimeMs !== stats.mtimeMs) return { kind: 'not-ready', reason: 'changing' }
    return { kind: 'pdf', sha256: hashed.sha256, size: hashed.size, pages }
  } catch (error) {
    if (error instanceof FileChangedError) return { kind: 'not-ready', reason: 'changing' }
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' }
    throw error
  }
}
