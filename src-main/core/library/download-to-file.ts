import { createWriteStream } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'
import { interceptors, request } from 'undici'
import type { Network } from '../api/http/network'

/** How far a download is. */
export interface DownloadProgress {
  bytes: number
  /** Content-Length, when the server sent one. */
  total: number | null
  bytesPerSecond: number
}

/** How to download: the connections to use, when to stop, and whom to tell about progress. */
export interface DownloadOptions {
  network: Network
  signal: AbortSignal
  onProgress(progress: DownloadProgress): void
  /** Called just before the finished file takes the target's name; throws to keep it from doing so. */
  beforeRename?: () => Promise<void>
}

/** A download that failed for a reason worth saying in words. */
export class DownloadError extends Error {
  override readonly name = 'DownloadError'
}

/** Public storage answers within this; a body that stops moving this long has stalled. */
const HEADERS_TIMEOUT_MS = 30_000
const BODY_TIMEOUT_MS = 60_000

/**
 * Downloads a public URL to `target`, streamed (never held in memory whole): into
 * `target.part` first, renamed to `target` only when every byte arrived, so a half file never
 * carries the real name. The .part file is removed on any failure, interruption included.
 * No API key is sent: the storage URL is public, and it may be another company's host.
 */
export async function downloadToFile(url: string, target: string, options: DownloadOptions): Promise<number> {
  const part = `${target}.part`
  // Created before the request, so an unwritable folder fails at once, not after the download.
  const file = createWriteStream(part, { flags: 'w' })
  let bytes = 0
  try {
    await new Promise<void>((resolve, reject) => file.once('open', () => resolve()).once('error', reject))
    // Storage often answers with a redirect to a CDN.
    const dispatcher = (await options.network.dispatcherFor(url)).compose(interceptors.redirect({ maxRedirections: 5 }))
    const answer = await request(url, {
      dispatcher,
      signal: options.signal,
      headers: { 'user-agent': 'FlipDrop' },
      headersTimeout: HEADERS_TIMEOUT_MS,
      bodyTimeout: BODY_TIMEOUT_MS
    })
    if (answer.statusCode < 200 || answer.statusCode > 299) {
      await answer.body.dump().catch(() => undefined)
      throw new DownloadError(`The PDF could not be downloaded: its storage answered HTTP ${answer.statusCode}.`)
    }
    const length = Number(answer.headers['content-length'])
    const total = Number.isFinite(length) && length >= 0 ? length : null
    const started = Date.now()
    const report = (): void => options.onProgress({ bytes, total, bytesPerSecond: bytes / Math.max(0.001, (Date.now() - started) / 1000) })
    report()
    await pipeline(
      answer.body,
      async function* count(source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          bytes += chunk.length
          report()
          yield chunk
        }
      },
      file,
      { signal: options.signal }
    )
    if (total !== null && bytes !== total) {
      throw new DownloadError(`The PDF download ended early (${bytes} of ${total} bytes).`)
    }
    await options.beforeRename?.()
    await rename(part, target)
    return bytes
  } catch (error) {
    // Closed before it is removed: Windows cannot delete an open file.
    if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()).destroy())
    await rm(part, { force: true }).catch(() => undefined)
    throw error
  }
}
