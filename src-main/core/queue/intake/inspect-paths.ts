import type { Stats } from 'node:fs'
import { lstat, readdir, realpath, stat } from 'node:fs/promises'
import { basename, isAbsolute, sep } from 'node:path'
import type { Said, Sentence } from '../../../../src-shared/i18n/said'
import { sentence } from '../../i18n/sentence'
import type { ParseVerdict } from './parse-messages'
import { sharedPdfParser } from './parse-off-thread'
import { probePdf, type PdfProbe } from './pdf-bytes'
import { notPdfSentence, parsedRefusalSentence, type ContentRefusal } from './pdf-refusals'

/** A local PDF that may become an upload job. */
export interface AcceptedFile {
  /** Absolute, links resolved (realpath). */
  path: string
  /** Base name of the real file. */
  fileName: string
  size: number
  mtimeMs: number
  /** SHA-256 of the content, when the check already read the whole (small) file. */
  sha256?: string
  /** Pages, as a reader counts them. */
  pages: number
}

/** Why a path did not become an upload job. */
export type RefusalCode =
  | 'not-absolute'
  | 'not-found'
  | 'unreadable'
  | 'not-a-file'
  | 'empty'
  | ContentRefusal
  | 'link-loop'
  | 'too-many'

/** A path that was refused, with one sentence a designer can act on. */
export interface Refusal {
  /** As given, or as found inside a given folder. */
  path: string
  fileName: string
  code: RefusalCode
  /** Names the file by its base name only: full paths are noise (and private) in the UI. */
  reason: string
  /** The reason as the window says it in its language. */
  said?: Said
}

/** What {@link inspectPaths} found. */
export interface Intake {
  accepted: AcceptedFile[]
  refused: Refusal[]
}

/** Options of {@link inspectPaths}. */
export interface InspectOptions {
  /** Most files accepted in one go; the rest are refused one by one with `too-many`. */
  maxFiles?: number
  /**
   * Opens and judges one file; the worker thread passes a synchronous one (blocking is fine
   * there, and it is several times faster than a thread-pool round trip per call).
   */
  probe?: (path: string) => Promise<PdfProbe>
  /**
   * Opens a file the cheap check found unusual with a real parser (pdf.js, in its own worker
   * with a budget); default: this thread's shared parser.
   */
  parse?: (path: string) => Promise<ParseVerdict>
}

const DEFAULT_MAX_FILES = 10_000

/** Files open at once: enough to keep the disk busy, far below any open-file limit. */
const CONCURRENCY = 32

/** What operating systems leave in folders on their own; nobody means to upload these. */
const OS_LITTER = new Set(['.ds_store', 'thumbs.db', 'desktop.ini'])

/**
 * Name order as a person expects it ("page 2" before "page 10", case ignored); a collator is
 * the same comparison as `localeCompare` with these options, built once instead of per call.
 */
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })
const byName = (a: string, b: string) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0)

/** A file to open and judge: `given` is how it was reached, `real` its resolved path. */
interface FileCandidate {
  given: string
  real: string
}

type Candidate = { file: FileCandidate } | { refusal: Refusal }

type Outcome = { accepted: AcceptedFile; given: string; identity: string } | { refusal: Refusal }

/**
 * A folder's entry. Plain concatenation, not path.join: real paths are already normalized, a
 * given path keeps its own spelling, and join's normalizing cost showed on 10,000 entries.
 */
function childOf(folder: string, name: string): string {
  return folder.endsWith(sep) || folder.endsWith('/') ? folder + name : folder + sep + name
}

function nameOf(path: string): string {
  return basename(path) || path
}

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined
}

function refusal(path: string, code: RefusalCode, reason: (file: string) => Sentence): Refusal {
  const fileName = nameOf(path)
  const words = reason(fileName)
  return { path, fileName, code, reason: words.text, said: words.said }
}

/** What a non-regular file is, in a whole sentence. */
function specialKey(stats: Stats): string {
  if (stats.isFIFO()) return 'coreQueue.refusal.namedPipe'
  if (stats.isSocket()) return 'coreQueue.refusal.socket'
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'coreQueue.refusal.device'
  return 'coreQueue.refusal.special'
}

