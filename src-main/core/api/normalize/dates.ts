const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

function monthIndex(name: string): number {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase())
}

function validIso(date: Date): string | null {
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

/**
 * Normalizes every date format the service uses (service-api.md §2.4–2.6) to ISO 8601:
 * - `/Date(<epoch_ms>)/` (find-by-url),
 * - ISO 8601 with offset (CreatedOnIso, DateIso),
 * - `Mon DD YYYY h:mmAM` (list rows; it carries no zone, so it is read as UTC),
 * - `DD Mon YYYY` (subscription and payment dates; returned as a plain `YYYY-MM-DD`).
 * Returns null for an empty or unreadable value.
 */
export function normalizeServiceDate(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null
  const text = value.trim()

  const dotNet = /^\/Date\((-?\d+)([+-]\d{4})?\)\/$/.exec(text)
  if (dotNet) return validIso(new Date(Number(dotNet[1])))

  const listForm = /^([A-Za-z]{3})\w*\s+(\d{1,2})\s+(\d{4})\s+(\d{1,2}):(\d{2})\s*([AaPp][Mm])$/.exec(text)
  if (listForm) {
    const [, mon = '', day, year, hour, minute, half = 'AM'] = listForm
    const month = monthIndex(mon)
    if (month < 0) return null
    const hours = (Number(hour) % 12) + (half.toUpperCase() === 'PM' ? 12 : 0)
    return validIso(new Date(Date.UTC(Number(year), month, Number(day), hours, Number(minute))))
  }

  const dayFirst = /^(\d{1,2})\s+([A-Za-z]{3})\w*\s+(\d{4})$/.exec(text)
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
