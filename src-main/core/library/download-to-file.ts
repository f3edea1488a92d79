import { createWriteStream } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'
import type { Network } from '../api/http/network'
import { announcedLength, openPublicDownload, PublicDownloadError } from '../api/http/public-download'
import { monotonicNow } from '../clock'

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

/** A download that failed for a reason worth saying in words (an HTTP error from storage, a cut body). */
export { PublicDownloadError as DownloadError }

/**
 * Downloads a public URL to `target`, streamed (never held in memory whole): into
 * `target.part` first, renamed to `target` only when every byte arrived, so a half file never
 * carries the real name. The .part file is removed on any failure, interruption included.
 */
export async function downloadToFile(url: string, target: string, options: DownloadOptions): Promise<number> {
  const part = `${target}.part`
  // Created before the request, so an unwritable folder fails at once, not after the download.
  const file = createWriteStream(part, { flags: 'w' })
  let bytes = 0
  try {
    await new Promise<void>((resolve, reject) => file.once('open', () => resolve()).once('error', reject))
    const answer = await openPublicDownload(url, { network: options.network, signal: options.signal, what: 'The PDF' })
    const total = announcedLength(answer)
    const started = monotonicNow()
    const report = (): void => options.onProgress({ bytes, total, bytesPerSecond: bytes / Math.max(0.001, (monotonicNow() - started) / 1000) })
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
      throw new PublicDownloadError(`The PDF download ended early (${bytes} of ${total} bytes).`)
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
