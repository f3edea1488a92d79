import { CliError } from '../cli-error'
import { EXIT } from '../exit-codes'

const DAY = 86_400_000

/**
 * `--since`: `7d`, `30d`, `90d` (any whole number of days back from now), an ISO date (its UTC
 * midnight, as ISO 8601 reads a date) or an ISO moment. Anything else, or a moment to come,
 * is bad usage.
 */
export function parseSince(raw: string | undefined, now: number): Date {
  const value = (raw ?? '7d').trim()
  const days = /^(\d{1,4})d$/i.exec(value)
  if (days) {
    const count = Number(days[1])
    if (count < 1) throw new CliError('--since takes at least 1d (one day back).', EXIT.usage)
    return new Date(now - count * DAY)
  }
  const isoDate = /^\d{4}-\d{2}-\d{2}$/.test(value)
  const isoMoment = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(value)
  const time = isoDate || isoMoment ? Date.parse(value) : Number.NaN
  if (Number.isNaN(time)) {
    throw new CliError(`--since takes 7d, 30d, 90d or an ISO date like 2026-11-01 (or 2026-11-01T09:00:00Z), not "${value}".`, EXIT.usage)
  }
  if (time > now) throw new CliError(`--since ${value} is still to come: give a moment in the past.`, EXIT.usage)
  return new Date(time)
}
