import type { IncomingMessage } from 'node:http'

/** The media type of a request, lower-case and without parameters ('' when absent). */
export function mediaType(req: IncomingMessage): string {
  const raw = req.headers['content-type'] ?? ''
  return (raw.split(';')[0] ?? '').trim().toLowerCase()
}

/** Whether the request carries a multipart/form-data body. */
export function isMultipart(req: IncomingMessage): boolean {
  return mediaType(req) === 'multipart/form-data'
}
