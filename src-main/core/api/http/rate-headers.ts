import type { IncomingHttpHeaders } from 'undici/types/header'
import type { RateLimitObservation } from '../rate-limiter'

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}

function numberHeader(headers: IncomingHttpHeaders, name: string): number | undefined {
  const raw = header(headers, name)
  if (raw === undefined) return undefined
  const value = Number(raw)
  return Number.isFinite(value) ? value : undefined
}

/** Reads X-RateLimit-Limit / -Remaining / -Reset and Date (service-api.md §8) from an answer. */
export function readRateHeaders(status: number, headers: IncomingHttpHeaders): RateLimitObservation {
  const reset = numberHeader(headers, 'x-ratelimit-reset')
  const date = header(headers, 'date')
  const dateMs = date === undefined ? Number.NaN : Date.parse(date)
  const observation: RateLimitObservation = { status }
  const limit = numberHeader(headers, 'x-ratelimit-limit')
  const remaining = numberHeader(headers, 'x-ratelimit-remaining')
  if (limit !== undefined) observation.limit = limit
  if (remaining !== undefined) observation.remaining = remaining
  if (reset !== undefined) observation.resetAtMs = reset * 1000
  if (Number.isFinite(dateMs)) observation.serverDateMs = dateMs
  return observation
}
