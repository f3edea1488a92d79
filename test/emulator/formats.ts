/** Date texts of the service; every format is named in service-api.md §2.4–2.6. */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const

interface LocalParts {
  year: number
  month: string
  monthNo: number
  day: number
  hour: number
  minute: number
  second: number
}

function pad2(n: number): string {
  return String(n).padStart(2, '0')
}

/** Splits an instant into wall-clock parts of a fixed UTC offset. */
function localParts(ms: number, offsetMinutes: number): LocalParts {
  const d = new Date(ms + offsetMinutes * 60_000)
  return {
    year: d.getUTCFullYear(),
    month: MONTHS[d.getUTCMonth()] ?? 'Jan',
    monthNo: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds()
  }
}

function hour12(hour: number): { h: number; ampm: 'AM' | 'PM' } {
  return { h: hour % 12 === 0 ? 12 : hour % 12, ampm: hour < 12 ? 'AM' : 'PM' }
}

/** `Mon DD YYYY h:mmAM`, the list row CreatedOn (§2.6), e.g. `Jan 05 2025 3:07PM`. */
export function formatListCreatedOn(ms: number, offsetMinutes: number): string {
  const p = localParts(ms, offsetMinutes)
  const { h, ampm } = hour12(p.hour)
  return `${p.month} ${pad2(p.day)} ${p.year} ${h}:${pad2(p.minute)}${ampm}`
}

/** `/Date(<epoch_ms>)/`, the CreatedOn of get and find-by-url (§2.6). */
export function formatDotNetDate(ms: number): string {
  return `/Date(${Math.trunc(ms)})/`
}

/** ISO 8601 with the server's offset, e.g. `2025-01-05T20:37:00+05:30` (CreatedOnIso, DateIso). */
export function formatIsoWithOffset(ms: number, offsetMinutes: number): string {
  const p = localParts(ms, offsetMinutes)
  const sign = offsetMinutes < 0 ? '-' : '+'
  const abs = Math.abs(offsetMinutes)
  const offset = `${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`
  return `${p.year}-${pad2(p.monthNo)}-${pad2(p.day)}T${pad2(p.hour)}:${pad2(p.minute)}:${pad2(p.second)}${offset}`
}

/** `DD Mon YYYY`, the subscription and payment dates (§2.4, §2.5); also the list CreatedDate. */
export function formatDayMonYear(ms: number, offsetMinutes: number): string {
  const p = localParts(ms, offsetMinutes)
  return `${pad2(p.day)} ${p.month} ${p.year}`
}

/** `h:mm AM`, the list CreatedTime (format not shown by the spec; emulator's choice). */
export function formatClockTime(ms: number, offsetMinutes: number): string {
  const p = localParts(ms, offsetMinutes)
  const { h, ampm } = hour12(p.hour)
  return `${h}:${pad2(p.minute)} ${ampm}`
}

/** Patterns a client (and the contract checks) can test the texts against. */
export const DATE_PATTERNS = {
  listCreatedOn: /^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{2} \d{4} \d{1,2}:\d{2}(AM|PM)$/,
  dotNetDate: /^\/Date\(-?\d+\)\/$/,
  isoWithOffset: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}:\d{2}|Z)$/,
  dayMonYear: /^\d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}$/
} as const
