import { intlLocale } from '../i18n/active-language'

/**
 * Every number on screen is written here: grouped ("10,000", never "10000"), in the window's
 * language like the words around it, so a count reads the same in the sidebar, the plan and the library.
 */
const formatters = new Map<string, Intl.NumberFormat>()

/** A count, grouped ("6,854"). `locale` only for callers that show a service's own locale. */
export function groupedCount(value: number, locale = intlLocale()): string {
  let formatter = formatters.get(locale)
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale)
    formatters.set(locale, formatter)
  }
  return formatter.format(value)
}
