import { embedTab } from './words'

/** The custom embed sizes accepted, in CSS pixels (the share contract's limits). */
export const EMBED_PIXELS = { min: 100, max: 4000 } as const

/** What is wrong with a typed custom side, or null when it is a whole number of pixels in range. */
export function customEmbedProblem(typed: string | number): string | null {
  const value = Number(typed)
  if (String(typed).trim() === '' || !Number.isInteger(value) || value < EMBED_PIXELS.min || value > EMBED_PIXELS.max) {
    return embedTab.sizeRange(EMBED_PIXELS.min, EMBED_PIXELS.max)
  }
  return null
}
