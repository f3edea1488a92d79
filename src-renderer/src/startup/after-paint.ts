/**
 * A window that is not drawn (hidden, minimised) runs no animation frames: past this, work
 * waiting for a paint goes ahead without one.
 */
export const UNDRAWN_WINDOW_MS = 1000

/**
 * Resolves once the frame being prepared has been painted: a task queued from
 * requestAnimationFrame runs after that frame is drawn.
 */
export function afterNextPaint(fallbackMs = UNDRAWN_WINDOW_MS): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, fallbackMs)
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback)
        resolve()
      }, 0)
    )
  })
}
