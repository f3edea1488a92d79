/*
 * Words that are rightly outside the catalogs: the service's and the user's (names, titles,
 * folders, accounts, addresses: never translated), and what Intl writes for the language
 * (units, months, relative times). The pseudo-locale walk subtracts them before it calls a
 * word escaped.
 */

/** Every string value in a JSON-like tree (the emulator's state, a test's own names). */
export function stringsIn(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') into.add(value)
  else if (Array.isArray(value)) for (const entry of value) stringsIn(entry, into)
  else if (value instanceof Map) for (const entry of value.values()) stringsIn(entry, into)
  else if (value && typeof value === 'object') for (const entry of Object.values(value)) stringsIn(entry, into)
  return into
}

/** The ASCII words Intl writes in English (the pseudo-locales format as English and Arabic). */
export function intlWords(): Set<string> {
  const words = new Set<string>()
  const add = (text: string): void => {
    for (const word of text.match(/[A-Za-z]+/g) ?? []) words.add(word)
  }
  const year = 2026
  for (let month = 0; month < 12; month++) {
    const date = new Date(Date.UTC(year, month, 1 + month))
    for (const style of ['long', 'short'] as const) {
      add(date.toLocaleDateString('en', { month: style, weekday: style }))
      add(date.toLocaleTimeString('en'))
      add(new Date(Date.UTC(year, month, 1, 15)).toLocaleTimeString('en', { timeZone: 'UTC' }))
    }
  }
  const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
  for (const unit of ['second', 'minute', 'hour', 'day', 'week', 'month', 'year'] as const) {
    for (const amount of [-2, -1, 0, 1, 2]) add(relative.format(amount, unit))
  }
  for (const unit of ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte', 'second', 'minute', 'hour', 'day', 'millimeter', 'centimeter', 'inch', 'percent']) {
    for (const display of ['short', 'narrow', 'long'] as const) {
      add(new Intl.NumberFormat('en', { style: 'unit', unit, unitDisplay: display }).format(2))
      add(new Intl.NumberFormat('en', { style: 'unit', unit, unitDisplay: display }).format(1))
    }
  }
  add(new Intl.NumberFormat('en', { notation: 'compact' }).format(1_200_000))
  add(new Intl.NumberFormat('en', { notation: 'compact' }).format(12_000))
  return words
}

const ADDRESS = /(https?:\/\/\S+|[\w.+-]+@[\w-]+(\.[\w-]+)+|[\w.-]+\.(pdf|png|svg|csv|jpg)\b|\b\d{1,3}(\.\d{1,3}){3}(:\d+)?\b|\blocalhost(:\d+)?\b)/gi

/**
 * Whether text outside brackets is rightly so: after taking out the service's strings,
 * addresses and file names, only Intl's words (or no ASCII word) are left.
 */
export function isServiceOrIntl(text: string, service: ReadonlySet<string>, intl: ReadonlySet<string>): boolean {
  let rest = text.replace(ADDRESS, ' ')
  // Longest first, so "Summer Lookbook 2" goes before "Summer Lookbook".
  for (const value of [...service].filter((entry) => entry.length >= 2).sort((a, b) => b.length - a.length)) {
    if (rest.includes(value)) rest = rest.split(value).join(' ')
  }
  return (rest.match(/[A-Za-z]{2,}/g) ?? []).every((word) => intl.has(word))
}
