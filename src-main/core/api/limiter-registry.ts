import { createHash } from 'node:crypto'
import { RateLimiter } from './rate-limiter'

// Keyed by a hash, so the registry never holds the key itself.
const limiters = new Map<string, RateLimiter>()

/** The one rate limiter of an API key: every client of the same key shares its window (§8). */
export function limiterForKey(apiKey: string): RateLimiter {
  const id = createHash('sha256').update(apiKey).digest('hex')
  let limiter = limiters.get(id)
  if (!limiter) {
    limiter = new RateLimiter()
    limiters.set(id, limiter)
  }
  return limiter
}
