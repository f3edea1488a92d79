import { once } from 'node:events'
import type { Network } from '../../core/api/http/network'
import { announcedLength, openPublicDownload, PublicDownloadError } from '../../core/api/http/public-download'
import type { DownloadProgress } from '../../core/library/download-to-file'
import { monotonicNow } from '../../core/clock'

/**
 * Streams a public URL to `out` (`pdf -o -`), never holding it whole, at the pace the reader
 * takes it. stdout is left open: the process ends it. A short body is an error, said after
 * the bytes that did come (a pipe cannot take them back).
 */
export async function downloadToStream(
  url: string,
  out: NodeJS.WritableStream,
  options: { network: Network; signal: AbortSignal; onProgress(progress: DownloadProgress): void }
): Promise<number> {
  const answer = await openPublicDownload(url, { network: options.network, signal: options.signal, what: 'The PDF' })
  const total = announcedLength(answer)
  const started = monotonicNow()
  let bytes = 0
  for await (const chunk of answer.body as AsyncIterable<Buffer>) {
    bytes += chunk.length
    options.onProgress({ bytes, total, bytesPerSecond: bytes / Math.max(0.001, (monotonicNow() - started) / 1000) })
    if (!out.write(chunk)) await once(out, 'drain', { signal: options.signal })
  }
  if (total !== null && bytes !== total) throw new PublicDownloadError(`The PDF download ended early (${bytes} of ${total} bytes).`)
  return bytes
}
