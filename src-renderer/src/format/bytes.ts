import { intlLocale } from '../i18n/i18n'
import { COMMON_WORDS } from '../words/common'

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const

/**
 * A size the way the plan states its limits: 1 MB = 1,048,576 bytes (the service's MB), one
 * decimal under 10, in the window's language ("5.2 MB", "212 MB", "820 bytes"; "5,2 MB" in German).
 */
export function formatBytes(bytes: number, locale = intlLocale()): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '?'
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024
    unit++
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: UNITS[unit],
    // Bytes in words ("820 bytes", "1 byte"); the larger units as their symbols ("MB", "Mo").
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: digits,
    minimumFractionDigits: digits
  }).format(value)
}

/** A transfer speed: "1.2 MB/s". */
export function formatSpeed(bytesPerSecond: number, locale = intlLocale()): string {
  return COMMON_WORDS.speed(formatBytes(bytesPerSecond, locale))
}
