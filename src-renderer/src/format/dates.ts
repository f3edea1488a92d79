import { intlLocale } from '../i18n/i18n'
import { COMMON_WORDS } from '../words/common'
import { groupedCount } from './count'
import { unknownValue } from './unknown'

// Formatters are costly to build and a grid formats thousands of values: one per kind and locale.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat>()
function cached<T extends Intl.DateTimeFormat | Intl.RelativeTimeFormat>(key: string, build: () => T): T {
  let formatter = formatters.get(key) as T | undefined
  if (!formatter) {
    formatter = build()
    formatters.set(key, formatter)
  }
  return formatter
}

/**
 * A date in the window's language ("23 Nov 2026"); "unknown" when the service did not say. A plain
 * day (`YYYY-MM-DD`, the subscription's dates) is read in UTC, so no time zone moves it.
 */
export function formatDate(iso: string | null, locale = intlLocale()): string {
  if (!iso) return unknownValue()
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return unknownValue()
  const plainDay = /^\d{4}-\d{2}-\d{2}$/.test(iso)
  return cached(`date|${plainDay ? 'utc' : 'local'}|${locale}`, () =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', ...(plainDay ? { timeZone: 'UTC' } : {}) })
  ).format(date)
}

/** A date and time in the window's language, for exact moments ("last synced" on hover). */
export function formatDateTime(iso: string, locale = intlLocale()): string {
  return cached(`datetime|${locale}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })).format(new Date(iso))
}

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY]
]

/** How long ago, as people say it in their language ("5 minutes ago", "yesterday"). */
export function formatAgo(iso: string, now: number, locale = intlLocale()): string {
  let value = (Date.parse(iso) - now) / 1000
  // Intl says "now" for 0 seconds; people say "just now" for the last minute.
  if (Math.abs(value) < 45) return COMMON_WORDS.time.justNow
  const relative = cached(`ago|${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }))
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return relative.format(Math.round(value), unit)
    value /= size
  }
  return formatDateTime(iso, locale)
}

/** A count, grouped as every count is ("10,000"); "unknown" when the service did not say. */
export function formatCount(value: number | null, locale = intlLocale()): string {
  return value === null ? unknownValue() : groupedCount(value, locale)
}
