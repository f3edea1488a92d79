/* Values as a person reads them in a terminal; null is "unknown", never a made-up 0 or blank. */

const GROUPED = new Intl.NumberFormat('en-US')

/** 1234 → "1,234"; null → "unknown". */
export function grouped(value: number | null | undefined): string {
  return value === null || value === undefined ? 'unknown' : GROUPED.format(value)
}

const pad = (value: number): string => String(value).padStart(2, '0')

/** An ISO instant as this computer's local date (YYYY-MM-DD); "unknown" when absent or unreadable. */
export function localDate(iso: string | null | undefined): string {
  if (!iso) return 'unknown'
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return 'unknown'
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** A text cell: the value, or "unknown" when the service did not send it. */
export function text(value: string | null | undefined): string {
  return value ?? 'unknown'
}

/** "1 item", "2 items". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${grouped(count)} ${count === 1 ? one : many}`
}

/** An ISO instant as this computer's local date and time (YYYY-MM-DD HH:MM); null when unreadable. */
export function localDateTime(iso: string): string | null {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return null
  return `${localDate(iso)} ${pad(date.getHours())}:${pad(date.getMinutes())}`
}
