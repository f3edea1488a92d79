import { request } from 'undici'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createApiClient } from '../../../../src-main/core/api/api-client'
import { RateLimiter } from '../../../../src-main/core/api/rate-limiter'
import { wallTimeOf } from '../../../../src-main/core/clock'
import { startEmulator } from '../../../emulator'
import { KEY } from '../../../support/api-fixture'

/** How many of the server's windows went unused between the first and the last one used. */
function windowsSkipped(used: readonly { windowStartMs: number; windowEndMs: number }[]): number {
  return used.slice(1).filter((window, index) => window.windowStartMs !== used[index]?.windowEndMs).length
}

describe('the shared rate limiter', () => {
  it('600 requests from 8 concurrent callers: zero 429, never more than the limit in a server window', async () => {
    const emulator = await startEmulator({ keys: [KEY], rateLimit: { limit: 100, windowSeconds: 1 }, log: () => {} })
    const limiter = new RateLimiter()
    // Several clients of one key share one limiter, as uploads, library and account do in the app.
    const clients = [0, 1].map(() => createApiClient({ apiKey: KEY, baseUrl: emulator.baseUrl, limiter, retries: 0 }))
    let next = 0
    const failures: unknown[] = []
    const caller = async (index: number): Promise<void> => {
      const client = clients[index % clients.length]
      if (!client) return
      while (next < 600) {
        next++
        await client.listCurrencies().catch((error: unknown) => failures.push(error))
      }
    }
    await Promise.all(Array.from({ length: 8 }, (_, index) => caller(index)))
    expect(failures).toEqual([])
    const windows = emulator.state.rateWindows.filter((w) => w.accepted + w.rejected > 0)
    expect(windows.reduce((sum, w) => sum + w.accepted, 0)).toBe(600)
    expect(windows.every((w) => w.rejected === 0)).toBe(true)
    expect(Math.max(...windows.map((w) => w.accepted))).toBeLessThanOrEqual(100)
    await Promise.all(clients.map((client) => client.close()))
    await emulator.close()
  })

  it('after an idle spell of several windows, a burst goes at the server\'s pace, not one window per idle spell', async () => {
    const emulator = await startEmulator({ keys: [KEY], rateLimit: { limit: 5, windowSeconds: 1 }, log: () => {} })
    const client = createApiClient({ apiKey: KEY, baseUrl: emulator.baseUrl, limiter: new RateLimiter({ initialLimit: 5 }), retries: 0 })
    await client.whoami()
    // Idle for several of the server's windows: the next window end the client sees is 5–6
    // windows after the last one, which is no window's length.
    await new Promise((resolve) => setTimeout(resolve, 5_200))
    const started = performance.now()
    const failures: unknown[] = []
    await Promise.all(Array.from({ length: 20 }, () => client.whoami().catch((error: unknown) => failures.push(error))))
    const seconds = (performance.now() - started) / 1000
    expect(failures).toEqual([])
    const used = emulator.state.rateWindows.filter((w) => w.accepted + w.rejected > 0).slice(1)
    expect(used.every((w) => w.rejected === 0 && w.accepted <= 5)).toBe(true)
    // Work waited the whole time, so the burst used windows one after another (it skipped
    // 4–5 of them when the idle spell was taken for the window's length: 9 s instead of 4).
    const skipped = windowsSkipped(used)
    expect({ skipped, quick: seconds < 6 }).toEqual({ skipped: 0, quick: true })
    await client.close()
    await emulator.close()
  })

  it('follows a service whose window ends before the one it knew (the same key used with another service first)', async () => {
    const minuteService = await startEmulator({ keys: [KEY], log: () => {} })
    const fastService = await startEmulator({ keys: [KEY], rateLimit: { limit: 5, windowSeconds: 1 }, log: () => {} })
    const limiter = new RateLimiter()
    const first = createApiClient({ apiKey: KEY, baseUrl: minuteService.baseUrl, limiter, retries: 0 })
    await first.whoami()
    // The limiter now follows a window that ends at the top of the server's next minute.
    const second = createApiClient({ apiKey: KEY, baseUrl: fastService.baseUrl, limiter, retries: 0 })
    const started = performance.now()
    const failures: unknown[] = []
    // Two at a time, as the queue sends: the first answers tell the new service's limit.
    const caller = async (): Promise<void> => {
      for (let call = 0; call < 10; call++) await second.whoami().catch((error: unknown) => failures.push(error))
    }
    await Promise.all([caller(), caller()])
    const seconds = (performance.now() - started) / 1000
    expect(failures).toEqual([])
    const used = fastService.state.rateWindows.filter((w) => w.accepted + w.rejected > 0)
    expect(used.every((w) => w.rejected === 0 && w.accepted <= 5)).toBe(true)
    // Its window ends were taken for an earlier window's: nothing went until the minute's end.
    const skipped = windowsSkipped(used)
    expect({ skipped, quick: seconds < 8 }).toEqual({ skipped: 0, quick: true })
    await Promise.all([first.close(), second.close()])
    await Promise.all([minuteService.close(), fastService.close()])
  }, 90_000)

  it('after a 429 it sends nothing until the reset, then succeeds', async () => {
    const windowMs = 3000
    const emulator = await startEmulator({ keys: [KEY], rateLimit: { limit: 3, windowSeconds: windowMs / 1000 }, log: () => {} })
    const windowOf = (atMs: number): number => Math.floor(atMs / windowMs)
    let seen: { atMs: number; status: number }[] = []
    // A window edge can fall between filling the window and our call; then try again.
    for (let attempt = 0; attempt < 3 && !seen.some((entry) => entry.status === 429); attempt++) {
      // Another program using the same key, without any limiter, uses up the whole window.
      while ((await request(`${emulator.baseUrl}/api/whoami`, { headers: { 'x-api-key': KEY } }).then(async (answer) => {
        await answer.body.dump()
        return answer.statusCode
      })) !== 429);
      const client = createApiClient({ apiKey: KEY, baseUrl: emulator.baseUrl, limiter: new RateLimiter(), retries: 3 })
      const before = emulator.state.requests.length
      await expect(client.whoami()).resolves.toMatchObject({ email: expect.any(String) })
      await client.close()
      seen = emulator.state.requests.slice(before)
    }
    // The probe met the 429; the retry waited for the next window instead of hammering.
    expect(seen.map((entry) => entry.status)).toEqual([429, 200])
    const [refused, accepted] = seen
    expect(windowOf(accepted?.atMs ?? 0)).toBe(windowOf(refused?.atMs ?? 0) + 1)
    await emulator.close()
  })
})