function notAFile(path: string, stats: Stats): Refusal {
  return refusal(path, 'not-a-file', (file) => sentence(specialKey(stats), { file }))
}

/** Maps a file system error to a refusal; unexpected errors still name the file and the cause. */
async function fromError(path: string, error: unknown): Promise<Refusal> {
  const code = errorCode(error)
  switch (code) {
    case 'ENOENT':
    case 'ENOTDIR': {
      // A link whose target is gone deserves its own words: the link itself is still there.
      const dangling = await lstat(path).then((s) => s.isSymbolicLink(), () => false)
      return dangling
        ? refusal(path, 'not-found', (file) => sentence('coreQueue.refusal.brokenLink', { file }))
        : refusal(path, 'not-found', (file) => sentence('coreQueue.refusal.notFound', { file }))
    }
    case 'ELOOP':
      return refusal(path, 'link-loop', (file) => sentence('coreQueue.refusal.linkLoop', { file }))
    case 'EACCES':
    case 'EPERM':
      return refusal(path, 'unreadable', (file) => sentence('coreQueue.refusal.permission', { file }))
    default:
      return refusal(path, 'unreadable', (file) => sentence('coreQueue.refusal.unreadableCode', { file, code: code ?? String(error) }))
  }
}

/**
 * Turns the given paths into an ordered list of files to judge, expanding folders in place.
 * Real paths of folders are tracked: one on the current chain again means a loop, one seen
 * elsewhere was already listed (its files would only be duplicates).
 */
class Walker {
  readonly candidates: Candidate[] = []
  private readonly listed = new Set<string>()

  /** A path given by the caller, or a link or unknown entry found in a folder. */
  async resolve(given: string, ancestors: ReadonlySet<string>): Promise<void> {
    let real: string
    let stats: Stats
    try {
      real = await realpath(given)
      stats = await stat(real)
    } catch (error) {
      this.candidates.push({ refusal: await fromError(given, error) })
      return
    }
    if (stats.isDirectory()) await this.folder(given, real, ancestors)
    else if (stats.isFile()) this.candidates.push({ file: { given, real } })
    else this.candidates.push({ refusal: notAFile(given, stats) })
  }

  private async folder(given: string, real: string, ancestors: ReadonlySet<string>): Promise<void> {
    if (ancestors.has(real)) {
      this.candidates.push({ refusal: refusal(given, 'link-loop', (file) => sentence('coreQueue.refusal.folderLoop', { file })) })
      return
    }
    if (this.listed.has(real)) return
    this.listed.add(real)
    let entries
    try {
      entries = await readdir(real, { withFileTypes: true })
    } catch (error) {
      this.candidates.push({ refusal: await fromError(given, error) })
      return
    }
    const inside = new Set(ancestors).add(real)
    entries.sort((a, b) => byName(a.name, b.name))
    for (const entry of entries) {
      if (OS_LITTER.has(entry.name.toLowerCase())) continue
      const entryGiven = childOf(given, entry.name)
      // Plain entries of a real folder are real paths already: no per-file realpath or stat.
      if (entry.isFile()) this.candidates.push({ file: { given: entryGiven, real: childOf(real, entry.name) } })
      else if (entry.isDirectory()) await this.folder(entryGiven, childOf(real, entry.name), inside)
      else await this.resolve(entryGiven, inside)
    }
  }
}

/** How one file is read and, when unusual, parsed. */
interface Judges {
  open: (path: string) => Promise<PdfProbe>
  parse: (path: string) => Promise<ParseVerdict>
}

/**
 * The pages of the file when it is a PDF a reader opens, else its refusal. The cheap check
 * decides ordinary files; the parser decides the rest (junk around the data, broken
 * cross-references, encryption, no header).
 */
async function pagesOf(given: string, real: string, verdict: NonNullable<PdfProbe['verdict']>, parse: Judges['parse']): Promise<number | Refusal> {
  if (verdict.kind === 'pdf') return verdict.pages
  if (verdict.kind === 'not-pdf') return refusal(given, 'not-pdf', (file) => notPdfSentence(file, verdict.looksLike))
  let parsed: ParseVerdict
  try {
    parsed = await parse(real)
  } catch (error) {
    // The file went away or became unreadable meanwhile; anything else is the parser's failure.
    if (errorCode(error) !== undefined) return fromError(given, error)
    parsed = { kind: 'over-budget', limit: 'time' }
  }
  const refused = parsedRefusalSentence(nameOf(given), parsed, verdict)
  if (refused) return refusal(given, refused.code, () => refused.reason)
  return parsed.kind === 'pdf' ? parsed.pages : 0
}

