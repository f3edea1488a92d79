const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']
const MINUTE = 60_000

function monthIndex(name: string): number {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase())
}

function validIso(date: Date): string | null {
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

const DOT_NET = /^\/Date\((-?\d+)([+-]\d{4})?\)\/$/
const LIST_FORM = /^([A-Za-z]{3})\w*\s+(\d{1,2})\s+(\d{4})\s+(\d{1,2}):(\d{2})\s*([AaPp][Mm])$/
const DAY_FIRST = /^(\d{1,2})\s+([A-Za-z]{3})\w*\s+(\d{4})$/
const ISO_OFFSET = /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|([+-])(\d{2}):?(\d{2}))$/

/**
 * The wall-clock time of a list date (`Mon DD YYYY h:mmAM`, §2.6) read as if it were UTC,
 * in epoch ms; null when the text is not in that form. The text carries no zone: subtract
 * the server's offset to get the real instant.
 */
export function listDateAsUtc(value: unknown): number | null {
  if (typeof value !== 'string') return null
  const match = LIST_FORM.exec(value.trim())
  if (!match) return null
  const [, mon = '', day, year, hour, minute, half = 'AM'] = match
  const month = monthIndex(mon)
  if (month < 0) return null
  const hours = (Number(hour) % 12) + (half.toUpperCase() === 'PM' ? 12 : 0)
  const ms = Date.UTC(Number(year), month, Number(day), hours, Number(minute))
  return Number.isNaN(ms) ? null : ms
}

/** Epoch ms of a `/Date(<ms>)/` text (find-by-url and get, §2.6); null otherwise. */
export function dotNetDateMs(value: unknown): number | null {
  if (typeof value !== 'string') return null
  const match = DOT_NET.exec(value.trim())
  return match ? Number(match[1]) : null
}

/** The UTC offset, in minutes, that an ISO 8601 text states (CreatedOnIso, DateIso); null without one. */
export function isoOffsetMinutes(value: unknown): number | null {
  if (typeof value !== 'string') return null
  const match = ISO_OFFSET.exec(value.trim())
  if (!match) return null
  if (match[1] === 'Z') return 0
  const sign = match[2] === '-' ? -1 : 1
  return sign * (Number(match[3]) * 60 + Number(match[4]))
}

/**
 * The server's UTC offset from a list date and the exact instant of the same moment (a
 * `/Date(ms)/` of the same item): the list text drops seconds, so round to a quarter hour.
 */
export function offsetFromPair(listUtcMs: number, instantMs: number): number {
  return Math.round((listUtcMs - instantMs) / MINUTE / 15) * 15
}

/**
 * Normalizes every date format the service uses (service-api.md §2.4–2.6) to ISO 8601:
 * - `/Date(<epoch_ms>)/` (find-by-url, get),
 * - ISO 8601 with offset (CreatedOnIso, DateIso),
 * - `Mon DD YYYY h:mmAM` (list rows): it carries no zone, so it needs the server's offset
 *   in minutes, learned from an answer that carries both forms; without it the date is
 *   unknown (null), never guessed,
 * - `DD Mon YYYY` (subscription and payment dates; returned as a plain `YYYY-MM-DD`).
 * Returns null for an empty or unreadable value.
 */
export function normalizeServiceDate(value: unknown, serverOffsetMinutes: number | null = null): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null
  const text = value.trim()

  const dotNet = dotNetDateMs(text)
  if (dotNet !== null) return validIso(new Date(dotNet))

  const listUtc = listDateAsUtc(text)
  if (listUtc !== null) {
    return serverOffsetMinutes === null ? null : validIso(new Date(listUtc - serverOffsetMinutes * MINUTE))
  }
  if (LIST_FORM.test(text)) return null

  const dayFirst = DAY_FIRST.exec(text)
  if (dayFirst) {
    const [, day, mon = '', year] = dayFirst
    const month = monthIndex(mon)
    if (month < 0) return null
    const iso = validIso(new Date(Date.UTC(Number(year), month, Number(day))))
    return iso ? iso.slice(0, 10) : null
  }

  if (/^\d{4}-\d{2}-\d{2}/.test(text)) return validIso(new Date(text))
  return null
}
