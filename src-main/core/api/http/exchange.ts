import type { Readable } from 'node:stream'
import { setTimeout as sleep } from 'node:timers/promises'
import { request } from 'undici'
import type { Logger } from '../../log'
import type { Network } from './network'
import type { RateLimiter, RateLimitObservation } from '../rate-limiter'
import { ServiceError, explain } from '../service-error'
import { readRateHeaders } from './rate-headers'
import { linkSignals } from './linked-signal'
import { readAnswer, type Payload } from './read-answer'
import { monotonicNow } from '../../clock'

type Scalar = string | number | boolean | undefined

/** One call to the service. */
export interface ServiceRequest {
  origin: string
  method: 'GET' | 'POST' | 'PUT'
  path: string
  query?: Record<string, Scalar>
  /** An application/x-www-form-urlencoded body. */
  form?: Record<string, Scalar>
  /** A streamed body with its exact length (multipart uploads). */
  stream?: { body: AsyncIterable<Buffer>; length: number; contentType: string }
  signal?: AbortSignal
  /** How long to wait for the answer's headers after the body was sent. */
  headersTimeoutMs?: number
  /** Reads may be retried; creates, duplicates and replaces never are (no idempotency key). */
  idempotent: boolean
  /** Retries of a read for this call, instead of the client's (0: a question that must be answered at once or not at all). */
  retries?: number
}

export interface ExchangeContext {
  apiKey: string
  network: Network
  limiter: RateLimiter
  userAgent: string
  requestTimeoutMs: number
  retries: number
  retryBaseMs: number
  limitBytes: () => number | undefined
  /** Called on every 401, so the app can stop and ask for a new key. */
  onUnauthorized?: () => void
  /**
   * Called with what each request learned about reaching the service: true when an answer
   * came (any answer of the service), false when the network failed before any answer came
   * (refused, no such host, reset by the network): whether the request itself got through is
   * the caller's concern, but the service was not reached; false with why 'portal' when a
   * sign-in page answered instead of the service. The app's one status (the strip) follows
   * every feature's requests this way, not only the queue's.
   */
  onReachable?: (reachable: boolean, why?: 'portal') => void
  /** Where client bugs are reported (an "Unknown field(s)" answer means we sent a wrong field). */
  log?: Logger
  /** Stops every call of this client (the command's Ctrl+C), on top of each call's own signal. */
  signal?: AbortSignal
}

/** Errors that certainly happened before any byte of the request left this machine. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT'
])

function buildUrl(request: ServiceRequest): string {
  const url = new URL(request.path, request.origin)
  for (const [name, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined && value !== '') url.searchParams.set(name, String(value))
  }
  return url.href
}

function formBody(form: Record<string, Scalar>): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(form)) {
    if (value !== undefined) params.set(name, String(value))
  }
  return params.toString()
}

function errorCode(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as Error & { code?: unknown }).code
    if (typeof code === 'string') return code
    current = current.cause
  }
  return undefined
}

/** undici's codes for an answer that did not come (or stopped coming) in time. */
const ANSWER_TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT'])

function toServiceError(error: unknown, signal: AbortSignal | undefined, waitedMs = 0): ServiceError {
  if (error instanceof ServiceError) return error
  const reason: unknown = signal?.reason
  if (reason instanceof ServiceError) return reason
  if (signal?.aborted) return new ServiceError('cancelled', explain.cancelled(), { delivery: 'unknown', cause: error })
  const code = errorCode(error)
  if (code !== undefined && ANSWER_TIMEOUT_CODES.has(code)) {
    // The request went out and the service went quiet: it may have done it.
    return new ServiceError('stalled', explain.noAnswer(Math.round(waitedMs / 1000)), { delivery: 'unknown', cause: error })
  }
  const delivery = code !== undefined && NOT_SENT_CODES.has(code) ? 'not-sent' : 'unknown'
  return new ServiceError('network', explain.network(), { delivery, cause: error })
}

