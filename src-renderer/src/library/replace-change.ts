/** What is known of one side of a replace: its page count and its first page's width over height. */
export interface PageFacts {
  pages: number | null
  aspect: number | null
}

/** A change a client's readers would notice at once, worth saying before the link shows it. */
export type NotableChange =
  | { kind: 'pages'; now: number; next: number }
  | { kind: 'orientation'; next: 'portrait' | 'landscape' }
  | { kind: 'shape'; next: 'wider' | 'narrower' }

/**
 * A page count that moves by a fifth or more, or by ten pages or more, is another document
 * (24 → 55), not a corrected one (24 → 25, 120 → 124).
 */
const PAGES_SHARE = 0.2
const PAGES_ABSOLUTE = 10
/**
 * Clearly portrait or landscape: within these the page is near square, and a cover's
 * thumbnail (which may be cut to its own frame) cannot tell the two apart.
 */
const PORTRAIT_BELOW = 0.85
const LANDSCAPE_ABOVE = 1.15
/** Shapes this far apart read as another format (A4 ↔ a tall menu card), though both portrait. */
const SHAPE_FACTOR = 1.3

function orientationOf(aspect: number): 'portrait' | 'landscape' | null {
  if (aspect < PORTRAIT_BELOW) return 'portrait'
  if (aspect > LANDSCAPE_ABOVE) return 'landscape'
  return null
}

/**
 * What to point out about a replace, from what is known of both sides (unknowns say
 * nothing): a large change in page count, and a page of another orientation or of a very
 * different shape. Small changes go unsaid, so a note is read when it comes.
 */
export function notableChanges(now: PageFacts, next: PageFacts): NotableChange[] {
  const changes: NotableChange[] = []
  if (now.pages !== null && next.pages !== null && now.pages !== next.pages) {
    const moved = Math.abs(next.pages - now.pages)
    if (moved >= PAGES_ABSOLUTE || moved / Math.max(now.pages, next.pages) >= PAGES_SHARE) {
      changes.push({ kind: 'pages', now: now.pages, next: next.pages })
    }
  }
  if (now.aspect !== null && next.aspect !== null && now.aspect > 0 && next.aspect > 0) {
    const before = orientationOf(now.aspect)
    const after = orientationOf(next.aspect)
    if (before !== null && after !== null && before !== after) changes.push({ kind: 'orientation', next: after })
    else if (Math.max(now.aspect, next.aspect) / Math.min(now.aspect, next.aspect) >= SHAPE_FACTOR) {
      changes.push({ kind: 'shape', next: next.aspect > now.aspect ? 'wider' : 'narrower' })
    }
  }
  return changes
}
