/**
 * The locale speak() wrote on the page (`<html lang>`), the same as intlLocale(). For formats
 * that also load outside the window, in Node (end-to-end specs compute what the window should
 * show) or in test pages bundled without Vite: i18n.ts loads the catalogs, which only Vite can.
 */
export function pageLocale(): string | undefined {
  return globalThis.document?.documentElement.lang || undefined
}
