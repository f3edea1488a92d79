import { createApiClient } from '../../src-main/core/api/api-client'
import { RateLimiter } from '../../src-main/core/api/rate-limiter'

/**
 * Sends `total` small requests from `callers` concurrent callers through one limiter.
 * Returns the achieved rate (requests per second) and how many answers were 429.
 */
export async function runRateBench(baseUrl: string, key: string, total: number, callers: number) {
  const client = createApiClient({ apiKey: key, baseUrl, limiter: new RateLimiter(), retries: 0 })
  let started = 0
  let rejected = 0
  const begin = performance.now()
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (started < total) {
        started++
        await client.listCurrencies().catch((error: unknown) => {
          if ((error as { kind?: string }).kind === 'rate-limited') rejected++
          else throw error
        })
      }
    })
  )
  const seconds = (performance.now() - begin) / 1000
  await client.close()
  return { seconds, rate: total / seconds, rejected }
}
