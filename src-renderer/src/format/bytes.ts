import { intlLocale } from '../i18n/active-language'

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const

/** The size in its unit: 1 MB = 1,048,576 bytes (the service's MB), one decimal under 10. */
function scaled(bytes: number): { value: number; unit: number; digits: number } {
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024
    unit++
  }
  return { value, unit, digits: unit === 0 || value >= 10 ? 0 : 1 }
}

/**
 * A size the way the plan states its limits, in the window's language ("5.2 MB", "212 MB",
 * "820 bytes"; "5,2 MB" in German, "5,2 Mo" in French).
 */
export function formatBytes(bytes: number, locale = intlLocale()): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '?'
  const { value, unit, digits } = scaled(bytes)
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: UNITS[unit],
    // Bytes in words ("820 bytes", "1 byte"); the larger units as their symbols ("MB", "Mo").
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: digits,
    minimumFractionDigits: digits
  }).format(value)
}

/** A transfer speed: "1.2 MB/s" ("1,2 Mo/s", "1.2 MB/秒"). */
export function formatSpeed(bytesPerSecond: number, locale = intlLocale()): string {
  if (!Number.isFinite(bytesPerSecond) || bytesPerSecond < 0) return '?'
  const { value, unit, digits } = scaled(bytesPerSecond)
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: `${UNITS[unit]}-per-second`,
    unitDisplay: 'short',
    maximumFractionDigits: digits,
    minimumFractionDigits: digits
  }).format(value)
}
