import { createReadStream } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { isReplacement, type ActiveFault } from '../faults'
import { resetSocket } from './apply-fault'
import { HTML_TYPE, JSON_TYPE, errorBody, okBody, type JsonValue } from './envelope'

/** Status reported in the request log for a dropped connection. */
export const DROPPED = -1

const RATE_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']

/**
 * One request and its single answer. Every answer goes through `send` or `file`, which is where
 * faults that act on a performed operation (reset-response, commit-then-drop, replaced bodies)
 * strike.
 */
export class Exchange {
  /** HTTP status sent, DROPPED when the socket was cut, 0 while unanswered. */
  status = 0
  private answered = false

  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    /** A fault to apply to the answer, taken for this request. */
    readonly responseFault: ActiveFault | undefined
  ) {}

  /** Whether an answer was already given (or the connection dropped). */
  get done(): boolean {
    return this.answered || this.res.destroyed
  }

  /** `{Result:"OK", ...payload}` with HTTP 200. */
  ok(payload: Record<string, JsonValue> = {}): void {
    this.json(200, okBody(payload))
  }

  /** `{Result:"ERROR", Message}` with HTTP 200 (§1 rule 2). */
  error(message: string): void {
    this.json(200, errorBody(message))
  }

  /** Any JSON answer. */
  json(status: number, body: Record<string, JsonValue>): void {
    this.send(status, { 'Content-Type': JSON_TYPE }, Buffer.from(JSON.stringify(body)))
  }

  /** Any HTML answer. */
  html(status: number, page: string): void {
    this.send(status, { 'Content-Type': HTML_TYPE }, Buffer.from(page))
  }

  /**
   * Sends one answer. When the request body was not read to the end (an early 413, 429 or error),
   * the connection is closed after the answer instead of reading the rest.
   */
  send(status: number, headers: Record<string, string>, body: Buffer): void {
    if (this.done) return
    this.answered = true
    const fault = this.responseFault
    if (fault?.kind === 'commit-then-drop') {
      this.status = DROPPED
      this.req.socket.destroy()
      return
    }
    let out = { status, headers, body }
    if (fault && isReplacement(fault)) {
      out = replacementAnswer(fault, body)
      if (fault.kind !== 'broken-json') for (const h of RATE_HEADERS) this.res.removeHeader(h)
    }
    if (!this.req.complete && hasBody(this.req)) this.res.setHeader('Connection', 'close')
    this.status = out.status
    this.res.writeHead(out.status, { ...out.headers, 'Content-Length': String(out.body.length) })
    if (fault?.kind === 'reset-response') {
      this.status = DROPPED
      this.res.write(out.body.subarray(0, Math.min(fault.bytes ?? 0, out.body.length)), () =>
        setImmediate(() => resetSocket(this.req.socket))
      )
      return
    }
    this.res.end(this.req.method === 'HEAD' ? undefined : out.body)
  }

  /** Streams a file from disk as the answer (public storage URLs); reset-response cuts it after `bytes`. */
  file(headers: Record<string, string>, path: string, size: number): void {
    const fault = this.responseFault
    if (this.done) return
    if (fault && fault.kind !== 'reset-response') {
      this.send(200, headers, Buffer.alloc(0))
      return
    }
    this.answered = true
    this.status = 200
    const res = this.res
    res.writeHead(200, { ...headers, 'Content-Length': String(size) })
    if (this.req.method === 'HEAD' || size === 0) {
      res.end()
      return
    }
    const cut = fault ? Math.min(fault.bytes ?? 0, size) : size
    if (cut === 0) {
      this.status = DROPPED
      resetSocket(this.req.socket)
      return
    }
    const stream = createReadStream(path, { start: 0, end: cut - 1 })
    stream.on('error', () => res.destroy())
    if (cut < size) {
      this.status = DROPPED
      stream.on('end', () => setImmediate(() => resetSocket(this.req.socket)))
      stream.pipe(res, { end: false })
    } else stream.pipe(res)
  }
}

/** Whether a request announces a body (Content-Length above 0 or chunked). */
export function hasBody(req: IncomingMessage): boolean {
  const length = Number(req.headers['content-length'] ?? 0)
  return length > 0 || req.headers['transfer-encoding'] !== undefined
}

/** The answer a replacement fault gives instead of the real one. */
export function replacementAnswer(
  fault: ActiveFault,
  realBody: Buffer
): { status: number; headers: Record<string, string>; body: Buffer } {
  if (fault.kind === 'status') {
    const status = fault.status ?? 502
    const page = `<!DOCTYPE html>\n<html><head><title>${String(status)} Error</title></head><body><h1>${String(status)} Error</h1><p>The server encountered a temporary error.</p></body></html>\n`
    return { status, headers: { 'Content-Type': HTML_TYPE }, body: Buffer.from(page) }
  }
  if (fault.kind === 'portal') return portalAnswer(fault.status === 302)
  if (fault.kind === 'html') {
    const page =
      '<!DOCTYPE html>\n<html><head><title>Service temporarily unavailable</title></head>' +
      '<body><h1>We will be back soon</h1><p>The site is under maintenance.</p></body></html>\n'
    return { status: 200, headers: { 'Content-Type': HTML_TYPE }, body: Buffer.from(page) }
  }
  // broken-json: a JSON answer cut in the middle (the real one when there is one).
  const source = realBody.length > 2 ? realBody : Buffer.from('{"Result":"OK","Items":[{"ID":1001,"Name":"x"}]}')
  return {
    status: 200,
    headers: { 'Content-Type': JSON_TYPE },
    body: source.subarray(0, Math.max(1, Math.floor(source.length / 2)))
  }
}

/** Where the emulator's login page "lives": another origin than the service, as a hotel's or an office proxy's. */
export const PORTAL_LOGIN_URL = 'http://login.portal.invalid/sign-in'

/** A captive portal's answer: its sign-in page on 200, or a 302 to it. */
function portalAnswer(redirect: boolean): { status: number; headers: Record<string, string>; body: Buffer } {
  const page =
    '<!DOCTYPE html>\n<html><head><title>Sign in to Wi-Fi</title></head>' +
    '<body><h1>Welcome! Please sign in to use the internet.</h1><form action="/sign-in"><input name="room"></form></body></html>\n'
  const headers: Record<string, string> = { 'Content-Type': HTML_TYPE, 'Cache-Control': 'no-store' }
  if (redirect) headers['Location'] = `${PORTAL_LOGIN_URL}?continue=1`
  return { status: redirect ? 302 : 200, headers, body: Buffer.from(page) }
}
