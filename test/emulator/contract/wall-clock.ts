/**
 * Wall-clock readings of the service's date texts, compared field by field (never through
 * `Date`, which would apply this machine's zone): that is how a check learns the server's zone.
 */

/** A local date and time to the minute, as written in a date text. */
export interface WallClock {
  year: number
  month: number
  day: number
  hour: number
  minute: number
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

function to24(hour12: number, ampm: string): number {
  return (hour12 % 12) + (ampm.toUpperCase() === 'PM' ? 12 : 0)
}

/** Reads a list `CreatedOn` (`Jan 05 2025 3:07PM`), or undefined when it has another form. */
export function readListCreatedOn(text: string): WallClock | undefined {
  const m = /^([A-Z][a-z]{2}) (\d{2}) (\d{4}) (\d{1,2}):(\d{2})(AM|PM)$/.exec(text)
  const month = MONTHS.indexOf(m?.[1] ?? '') + 1
  if (!m || month === 0) return undefined
  return { year: Number(m[3]), month, day: Number(m[2]), hour: to24(Number(m[4]), m[6] ?? ''), minute: Number(m[5]) }
}

/** Reads a `CreatedDate` (`05 Jan 2025`): the date part only. */
export function readDayMonYear(text: string): Pick<WallClock, 'year' | 'month' | 'day'> | undefined {
  const m = /^(\d{2}) ([A-Z][a-z]{2}) (\d{4})$/.exec(text)
  const month = MONTHS.indexOf(m?.[2] ?? '') + 1
  if (!m || month === 0) return undefined
  return { year: Number(m[3]), month, day: Number(m[1]) }
}

/** Reads a `CreatedTime` (`3:07 PM`): hour (0–23) and minute. */
export function readClockTime(text: string): Pick<WallClock, 'hour' | 'minute'> | undefined {
  const m = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(text)
  if (!m) return undefined
  return { hour: to24(Number(m[1]), m[3] ?? ''), minute: Number(m[2]) }
}

/** Reads an ISO 8601 text with offset: its local wall clock and the offset as written (`Z` → `+00:00`). */
export function readIsoLocal(text: string): { clock: WallClock; offset: string } | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):\d{2}(?:\.\d+)?(Z|[+-]\d{2}:\d{2})$/.exec(text)
  if (!m) return undefined
  const clock = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]), hour: Number(m[4]), minute: Number(m[5]) }
  return { clock, offset: m[6] === 'Z' ? '+00:00' : (m[6] ?? '') }
}
