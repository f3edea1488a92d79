import assert from 'node:assert/strict'
import { call, jsonOf, type Answer, type ContractTarget } from './target'

/** How a check ended; 'not-applicable' when the account lacks what it needs (e.g. no items). */
export interface CheckResult {
  status: 'passed' | 'not-applicable'
  note?: string
}

/** One read-only contract check: it never changes anything on the target. */
export interface ContractCheck {
  id: string
  /** The rule of service-api.md it checks. */
  rule: string
  run: () => Promise<CheckResult>
}

/** The result of a check that ran and held. */
export const PASSED: CheckResult = { status: 'passed' }

/** An item ID no account should have. */
export const MISSING_ID = '2147480000'

/** Asserts HTTP 200 with Result OK and returns the body. */
export function expectOk(answer: Answer): Record<string, unknown> {
  assert.equal(answer.status, 200, `HTTP ${String(answer.status)}: ${answer.text.slice(0, 200)}`)
  const body = jsonOf(answer)
  assert.equal(body['Result'], 'OK', `Result is not OK: ${answer.text.slice(0, 300)}`)
  return body
}

/** Asserts HTTP 200 with Result ERROR and a Message (matching when given); returns the Message. */
export function expectError(answer: Answer, message?: string | RegExp): string {
  assert.equal(answer.status, 200, `HTTP ${String(answer.status)}: ${answer.text.slice(0, 200)}`)
  const body = jsonOf(answer)
  assert.equal(body['Result'], 'ERROR')
  assert.equal(typeof body['Message'], 'string')
  const text = body['Message'] as string
  if (typeof message === 'string') assert.equal(text, message)
  else if (message) assert.match(text, message)
  return text
}

/** The Items array of a body. */
export function items(body: Record<string, unknown>): Array<Record<string, unknown>> {
  const list = body['Items']
  assert.ok(Array.isArray(list), 'Items is not an array')
  return list as Array<Record<string, unknown>>
}

/** Asserts a 401 with an HTML "Unauthorized" page that is not JSON (§5.2). */
export function expect401(answer: Answer): void {
  assert.equal(answer.status, 401)
  assert.match(answer.headers['content-type'] ?? '', /text\/html/i)
  assert.match(answer.text, /Unauthorized/)
  assert.throws(() => JSON.parse(answer.text) as unknown, 'a 401 body must not be JSON')
}

/** Asserts the three X-RateLimit headers are present and sane (§8). */
export function expectRateHeaders(answer: Answer): void {
  const limit = Number(answer.headers['x-ratelimit-limit'])
  const remaining = Number(answer.headers['x-ratelimit-remaining'])
  const reset = Number(answer.headers['x-ratelimit-reset'])
  assert.ok(Number.isInteger(limit) && limit > 0, 'X-RateLimit-Limit')
  assert.ok(Number.isInteger(remaining) && remaining >= 0 && remaining <= limit, 'X-RateLimit-Remaining')
  const serverNow = Date.parse(answer.headers['date'] ?? '') / 1000
  assert.ok(Number.isInteger(reset), 'X-RateLimit-Reset is epoch seconds')
  if (Number.isFinite(serverNow)) assert.ok(reset >= serverNow - 1 && reset <= serverNow + 3600, 'X-RateLimit-Reset is near')
}

/** The IDs of rows, in order. */
export function ids(rows: Array<Record<string, unknown>>): unknown[] {
  return rows.map((r) => r['ID'])
}

/** GET on a host of the target. */
export function getter(target: ContractTarget): (path: string, host?: 'base' | 'document') => Promise<Answer> {
  return (path, host = 'base') => call(target, 'GET', path, { host })
}

/** A check whose precondition is missing on the target (e.g. the account has no items). */
export function notApplicable(note: string): CheckResult {
  return { status: 'not-applicable', note }
}
