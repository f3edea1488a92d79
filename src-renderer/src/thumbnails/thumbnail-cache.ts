/** A rendered first page, or the fact that it could not be rendered. */
export type Thumbnail = { state: 'ready'; url: string } | { state: 'broken' }

interface Entry {
  /** What the thumbnail was made from (file size, pixel ratio): another version is a miss. */
  version: string
  thumbnail: Thumbnail
  bytes: number
}

/** A broken entry's cost: small, but counted, so a million of them would still be evicted. */
const BROKEN_ENTRY_BYTES = 64

/**
 * Thumbnails by job ID, least recently used dropped first once the total passes
 * `maxBytes` (a PNG data URL of a 30×40 box is a few KiB at 1×, up to ~20 KiB at 3×).
 * Broken results are kept too, so a bad PDF is not parsed again on every queue update.
 */
export class ThumbnailCache {
  readonly #entries = new Map<string, Entry>()
  #bytes = 0

  constructor(readonly maxBytes: number) {}

  get size(): number {
    return this.#entries.size
  }

  /** Bytes held (the length of the data URLs, as JavaScript keeps them). */
  get bytes(): number {
    return this.#bytes
  }

  get(jobId: string, version: string): Thumbnail | undefined {
    const entry = this.#entries.get(jobId)
    if (!entry || entry.version !== version) return undefined
    // Map keeps insertion order: re-inserting makes it the most recently used.
    this.#entries.delete(jobId)
    this.#entries.set(jobId, entry)
    return entry.thumbnail
  }

  set(jobId: string, version: string, thumbnail: Thumbnail): void {
    this.delete(jobId)
    const bytes = thumbnail.state === 'ready' ? thumbnail.url.length : BROKEN_ENTRY_BYTES
    // One thumbnail larger than the whole budget is shown but not kept.
    if (bytes > this.maxBytes) return
    this.#entries.set(jobId, { version, thumbnail, bytes })
    this.#bytes += bytes
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break
      this.#entries.delete(oldest)
      this.#bytes -= entry.bytes
    }
  }

  delete(jobId: string): void {
    const entry = this.#entries.get(jobId)
    if (!entry) return
    this.#entries.delete(jobId)
    this.#bytes -= entry.bytes
  }

  clear(): void {
    this.#entries.clear()
    this.#bytes = 0
  }
}
