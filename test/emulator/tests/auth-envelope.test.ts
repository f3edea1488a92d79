import { describe, expect, it } from 'vitest'
import { api, apiJson, KEY, OTHER_KEY, useEmulator } from './harness'
import { OPERATIONS } from './operations'

describe('authentication (§5) and the envelope (§1)', () => {
  const emu = useEmulator({ seed: true })

  it('answers 401 with an HTML "Unauthorized" page and no JSON on every operation, without a key and with a wrong key', async () => {
    for (const [method, path] of OPERATIONS) {
      for (const key of [null, 'wrong-key']) {
        const a = await api(emu(), method, path, { key })
        expect(a.status, `${method} ${path}`).toBe(401)
        expect(a.headers['content-type']).toMatch(/^text\/html/)
        expect(a.text).toContain('Unauthorized')
        expect(() => JSON.parse(a.text) as unknown).toThrow()
      }
    }
  })

  it('accepts the key in X-Api-Key or in Authorization: Bearer, on every operation', async () => {
    for (const [method, path] of OPERATIONS) {
      for (const bearer of [false, true]) {
        const a = await api(emu(), method, path, { bearer })
        expect(a.status, `${method} ${path}`).toBe(200)
        expect(['OK', 'ERROR']).toContain(JSON.parse(a.text).Result)
      }
    }
  })

  it('rejects a Bearer header with a wrong key and an empty X-Api-Key', async () => {
    expect((await api(emu(), 'GET', '/api/whoami', { key: 'nope', bearer: true })).status).toBe(401)
    expect((await api(emu(), 'GET', '/api/whoami', { key: null, headers: { 'x-api-key': '' } })).status).toBe(401)
    expect((await api(emu(), 'GET', '/api/whoami', { key: null, headers: { authorization: `Basic ${KEY}` } })).status).toBe(401)
  })

  it('gives each key its own account', async () => {
    const a = await apiJson(emu(), 'GET', '/api/whoami')
    const b = await apiJson(emu(), 'GET', '/api/whoami', { key: OTHER_KEY })
    expect(a['UserID']).not.toBe(b['UserID'])
  })

  it('answers every failure other than 401/413/429 with HTTP 200, Result ERROR and a Message', async () => {
    const cases: Array<[string, string, Record<string, string>?]> = [
      ['GET', '/api/get/999999'],
      ['GET', '/api/get/not-a-number'],
      ['GET', '/api/find-by-url'],
      ['PUT', '/api/set-profile', {}],
      ['POST', '/api/create-by-url', { FileURL: 'not a url' }],
      ['POST', '/api/duplicate/999999', { Count: '1' }],
      ['GET', '/api/no-such-operation'],
      ['DELETE', '/api/whoami'],
      ['GET', '/nothing-here']
    ]
    for (const [method, path, form] of cases) {
      const a = await api(emu(), method, path, form ? { form } : {})
      expect(a.status, `${method} ${path}`).toBe(200)
      expect(a.headers['content-type']).toMatch(/^application\/json/)
      const body = JSON.parse(a.text) as Record<string, unknown>
      expect(body['Result']).toBe('ERROR')
      expect(typeof body['Message']).toBe('string')
      expect(body['Message']).not.toBe('')
    }
  })

  it('only ever answers Result OK or ERROR, and OK writes carry a Message', async () => {
    const write = await apiJson(emu(), 'PUT', '/api/set-profile', { form: { Phone: '+1 555 0100' } })
    expect(write).toEqual({ Result: 'OK', Message: expect.any(String) as string })
    for (const [method, path] of OPERATIONS) {
      const body = await apiJson(emu(), method, path)
      expect(['OK', 'ERROR']).toContain(body['Result'])
      if (body['Result'] === 'ERROR') expect(typeof body['Message']).toBe('string')
    }
    expect(emu().state.internalErrors).toEqual([])
  })
})
