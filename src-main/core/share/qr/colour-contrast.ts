/** A #rrggbb colour's relative luminance (WCAG 2: sRGB linearised, weighted as the eye sees). */
export function relativeLuminance(hex: string): number {
  const channel = (offset: number): number => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
}

/**
 * The least difference in reflectance between the code's colours that phones read reliably:
 * print quality grading of 2D codes (ISO/IEC 15415) calls a symbol contrast below 40 % a fail
 * (grade F below 20 %, and 40 % is grade C, the lowest that print buyers accept).
 */
export const MIN_SYMBOL_CONTRAST = 0.4

/** Whether phones can read a code in these colours, its WCAG contrast ratio, and whether it is a light code on a dark ground. */
export function qrContrast(dark: string, light: string): { ratio: number; readable: boolean; inverted: boolean } {
  const darkLuminance = relativeLuminance(dark)
  const lightLuminance = relativeLuminance(light)
  const [high, low] = darkLuminance > lightLuminance ? [darkLuminance, lightLuminance] : [lightLuminance, darkLuminance]
  return {
    ratio: Math.round(((high + 0.05) / (low + 0.05)) * 100) / 100,
    readable: high - low >= MIN_SYMBOL_CONTRAST,
    inverted: darkLuminance > lightLuminance
  }
}
