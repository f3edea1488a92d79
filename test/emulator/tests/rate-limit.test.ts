import { describe, expect, it } from 'vitest'
import { api, KEY, OTHER_KEY, useEmulator } from './harness'

// A clock the test moves by hand: windows are aligned to it, so their edges are exact.
let clock = Date.UTC(2025, 0, 6, 10, 0, 0)

describe('fixed-window rate limit per key (§8)', () => {
  const emu = useEmulator({ rateLimit: { limit: 5, windowSeconds: 10 }, now: () => clock })

  it('serves the limit, then answers 429 with JSON and the X-RateLimit headers until the window ends', async () => {
    clock = Date.UTC(2025, 0, 6, 10, 0, 3)
    const remaining: string[] = []
    for (let i = 0; i < 5; i++) {
      const a = await api(emu(), 'GET', '/api/whoami')
      expect(a.status).toBe(200)
      remaining.push(a.headers['x-ratelimit-remaining'] ?? '')
    }
    expect(remaining).toEqual(['4', '3', '2', '1', '0'])
    const limited = await api(emu(), 'GET', '/api/whoami')
    expect(limited.status).toBe(429)
    expect(limited.headers['x-ratelimit-limit']).toBe('5')
    expect(limited.headers['x-ratelimit-remaining']).toBe('0')
    expect(limited.headers['date']).toMatch(/GMT$/)
    // The window is aligned to the clock: 10:00:00–10:00:10, so it resets at 10:00:10.
    expect(limited.headers['x-ratelimit-reset']).toBe(String(Date.UTC(2025, 0, 6, 10, 0, 10) / 1000))
    expect(JSON.parse(limited.text)).toMatchObject({ Result: 'ERROR' })
    clock = Date.UTC(2025, 0, 6, 10, 0, 9, 999)
    expect((await api(emu(), 'GET', '/api/whoami')).status).toBe(429)
    clock = Date.UTC(2025, 0, 6, 10, 0, 10)
    const next = await api(emu(), 'GET', '/api/whoami')
    expect(next.status).toBe(200)
    expect(next.headers['x-ratelimit-remaining']).toBe('4')
    expect(next.headers['x-ratelimit-reset']).toBe(String(Date.UTC(2025, 0, 6, 10, 0, 20) / 1000))
  })

  it('counts each key separately and does not count 401s', async () => {
    clock = Date.UTC(2025, 0, 6, 11, 0, 0)
    for (let i = 0; i < 5; i++) expect((await api(emu(), 'GET', '/api/list-currencies')).status).toBe(200)
    expect((await api(emu(), 'GET', '/api/list-currencies')).status).toBe(429)
    const other = await api(emu(), 'GET', '/api/list-currencies', { key: OTHER_KEY })
    expect(other.status).toBe(200)
    expect(other.headers['x-ratelimit-remaining']).toBe('4')
    const unauthorized = await api(emu(), 'GET', '/api/list-currencies', { key: 'bad' })
    expect(unauthorized.status).toBe(401)
    expect(unauthorized.headers['x-ratelimit-limit']).toBe('5')
    expect((await api(emu(), 'GET', '/api/whoami', { key: OTHER_KEY })).headers['x-ratelimit-remaining']).toBe('3')
  })

  it('limits every operation, errors included, and records each window in the state', async () => {
    clock = Date.UTC(2025, 0, 6, 12, 0, 0)
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => api(emu(), 'GET', i % 2 === 0 ? '/api/get/424242' : '/api/list'))
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5)
    expect(answers.filter((a) => a.status === 429)).toHaveLength(3)
    const window = emu().state.rateWindows.find((w) => w.windowStartMs === clock && w.account === emu().state.accountOf(KEY)?.userId)
    expect(window).toMatchObject({ accepted: 5, rejected: 3, windowEndMs: clock + 10_000 })
    for (const w of emu().state.rateWindows) expect(w.accepted).toBeLessThanOrEqual(5)
  })
})

describe('rate limit default', () => {
  const emu = useEmulator()
  it('is 300 requests per minute, with the window ending at the top of a minute', async () => {
    const a = await api(emu(), 'GET', '/api/whoami')
    expect(a.headers['x-ratelimit-limit']).toBe('300')
    expect(Number(a.headers['x-ratelimit-reset']) % 60).toBe(0)
    expect(Number(a.headers['x-ratelimit-reset']) * 1000).toBeGreaterThan(Date.now() - 1000)
  })
})