/** Sends one request once, under the rate limiter. */
async function exchangeOnce(context: ExchangeContext, call: ServiceRequest): Promise<Payload> {
  let permit
  try {
    permit = await context.limiter.acquire(call.signal)
  } catch (cause) {
    // Aborted while waiting for its turn: nothing was sent, whatever the reason.
    const reason = cause instanceof ServiceError ? cause.sentence : explain.cancelled()
    throw new ServiceError(cause instanceof ServiceError ? cause.kind : 'cancelled', reason, { delivery: 'not-sent', cause })
  }
  let observation: RateLimitObservation | null = null
  /** An answer came back (its headers at least): reachable, unless a login page gave it. */
  let answered = false
  try {
    const headers: Record<string, string> = {
      'x-api-key': context.apiKey,
      accept: 'application/json',
      'user-agent': context.userAgent
    }
    let body: string | AsyncIterable<Buffer> | undefined
    if (call.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      body = formBody(call.form)
    } else if (call.stream) {
      headers['content-type'] = call.stream.contentType
      headers['content-length'] = String(call.stream.length)
      body = call.stream.body
    }
    const url = buildUrl(call)
    const response = await request(url, {
      method: call.method,
      headers,
      // undici sends async iterables natively (writeIterable); its types only list Readable.
      body: body as string | Readable | undefined,
      dispatcher: await context.network.dispatcherFor(url),
      signal: call.signal,
      headersTimeout: call.headersTimeoutMs ?? context.requestTimeoutMs,
      bodyTimeout: context.requestTimeoutMs
    })
    answered = true
    observation = readRateHeaders(response.statusCode, response.headers)
    // Settle now, so a 429's wait is already known to the limiter when the answer is read.
    permit.settle(observation)
    const payload = await readAnswer(response, {
      limitBytes: context.limitBytes,
      retryAt: () => context.limiter.state.blockedUntil ?? monotonicNow() + 1000,
      retriedAutomatically: call.idempotent,
      url
    })
    context.onReachable?.(true)
    return payload
  } catch (error) {
    const failure = toServiceError(error, call.signal, call.headersTimeoutMs ?? context.requestTimeoutMs)
    if (failure.kind === 'portal') context.onReachable?.(false, 'portal')
    // Any answer of the service's own (an error, a 401, a 429, a 5xx) says it can be reached.
    else if (answered) context.onReachable?.(true)
    else if (failure.kind === 'network') context.onReachable?.(false)
    if (failure.kind === 'unauthorized') context.onUnauthorized?.()
    if (failure.kind === 'unknown-field') {
      context.log?.error(`Client bug: ${call.method} ${call.path} sent a field the service does not know`, failure.serviceMessage)
    }
    throw failure
  } finally {
    permit.settle(observation)
  }
}

/**
 * Sends a request; reads are retried with backoff on network trouble, 5xx, unreadable
 * answers and 429 (whose wait the shared limiter enforces). Writes are sent once.
 */
export async function exchange(context: ExchangeContext, request: ServiceRequest): Promise<Payload> {
  const linked = linkSignals([request.signal, context.signal])
  const call = { ...request, signal: linked.signal }
  try {
    return await exchangeWithRetries(context, call)
  } finally {
    linked.unlink()
  }
}

async function exchangeWithRetries(context: ExchangeContext, call: ServiceRequest): Promise<Payload> {
  const started = monotonicNow()
  for (let attempt = 0; ; attempt++) {
    try {
      return await exchangeOnce(context, call)
    } catch (error) {
      const failure = toServiceError(error, call.signal)
      // A login page does not go away in a second: the caller waits for it (the status strip says so).
      const again = call.idempotent && failure.transient && failure.kind !== 'portal'
      if (!again || attempt >= (call.retries ?? context.retries) || call.signal?.aborted) {
        // After retries, the time said is the whole wait, not one attempt's.
        if (failure.kind !== 'stalled' || attempt === 0) throw failure
        const seconds = Math.round((monotonicNow() - started) / 1000)
        throw new ServiceError('stalled', explain.noAnswerAfterTries(seconds, attempt + 1), { delivery: failure.delivery, cause: failure })
      }
      if (failure.kind !== 'rate-limited') {
        const backoff = context.retryBaseMs * 2 ** attempt
        await sleep(backoff / 2 + Math.random() * backoff, undefined, call.signal ? { signal: call.signal } : {}).catch(() => {
          throw new ServiceError('cancelled', explain.cancelled(), { delivery: 'not-sent' })
        })
      }
    }
  }
}