describe('a 429 that does not say when the window resets', () => {
  afterEach(() => vi.useRealTimers())

  it('blocks every request until the top of the next server minute (the fixed window of §8)', async () => {
    vi.useFakeTimers()
    vi.setSystemTime(Date.UTC(2026, 10, 23, 10, 15, 40, 250))
    const limiter = new RateLimiter()
    const probe = await limiter.acquire()
    // The server's clock is 5 s ahead of ours; its Date header says so.
    probe.settle({ status: 429, serverDateMs: Date.UTC(2026, 10, 23, 10, 15, 45) })
    const serverMinute = Date.UTC(2026, 10, 23, 10, 16, 0)
    // Our latest local time at which the server can reach its next minute (kept on the monotonic clock, read as wall time).
    const blockedUntil = wallTimeOf(limiter.state.blockedUntil ?? 0)
    expect(blockedUntil).toBeGreaterThanOrEqual(serverMinute - 5_250)
    expect(blockedUntil).toBeLessThanOrEqual(serverMinute - 4_000)
    let granted = false
    void limiter.acquire().then((permit) => {
      granted = true
      permit.settle(null)
    })
    await vi.advanceTimersByTimeAsync(13_000)
    expect(granted).toBe(false)
    await vi.advanceTimersByTimeAsync(2_500)
    expect(granted).toBe(true)
  })
})
