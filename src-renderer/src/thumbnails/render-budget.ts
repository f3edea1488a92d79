/*
 * What one first-page thumbnail may cost. A page that needs more is stopped and the job shows
 * its placeholder: the window matters more than a 30×40 picture.
 */

/**
 * Wall time for one thumbnail, reading included. pdf.js does not yield while it loops (a
 * page whose drawings draw each other), so a render over this is stopped by terminating its
 * worker: its memory goes with it.
 */
export const RENDER_TIME_BUDGET_MS = 6_000

/**
 * Drawing operations executed for one thumbnail. Each one is held in the window until the page
 * is done, so this is the render's memory budget on the window's side; a real page needs a few
 * thousand, a detailed map a few hundred thousand.
 */
export const MAX_OPERATIONS = 1_000_000

/**
 * Pixels of one decoded image: larger images are left out of the thumbnail (pdf.js's
 * maxImageSize) rather than decoded at full size for 40 pixels. A page scanned at 600 dpi
 * (A4: 4960 × 7016, 35 megapixels) still fits.
 */
export const MAX_IMAGE_PIXELS = 50_000_000

/** Bytes of any canvas pdf.js draws into for one page (patterns, soft masks, groups). */
export const MAX_CANVAS_BYTES = 64 * 1024 * 1024
