import { intlLocale } from '../i18n/i18n'
import { COMMON_WORDS } from '../words/common'
import { groupedCount } from './count'

/** A time left, rounded the way people read it: "12 s", "4 min", "1 h 5 min" (the units from the catalog). */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds))
  const words = COMMON_WORDS.time
  if (s < 60) return words.seconds(groupedCount(s))
  const minutes = Math.round(s / 60)
  if (minutes < 60) return words.minutes(groupedCount(minutes))
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return rest === 0 ? words.hours(groupedCount(hours)) : words.hoursMinutes(groupedCount(hours), groupedCount(rest))
}

/** A clock time in the window's language ("10:42:05 AM"), for "continues at …". */
export function formatClock(iso: string, locale = intlLocale()): string {
  return new Intl.DateTimeFormat(locale, { timeStyle: 'medium' }).format(new Date(iso))
}
