import { MAX_COVER_BYTES } from '../../../src-shared/domain/library'
import type { Network } from '../api/http/network'
import { linkSignals } from '../api/http/linked-signal'
import { announcedLength, openPublicDownload } from '../api/http/public-download'

/** A cover that has not arrived by then is given up (asked again later): tiles must not wait on a dead route. */
const COVER_TIMEOUT_MS = 15_000

/** A cover bigger than a cover can be. */
export class CoverTooLargeError extends Error {
  override readonly name = 'CoverTooLargeError'
}

/**
 * Downloads an item's thumbnail from the service's public storage, on the client's routes
 * (the proxy and certificates the service is reached with), over http or https. At most
 * MAX_COVER_BYTES are read: a bigger answer is no cover.
 */
export async function fetchCover(url: string, network: Network, signal?: AbortSignal): Promise<Uint8Array> {
  // The library's signal lives as long as the library: the cover lets go of it once read.
  const timeout = AbortSignal.timeout(COVER_TIMEOUT_MS)
  const linked = linkSignals([signal, timeout])
  try {
    return await readCover(url, network, linked.signal ?? timeout)
  } finally {
    linked.unlink()
  }
}

async function readCover(url: string, network: Network, signal: AbortSignal): Promise<Uint8Array> {
  const answer = await openPublicDownload(url, { network, signal, what: 'The cover' })
  // Stopping early destroys the body, which undici reports as an "aborted" error event: it is
  // ours, and expected; unheard it would be an uncaught exception.
  const tooLarge = (): never => {
    answer.body.on('error', () => undefined)
    answer.body.destroy()
    throw new CoverTooLargeError(`The cover is larger than ${MAX_COVER_BYTES} bytes.`)
  }
  const announced = announcedLength(answer)
  if (announced !== null && announced > MAX_COVER_BYTES) tooLarge()
  const chunks: Buffer[] = []
  let length = 0
  for await (const chunk of answer.body as AsyncIterable<Buffer>) {
    length += chunk.length
    if (length > MAX_COVER_BYTES) tooLarge()
    chunks.push(chunk)
  }
  // Copied into an array of its own (see ownBytes): chunks may share Node's pool.
  const bytes = new Uint8Array(length)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.length
  }
  return bytes
}
