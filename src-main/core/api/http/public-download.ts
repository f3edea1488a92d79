import { interceptors, request, type Dispatcher } from 'undici'
import { ServiceError, explain } from '../service-error'
import type { Network } from './network'

/** Public storage answers within this; a body that stops moving this long has stalled. */
const HEADERS_TIMEOUT_MS = 30_000
const BODY_TIMEOUT_MS = 60_000

/** A public download that failed for a reason worth saying in words (an HTTP error from storage). */
export class PublicDownloadError extends Error {
  override readonly name = 'PublicDownloadError'
}

/**
 * Asks for a public URL (a stored PDF, a PDF's source link) on the client's routes (proxy,
 * trusted roots), following storage's redirects to a CDN, and returns the answer once it is
 * a success. No API key is sent: storage URLs are public and may be another company's host.
 * `what` names the thing in the error ("The PDF"). The caller reads or dumps the body.
 */
export async function openPublicDownload(url: string, options: { network: Network; signal: AbortSignal; what: string }): Promise<Dispatcher.ResponseData> {
  const dispatcher = (await options.network.dispatcherFor(url)).compose(interceptors.redirect({ maxRedirections: 5 }))
  const answer = await request(url, {
    dispatcher,
    signal: options.signal,
    headers: { 'user-agent': 'FlipDrop' },
    headersTimeout: HEADERS_TIMEOUT_MS,
    bodyTimeout: BODY_TIMEOUT_MS
  })
  // Storage serves files; a web page (or 511) in their place is a sign-in page in the way,
  // never content to compare or save.
  const type = String(answer.headers['content-type'] ?? '').toLowerCase()
  if (answer.statusCode === 511 || answer.statusCode === 407 || (answer.statusCode < 300 && type.startsWith('text/html'))) {
    await answer.body.dump().catch(() => undefined)
    throw new ServiceError('portal', explain.portal(), { delivery: 'not-sent', status: answer.statusCode })
  }
  if (answer.statusCode < 200 || answer.statusCode > 299) {
    await answer.body.dump().catch(() => undefined)
    throw new PublicDownloadError(`${options.what} could not be downloaded: its storage answered HTTP ${answer.statusCode}.`)
  }
  return answer
}

/** The Content-Length an answer announced, when it did. */
export function announcedLength(answer: Dispatcher.ResponseData): number | null {
  const length = Number(answer.headers['content-length'])
  return Number.isFinite(length) && length >= 0 ? length : null
}
