import assert from 'node:assert/strict'
import { call, type ContractTarget } from './target'
import { expect401, expectError, expectOk, getter, MISSING_ID, PASSED, type ContractCheck } from './check-helpers'
import { cachedOk } from './shared-reads'

/** A harmless value for probe fields: every probe body carries only fields the service must refuse. */
const PROBE = 'probe'

/** A multipart/form-data body with text fields only. */
function multipartBody(fields: Record<string, string>): { body: string; contentType: string } {
  const boundary = 'flipdrop-live-probe-7d1f'
  const parts = Object.entries(fields).map(([n, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`)
  return { body: `${parts.join('')}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` }
}

/**
 * Emulator choices about headers, paths and form bodies (README "Assumptions"). The only bodies
 * sent carry nothing but unknown fields, so no request can change anything.
 */
export function assumedProtocolChecks(target: ContractTarget): ContractCheck[] {
  const get = getter(target)
  const checks: ContractCheck[] = [
    {
      id: 'auth-header-precedence',
      rule: 'A-auth-header-precedence: X-Api-Key wins over a wrong Authorization: Bearer; the Bearer scheme is case-insensitive',
      run: async () => {
        expectOk(await call(target, 'GET', '/api/whoami', { headers: { authorization: 'Bearer definitely-not-a-valid-key-0000' } }))
        expectOk(await call(target, 'GET', '/api/whoami', { key: null, headers: { authorization: `bearer ${target.apiKey}` } }))
        return PASSED
      }
    },
    {
      id: 'unknown-path-200-error',
      rule: 'A-unknown-path: an unknown path or a wrong method answers HTTP 200 ERROR with a key, 401 without',
      run: async () => {
        expectError(await get('/api/no-such-operation-probe'))
        expect401(await call(target, 'GET', '/api/no-such-operation-probe', { key: null }))
        // GET on an operation that only takes PUT: the wrong method, and still nothing is written.
        expectError(await get('/api/set-profile'))
        return PASSED
      }
    },
    {
      id: 'path-case-insensitive',
      rule: 'A-path-case: paths match case-insensitively (/API/WhoAmI is whoami)',
      run: async () => {
        const upper = expectOk(await get('/API/WhoAmI'))
        assert.equal(upper['UserID'], (await cachedOk(target, '/api/whoami'))['UserID'])
        return PASSED
      }
    },
    {
      id: 'form-content-types',
      rule: 'A-form-content-types: form bodies may be multipart/form-data (fields are read) but not JSON (fields are not read)',
      run: async () => {
        const multipart = multipartBody({ Nmae: PROBE })
        const read = await call(target, 'PUT', '/api/set-profile', { headers: { 'content-type': multipart.contentType }, body: multipart.body })
        assert.match(expectError(read), /^Unknown field\(s\) 'Nmae'/, 'multipart fields are read')
        const json = await call(target, 'PUT', '/api/set-profile', {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ Nmae: PROBE })
        })
        const message = expectError(json)
        assert.doesNotMatch(message, /^Unknown field/, `a JSON body was read as fields: ${message}`)
        return { status: 'passed', note: `JSON answered "${message.length > 60 ? `${message.slice(0, 60)}…` : message}"` }
      }
    },
    {
      id: 'unknown-field-format-and-order',
      rule:
        "A-unknown-field-message: \"Unknown field(s) 'A, B'. Expected: X, Y\" in request and spec order, checked before \"Item not found\"",
      run: async () => {
        const two = expectError(await call(target, 'PUT', '/api/set-profile', { form: { Phnoe: PROBE, Nmae: PROBE } }))
        assert.equal(two, "Unknown field(s) 'Phnoe, Nmae'. Expected: Name, Phone, ProfileImage")
        // A missing item and no FileURL: whatever the order of checks, nothing can be replaced.
        const first = expectError(await call(target, 'PUT', `/api/replace-pdf-by-url/${MISSING_ID}`, { form: { Nmae: PROBE } }))
        assert.equal(first, "Unknown field(s) 'Nmae'. Expected: FileURL")
        return PASSED
      }
    }
  ]
  return checks
}
