/** Frames to wait for a virtual row to be rendered (after scrolling there, or on a list just opened). */
const FOCUS_FRAMES = 10

/**
 * Focuses the element `selector` finds under `root` as soon as a frame has rendered it: a
 * virtual list renders a row only once it is scrolled into view, sometimes a frame or two later.
 */
export function focusWhenRendered(root: () => ParentNode | null | undefined, selector: string, framesLeft = FOCUS_FRAMES): void {
  requestAnimationFrame(() => {
    const element = root()?.querySelector<HTMLElement>(selector)
    if (element) element.focus()
    else if (framesLeft > 1) focusWhenRendered(root, selector, framesLeft - 1)
  })
}
