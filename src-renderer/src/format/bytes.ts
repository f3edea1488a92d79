const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const

/**
 * A size the way the plan states its limits: 1 MB = 1,048,576 bytes (the service's MB), one
 * decimal under 10, in the user's locale ("5.2 MB", "212 MB", "820 bytes").
 */
export function formatBytes(bytes: number, locale?: string): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '?'
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024
    unit++
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(value)
  return unit === 0 && bytes === 1 ? '1 byte' : `${number} ${UNITS[unit]}`
}

/** A transfer speed: "1.2 MB/s". */
export function formatSpeed(bytesPerSecond: number, locale?: string): string {
  return `${formatBytes(bytesPerSecond, locale)}/s`
}
