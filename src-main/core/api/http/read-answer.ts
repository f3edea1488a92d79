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
}

/**
 * Turns an HTTP answer into the OK payload or a ServiceError (service-api.md §1, §7):
 * 401 is HTML and never parsed; 413 and 429 are final for this request; every other
 * failure is HTTP 200 with Result ERROR, so the branch is on Result, not on the status.
 */
export async function readAnswer(response: Dispatcher.ResponseData, context: AnswerContext): Promise<Payload> {
  const status = response.statusCode
  const answered = { delivery: 'answered' as const, status }
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
