/** Told whether an element is on screen (or about to be): now, and whenever that changes. */
export type VisibilityListener = (visible: boolean) => void

/** Rows just below the fold count as visible, so a short scroll finds their thumbnails ready. */
const LOOK_AHEAD = '150px 0px'

let observer: IntersectionObserver | null = null
const listeners = new Map<Element, VisibilityListener>()

/**
 * Follows an element's visibility with one IntersectionObserver shared by every thumbnail
 * (one per element would cost a callback each per scroll frame). Returns the way to stop.
 */
export function watchVisibility(element: Element, listener: VisibilityListener): () => void {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) listeners.get(entry.target)?.(entry.isIntersecting)
    },
    { rootMargin: LOOK_AHEAD }
  )
  listeners.set(element, listener)
  observer.observe(element)
  return () => {
    observer?.unobserve(element)
    listeners.delete(element)
  }
}
