import assert from 'node:assert/strict'
import { call, type Answer, type ContractTarget } from './target'
import { expect401, expectError, expectOk, MISSING_ID, notApplicable, PASSED, type ContractCheck } from './check-helpers'

const remaining = (a: Answer): number => Number(a.headers['x-ratelimit-remaining'])

/**
 * Emulator choices about the rate limit that a handful of requests can show. The 429 itself is
 * never provoked: that needs hundreds of requests against the real service.
 */
export function assumedRateChecks(target: ContractTarget): ContractCheck[] {
  const checks: ContractCheck[] = [
    {
      id: 'rate-limit-what-counts',
      rule: 'A-rate-what-counts: an ERROR answer counts against the limit; a 401 does not and carries Remaining = Limit',
      run: async () => {
        // A window ending between the first and the last request spoils the arithmetic: retry.
        for (let attempt = 0; attempt < 3; attempt++) {
          const first = await call(target, 'GET', '/api/whoami')
          const unauthorized = await call(target, 'GET', '/api/whoami', { key: null })
          const error = await call(target, 'GET', `/api/get/${MISSING_ID}`)
          const last = await call(target, 'GET', '/api/whoami')
          const reset = first.headers['x-ratelimit-reset']
          if (error.headers['x-ratelimit-reset'] !== reset || last.headers['x-ratelimit-reset'] !== reset) continue
          expectOk(first)
          expect401(unauthorized)
          expectError(error, 'Item not found')
          assert.equal(remaining(unauthorized), Number(first.headers['x-ratelimit-limit']), 'a 401 shows Remaining = Limit')
          const used = remaining(first) - remaining(last)
          assert.equal(
            used,
            2,
            `Remaining fell by ${String(used)} over a 401, an ERROR answer and a whoami: 2 means the ERROR counted and the ` +
              '401 did not (more means another client used the key meanwhile, 1 that the ERROR was free)'
          )
          return PASSED
        }
        return notApplicable('a rate window ended during each of 3 attempts')
      }
    },
    {
      id: 'rate-limit-reset-next-minute',
      rule: 'A-rate-reset-formula: X-RateLimit-Reset is the end of the current minute (floor(now/60)*60 + 60), not a rolling now + 60',
      run: async () => {
        const answer = await call(target, 'GET', '/api/whoami')
        expectOk(answer)
        const dateMs = Date.parse(answer.headers['date'] ?? '')
        if (!Number.isFinite(dateMs)) return notApplicable('no Date header to compare X-RateLimit-Reset with')
        const reset = Number(answer.headers['x-ratelimit-reset'])
        const ahead = reset - dateMs / 1000
        // Date has one-second precision and is stamped a moment apart from the limiter's clock.
        assert.ok(reset % 60 === 0 && ahead > -2 && ahead <= 62, `X-RateLimit-Reset ${String(reset)} is not the end of the minute of Date ${answer.headers['date'] ?? ''}`)
        return PASSED
      }
    }
  ]
  return checks
}
