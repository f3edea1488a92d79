import { intlLocale } from '../i18n/i18n'

/** Names joined as the window's language joins them ("A, B and C"; "A、B、C"; "A وB وC"). */
export function formatList(items: readonly string[], type: Intl.ListFormatType = 'conjunction', locale = intlLocale()): string {
  return new Intl.ListFormat(locale, { style: 'long', type }).format(items)
}
