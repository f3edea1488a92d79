import { intlLocale } from '../i18n/i18n'

/*
 * The Share sheet's measures, written in the window's language (its decimal sign and digits).
 * Pixel and dpi values are ungrouped ("1000 px", "4000 pixels"), as designers type them in CSS
 * and print dialogs; decimals keep a fixed number of places so a value does not jump in width.
 */

/** A whole measure without grouping: "1000", "3543". */
export function measure(value: number): string {
  return new Intl.NumberFormat(intlLocale(), { useGrouping: false, maximumFractionDigits: 0 }).format(value)
}

/** A measure with `digits` decimal places: "0.93" in English, "0,93" in German. */
export function decimal(value: number, digits: number): string {
  return new Intl.NumberFormat(intlLocale(), { useGrouping: false, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value)
}