/** Opens one file and judges it by its stat and its structure. */
async function judge({ given, real }: FileCandidate, { open, parse }: Judges): Promise<Outcome> {
  let probe
  try {
    probe = await open(real)
  } catch (error) {
    return { refusal: await fromError(given, error) }
  }
  const { stats, verdict } = probe
  if (!stats.isFile()) return { refusal: notAFile(given, stats) }
  if (stats.size === 0 || !verdict) return { refusal: refusal(given, 'empty', (file) => sentence('coreQueue.refusal.empty', { file })) }
  // Ordinary files are decided already: no promise per file for the 10,000 of a big folder.
  const pages = verdict.kind === 'pdf' ? verdict.pages : await pagesOf(given, real, verdict, parse)
  if (typeof pages !== 'number') return { refusal: pages }
  const accepted: AcceptedFile = {
    path: real,
    fileName: basename(real),
    size: stats.size,
    mtimeMs: stats.mtimeMs,
    ...(probe.sha256 ? { sha256: probe.sha256 } : {}),
    pages
  }
  // Device and inode name a file however it was reached (links, hard links, letter case);
  // some file systems report no inode number, and then the real path has to do.
  const identity = stats.ino === 0 ? `path:${real}` : `inode:${stats.dev.toString()}:${stats.ino.toString()}`
  return { accepted, given, identity }
}

function tooMany(path: string, maxFiles: number): Refusal {
  const limit = maxFiles.toLocaleString('en-US')
  return refusal(path, 'too-many', (file) => sentence('coreQueue.refusal.tooMany', { file, limit }))
}

/** Runs `task` over `items` with at most `limit` running at once; results keep input order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length)
  const queue = items.entries() // shared: each worker takes the next unclaimed item
  const worker = async () => {
    for (const [index, item] of queue) results[index] = await task(item)
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

/**
 * Decides which local paths may become upload jobs. Every path must be absolute; links are
 * resolved; folders expand recursively, in name order, to the files inside them. A file is
 * accepted when it is a regular, non-empty file that a PDF reader opens without a password
 * and that has pages (by its structure, or by pdf.js where the structure is unusual); every other
 * path (also inside folders) gets a refusal with its reason, except OS litter (.DS_Store,
 * Thumbs.db, desktop.ini) in folders, which is skipped. The same file reached twice is
 * accepted once. Accepted files keep the order given (folders expanded in place); beyond
 * `maxFiles` (default 10,000) each further file is refused with `too-many`.
 */
export async function inspectPaths(paths: readonly string[], options: InspectOptions = {}): Promise<Intake> {
  const maxFiles = options.maxFiles ?? DEFAULT_MAX_FILES
  const walker = new Walker()
  for (const given of paths) {
    if (isAbsolute(given)) await walker.resolve(given, new Set())
    else {
      walker.candidates.push({ refusal: refusal(given, 'not-absolute', (file) => sentence('coreQueue.refusal.notAbsolute', { file })) })
    }
  }
  const judges: Judges = { open: options.probe ?? probePdf, parse: options.parse ?? ((path) => sharedPdfParser().parse(path)) }
  const outcomes = await mapLimited(walker.candidates, CONCURRENCY, async (c) => ('file' in c ? judge(c.file, judges) : c))
  const accepted: AcceptedFile[] = []
  const refused: Refusal[] = []
  const seen = new Set<string>()
  for (const outcome of outcomes) {
    if ('refusal' in outcome) {
      refused.push(outcome.refusal)
      continue
    }
    if (seen.has(outcome.identity)) continue
    seen.add(outcome.identity)
    if (accepted.length < maxFiles) accepted.push(outcome.accepted)
    else refused.push(tooMany(outcome.given, maxFiles))
  }
  return { accepted, refused }
}
