import type { Dispatcher } from 'undici'
import { classifyServiceMessage } from '../classify'
import { ServiceError, explain } from '../service-error'

/** The fields of an OK answer, with `Result` already checked. */
export type Payload = Record<string, unknown>

export interface AnswerContext {
  /** Local epoch ms when a 429's window resets. */
  retryAt: () => number
  /** The plan's upload limit in bytes, when known, for the 413 message. */
  limitBytes: () => number | undefined
  /** Reads wait for the window and go again by themselves; writes never do, so the user is told when to retry. */
  retriedAutomatically: boolean
  /** The address asked: a redirect elsewhere is a login page, not the service. */
  url: string
}

/** A sign-in page answered instead of the service: no usable connection. */
const portalError = (context: AnswerContext, status: number): ServiceError =>
  // A captive portal answers before the service, so a read met by one was not sent. A write
  // is different: a proxy may have forwarded it and replaced only the answer (an office
  // proxy's session that ran out mid-upload), and the service has no idempotency key, so a
  // create met by a login page is in doubt and is looked up before it is sent again.
  new ServiceError('portal', explain.portal(), { delivery: context.retriedAutomatically ? 'not-sent' : 'unknown', status })

/** A redirect to another origin: the service's API never redirects; a login page does. */
function redirectsElsewhere(response: Dispatcher.ResponseData, url: string): boolean {
  if (response.statusCode < 300 || response.statusCode > 399) return false
  const location = response.headers['location']
  const to = Array.isArray(location) ? location[0] : location
  if (!to) return false
  try {
    return new URL(to, url).origin !== new URL(url).origin
  } catch {
    return true
  }
}

/** An answer that is a web page, where the service always answers JSON (its 401 aside). */
function isWebPage(response: Dispatcher.ResponseData, text: string): boolean {
  const type = String(response.headers['content-type'] ?? '').toLowerCase()
  if (type.includes('json')) return false
  return type.includes('html') || text.trimStart().startsWith('<')
}

/**
 * Turns an HTTP answer into the OK payload or a ServiceError (service-api.md §1, §7):
 * 401 is HTML and never parsed; 413 and 429 are final for this request; every other
 * failure is HTTP 200 with Result ERROR, so the branch is on Result, not on the status.
 */
export async function readAnswer(response: Dispatcher.ResponseData, context: AnswerContext): Promise<Payload> {
  const status = response.statusCode
  const answered = { delivery: 'answered' as const, status }
  // 511 is the standard captive portal status; 407 a proxy asking for its own sign-in.
  if (status === 511 || status === 407 || redirectsElsewhere(response, context.url)) {
    await response.body.dump()
    throw portalError(context, status)
  }
  if (status === 401) {
    await response.body.dump()
    throw new ServiceError('unauthorized', explain.unauthorized(), answered)
  }
  if (status === 429) {
    await response.body.dump()
    const retryAt = context.retryAt()
    const message = context.retriedAutomatically ? explain.rateLimited(retryAt) : explain.rateLimitedWrite(retryAt)
    throw new ServiceError('rate-limited', message, { ...answered, retryAt })
  }
  let text: string
  try {
    text = await response.body.text()
  } catch (cause) {
    throw new ServiceError('protocol', explain.protocol('the answer was cut off'), { delivery: 'unknown', status, cause })
  }
  if (status === 413) {
    const limitBytes = context.limitBytes()
    throw new ServiceError('too-large', explain.tooLarge(limitBytes), { ...answered, ...(limitBytes ? { limitBytes } : {}) })
  }
  if (status >= 500) throw new ServiceError('service', explain.serverFailure(status), answered)
  // Every answer of the service's API is JSON: a web page on a success status is someone else's.
  if (status >= 200 && status < 300 && isWebPage(response, text)) throw portalError(context, status)
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new ServiceError('protocol', explain.protocol(text.trimStart().startsWith('<') ? 'a web page instead of data' : 'not JSON'), answered)
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new ServiceError('protocol', explain.protocol('not an object'), answered)
  }
  const payload = json as Payload
  if (payload['Result'] === 'ERROR') {
    throw classifyServiceMessage(typeof payload['Message'] === 'string' ? payload['Message'] : '', status)
  }
  if (payload['Result'] !== 'OK') throw new ServiceError('protocol', explain.protocol('no Result field'), answered)
  if (status !== 200) throw new ServiceError('protocol', explain.protocol(`HTTP ${status}`), answered)
  return payload
}
