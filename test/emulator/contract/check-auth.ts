import assert from 'node:assert/strict'
import { call, type ContractTarget } from './target'
import { expect401, expectOk, expectRateHeaders, getter, MISSING_ID, PASSED, type ContractCheck } from './check-helpers'

/** Authentication (§5) and rate-limit headers (§8). */
export function authChecks(target: ContractTarget): ContractCheck[] {
  const get = getter(target)
  const checks: ContractCheck[] = [
    {
      id: 'auth-missing-key-401-html',
      rule: '§5.2 a missing key gives 401 with an HTML "Unauthorized" page, no JSON',
      run: async () => {
        expect401(await call(target, 'GET', '/api/whoami', { key: null }))
        return PASSED
      }
    },
    {
      id: 'auth-invalid-key-401-html',
      rule: '§5.2 an invalid key gives 401 with an HTML page, no JSON',
      run: async () => {
        expect401(await call(target, 'GET', '/api/list-currencies', { key: 'definitely-not-a-valid-key-0000' }))
        return PASSED
      }
    },
    {
      id: 'auth-x-api-key',
      rule: '§5.1 header X-Api-Key authenticates',
      run: async () => {
        expectOk(await call(target, 'GET', '/api/whoami'))
        return PASSED
      }
    },
    {
      id: 'auth-bearer',
      rule: '§5.1 header Authorization: Bearer authenticates',
      run: async () => {
        expectOk(await call(target, 'GET', '/api/whoami', { bearer: true }))
        return PASSED
      }
    },
    {
      id: 'rate-limit-headers',
      rule: '§8 X-RateLimit-Limit/Remaining/Reset on every response (OK, ERROR and 401)',
      run: async () => {
        expectRateHeaders(await get('/api/whoami'))
        expectRateHeaders(await get(`/api/get/${MISSING_ID}`))
        expectRateHeaders(await call(target, 'GET', '/api/whoami', { key: null }))
        return PASSED
      }
    },
    {
      id: 'rate-limit-fixed-window',
      rule: '§8 the window is fixed and resets at the top of each minute',
      run: async () => {
        const a = await get('/api/whoami')
        const b = await get('/api/whoami')
        const reset = Number(b.headers['x-ratelimit-reset'])
        assert.equal(reset % 60, 0, `X-RateLimit-Reset ${String(reset)} is not at the top of a minute`)
        if (a.headers['x-ratelimit-reset'] === b.headers['x-ratelimit-reset']) {
          assert.ok(Number(b.headers['x-ratelimit-remaining']) < Number(a.headers['x-ratelimit-remaining']), 'Remaining decreases')
        }
        return PASSED
      }
    }
  ]
  return checks
}
