import { createHash } from 'node:crypto'
import type { Network } from './network'
import { announcedLength, openPublicDownload } from './public-download'

/** What a hashed download found: the SHA-256 of every byte, or that it was bigger than allowed. */
export type HashedDownload = { kind: 'hashed'; sha256: string; bytes: number } | { kind: 'too-big'; bytes: number }

/**
 * Streams a public URL (a stored PDF, a PDF's source link) and returns the SHA-256 of its
 * bytes, never holding them in memory. Stops as soon as more than `maxBytes` arrived, since
 * such content cannot be the one looked for.
 */
export async function hashDownload(
  url: string,
  options: { network: Network; signal: AbortSignal; maxBytes: number; what?: string }
): Promise<HashedDownload> {
  const answer = await openPublicDownload(url, { ...options, what: options.what ?? 'The stored PDF' })
  // Stopping early destroys the body, which undici reports as an "aborted" error event: it is
  // ours, and expected; unheard it would be an uncaught exception.
  const stopEarly = (bytes: number): HashedDownload => {
    answer.body.on('error', () => undefined)
    answer.body.destroy()
    return { kind: 'too-big', bytes }
  }
  const announced = announcedLength(answer)
  if (announced !== null && announced > options.maxBytes) return stopEarly(announced)
  const hash = createHash('sha256')
  let bytes = 0
  for await (const chunk of answer.body as AsyncIterable<Buffer>) {
    bytes += chunk.length
    if (bytes > options.maxBytes) return stopEarly(bytes)
    hash.update(chunk)
  }
  return { kind: 'hashed', sha256: hash.digest('hex'), bytes }
}
