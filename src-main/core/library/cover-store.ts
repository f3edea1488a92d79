import { createHash, randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Logger } from '../log'

/**
 * Covers kept on disk for one account, about 200 MB at most (10,000 service thumbnails of
 * 20 KB are a tenth of that): beyond it, the oldest files go first.
 */
export const MAX_COVER_DISK_BYTES = 200 * 1024 * 1024

/** Where a cover came from: FlipDrop's own drawing of the first page it published, or the service's thumbnail. */
export type CoverSource = 'render' | 'service'

/**
 * `Flipbook-12.s-<hash of the thumbnail URL>` and `Flipbook-12.r-<stamp>`: the name says the
 * item and the source, so the folder is its own index. A service cover is found by the URL it
 * came from (a new thumbnail URL is a miss, never an old picture); a drawn one has a unique
 * stamp, so removing an old one never races with writing its successor.
 */
const FILE_NAME = /^((?:Flipbook|Document)-\d+)\.(r|s)-([0-9a-z]+)$/

interface Entry {
  render?: string
  service?: { file: string; tag: string }
}

interface FileFacts {
  bytes: number
  at: number
}

const fileKey = (key: string): string => key.replace(':', '-')
const itemKey = (prefix: string): string => prefix.replace('-', ':')

/** The tag of a service cover: a short hash of the URL it was fetched from. */
export function urlTag(url: string): string {
  return createHash('sha256').update(url).digest('hex').slice(0, 16)
}

/**
 * One account's covers in `<data folder>/covers/<account>/`. The folder is read once when
 * opened; then memory knows every file, and writes land whole (a temporary name, then renamed).
 */
export class CoverStore {
  private readonly entries = new Map<string, Entry>()
  private readonly files = new Map<string, FileFacts>()
  private total = 0

  private constructor(
    readonly dir: string,
    private readonly log: Logger,
    private readonly maxBytes: number
  ) {}

  static async open(dir: string, log: Logger, maxBytes = MAX_COVER_DISK_BYTES): Promise<CoverStore> {
    const store = new CoverStore(dir, log, maxBytes)
    await mkdir(dir, { recursive: true, mode: 0o700 })
    const names = await readdir(dir)
    await Promise.all(
      names.map(async (name) => {
        const path = join(dir, name)
        const match = FILE_NAME.exec(name)
        // A write cut short, or something that is not ours: not a cover.
        if (!match) {
          if (name.endsWith('.tmp')) await rm(path, { force: true }).catch(() => undefined)
          return
        }
        const facts = await stat(path).catch(() => null)
        if (!facts?.isFile()) return
        store.note(name, match, { bytes: facts.size, at: facts.mtimeMs })
      })
    )
    return store
  }

  /** The file to show for an item: FlipDrop's own drawing first, else the service's thumbnail from `url`. */
  find(key: string, url: string | null): string | null {
    const entry = this.entries.get(key)
    if (!entry) return null
    if (entry.render) return entry.render
    return url !== null && entry.service?.tag === urlTag(url) ? entry.service.file : null
  }

  /** The bytes of a file `find` named; null when it went missing behind our back (it is forgotten then). */
  async read(file: string): Promise<Uint8Array | null> {
    try {
      return await readFile(join(this.dir, file))
    } catch {
      this.forgetFile(file)
      return null
    }
  }

  /** Keeps a cover for an item; an older one of the same source (or any service one, for a drawing) goes. */
  async keep(key: string, source: CoverSource, bytes: Uint8Array, url: string | null = null): Promise<void> {
    const tag = source === 'service' ? urlTag(url ?? '') : `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`
    const name = `${fileKey(key)}.${source === 'render' ? 'r' : 's'}-${tag}`
    const path = join(this.dir, name)
    const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`
    await writeFile(temporary, bytes, { mode: 0o600 })
    await rename(temporary, path)
    const before = this.entries.get(key)
    const stale = source === 'render' ? [before?.render, before?.service?.file] : [before?.service?.file]
    const match = FILE_NAME.exec(name)
    if (match) this.note(name, match, { bytes: bytes.length, at: Date.now() })
    this.removeFiles(stale.filter((file): file is string => file !== undefined && file !== name))
    this.prune()
  }

  /** Drops every cover of these items (gone from the library, or given a new PDF). */
  drop(keys: readonly string[]): void {
    const files: string[] = []
    for (const key of keys) {
      const entry = this.entries.get(key)
      if (entry?.render) files.push(entry.render)
      if (entry?.service) files.push(entry.service.file)
    }
    this.removeFiles(files)
  }

  /** Bytes on disk, for tests and the bound. */
  get bytes(): number {
    return this.total
  }

  private note(name: string, match: RegExpExecArray, facts: FileFacts): void {
    const [, prefix = '', kind, tag = ''] = match
    const key = itemKey(prefix)
    const entry = this.entries.get(key) ?? {}
    if (kind === 'r') {
      // Two drawings after a crash between write and clean-up: the newer one counts.
      const older = entry.render ? this.files.get(entry.render) : undefined
      if (!older || older.at <= facts.at) entry.render = name
    } else {
      entry.service = { file: name, tag }
    }
    this.entries.set(key, entry)
    const previous = this.files.get(name)
    this.total += facts.bytes - (previous?.bytes ?? 0)
    this.files.set(name, facts)
  }

  private forgetFile(file: string): void {
    const facts = this.files.get(file)
    if (!facts) return
    this.files.delete(file)
    this.total -= facts.bytes
    const match = FILE_NAME.exec(file)
    if (!match) return
    const key = itemKey(match[1] ?? '')
    const entry = this.entries.get(key)
    if (!entry) return
    if (entry.render === file) delete entry.render
    if (entry.service?.file === file) delete entry.service
    if (!entry.render && !entry.service) this.entries.delete(key)
  }

  /** Forgets the files at once (nothing finds them any more) and deletes them in the background. */
  private removeFiles(files: readonly string[]): void {
    for (const file of files) {
      this.forgetFile(file)
      rm(join(this.dir, file), { force: true }).catch((error: unknown) => this.log.warn(`A cover could not be removed (${file})`, error))
    }
  }

  /** Over the bound: the files written longest ago go until a tenth of the room is free again. */
  private prune(): void {
    if (this.total <= this.maxBytes) return
    const oldestFirst = [...this.files].sort((a, b) => a[1].at - b[1].at)
    const goal = this.maxBytes * 0.9
    const victims: string[] = []
    let total = this.total
    for (const [file, facts] of oldestFirst) {
      if (total <= goal) break
      victims.push(file)
      total -= facts.bytes
    }
    this.removeFiles(victims)
  }
}
