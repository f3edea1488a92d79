import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { createWriteStream } from 'node:fs'
import type { LookupFunction } from 'node:net'
import { Transform, type TransformCallback } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { Agent, request } from 'undici'
import { MESSAGES, sourceTimeoutMessage, tooLargeMessage } from '../http/envelope'
import { PdfScanner, type PdfScan } from '../pdf'
import { discard } from '../state/file-store'
import { isPrivateAddress, judgeHost, type HostRules } from './host-rules'

/** Bigger disk writes than the 16 KiB default: uploads run about 40% faster. */
const WRITE_HWM = 1024 * 1024

const MAX_REDIRECTS = 5
const HOST_REFUSED = 'EHOSTNOTALLOWED'

/** Settings of the source downloader. */
export interface SourceOptions extends HostRules {
  timeoutS: number
  maxFileBytes: number
  maxFileMb: number
}

/** How a download ended. */
export type SourceOutcome = { kind: 'ok'; tempPath: string; scan: PdfScan } | { kind: 'error'; message: string }

class TooLargeError extends Error {}

/** Fails the stream once more than `max` bytes went through. */
class ByteLimit extends Transform {
  private seen = 0
  constructor(private readonly max: number) {
    super()
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.length
    if (this.seen > this.max) done(new TooLargeError('too large'))
    else done(null, chunk)
  }
}

/**
 * DNS lookup that refuses names resolving to private addresses, so the address connected to is
 * the address checked (no rebinding between check and connect).
 */
function guardedLookup(rules: HostRules): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) {
        callback(err, '', 0)
        return
      }
      const allowListed = judgeHost(hostname, rules) === 'allowed'
      if (!allowListed && addresses.some((a) => isPrivateAddress(a.address))) {
        callback(Object.assign(new Error(MESSAGES.hostNotAllowed), { code: HOST_REFUSED }), '', 0)
        return
      }
      if (options.all === true) {
        ;(callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses)
        return
      }
      const first = addresses[0]
      callback(null, first?.address ?? '', first?.family ?? 4)
    })
  }
}

/** Whether an error or any error in its cause chain carries `code`. */
function hasCode(err: unknown, code: string): boolean {
  let e: unknown = err
  for (let depth = 0; depth < 6 && e instanceof Error; depth++) {
    if ((e as Error & { code?: unknown }).code === code) return true
    e = (e as Error & { cause?: unknown }).cause
  }
  return false
}

/**
 * Downloads a FileURL for create-by-url and replace-pdf-by-url (§4.3): host rules on every hop,
 * redirects followed by hand, the response and every pause limited to the timeout, the file
 * streamed to disk through the PDF scanner and cut at the plan maximum.
 */
export class SourceFetcher {
  private readonly agent: Agent

  constructor(private readonly options: SourceOptions) {
    const ms = Math.round(options.timeoutS * 1000)
    this.agent = new Agent({
      connect: { lookup: guardedLookup(options), timeout: ms },
      headersTimeout: ms,
      bodyTimeout: ms
    })
  }

  /** Downloads `fileUrl` to `tempPath`. */
  async fetch(fileUrl: string, tempPath: string): Promise<SourceOutcome> {
    let url: URL
    try {
      url = new URL(fileUrl)
    } catch {
      return { kind: 'error', message: 'FileURL is not a valid URL.' }
    }
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        return { kind: 'error', message: 'FileURL is not a valid URL.' }
      }
      if (judgeHost(url.hostname, this.options) === 'refused') return { kind: 'error', message: MESSAGES.hostNotAllowed }
      const step = await this.fetchOnce(url, tempPath)
      if (step.kind !== 'redirect') return step
      url = step.location
    }
    return { kind: 'error', message: 'FileURL redirected too many times.' }
  }

  /** Releases pooled connections. */
  async close(): Promise<void> {
    await this.agent.close()
  }

  private async fetchOnce(url: URL, tempPath: string): Promise<SourceOutcome | { kind: 'redirect'; location: URL }> {
    let res: Awaited<ReturnType<typeof request>>
    try {
      res = await request(url, { dispatcher: this.agent, method: 'GET', headers: { 'user-agent': 'flipdrop-emulator' } })
    } catch (err) {
      return this.failure(err)
    }
    const { statusCode, headers, body } = res
    if (statusCode >= 300 && statusCode < 400 && typeof headers.location === 'string') {
      body.resume()
      try {
        return { kind: 'redirect', location: new URL(headers.location, url) }
      } catch {
        return { kind: 'error', message: 'FileURL redirected to an invalid URL.' }
      }
    }
    if (statusCode < 200 || statusCode >= 300) {
      body.resume()
      return { kind: 'error', message: `Could not download FileURL (HTTP ${String(statusCode)}).` }
    }
    const declared = Number(headers['content-length'] ?? NaN)
    if (Number.isFinite(declared) && declared > this.options.maxFileBytes) {
      body.destroy()
      return { kind: 'error', message: tooLargeMessage(this.options.maxFileMb) }
    }
    const scanner = new PdfScanner()
    try {
      await pipeline(body, new ByteLimit(this.options.maxFileBytes), scanner, createWriteStream(tempPath, { highWaterMark: WRITE_HWM }))
      return { kind: 'ok', tempPath, scan: scanner.scan }
    } catch (err) {
      await discard(tempPath)
      if (err instanceof TooLargeError) return { kind: 'error', message: tooLargeMessage(this.options.maxFileMb) }
      return this.failure(err)
    }
  }

  /** Maps a network failure to its message: a slow or unreachable source "timed out" (§4.3). */
  private failure(err: unknown): SourceOutcome {
    if (hasCode(err, HOST_REFUSED)) return { kind: 'error', message: MESSAGES.hostNotAllowed }
    return { kind: 'error', message: sourceTimeoutMessage(this.options.timeoutS) }
  }
}
