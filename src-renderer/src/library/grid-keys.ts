/** Where a key press moves the focus in a grid of `count` items laid out `columns` wide (a list is 1 column). */
export function nextIndex(key: string, index: number, count: number, columns: number, pageRows = 5): number | null {
  if (count === 0) return null
  // Left and right follow what the eye sees: right to left, the next tile is on the left.
  if (readsRightToLeft() && (key === 'ArrowLeft' || key === 'ArrowRight')) key = key === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft'
  const last = count - 1
  const clamp = (value: number): number => Math.max(0, Math.min(last, value))
  switch (key) {
    case 'ArrowRight':
      return columns > 1 ? clamp(index + 1) : null
    case 'ArrowLeft':
      return columns > 1 ? clamp(index - 1) : null
    case 'ArrowDown':
      return clamp(index + columns)
    case 'ArrowUp':
      return clamp(index - columns)
    case 'PageDown':
      return clamp(index + columns * pageRows)
    case 'PageUp':
      return clamp(index - columns * pageRows)
    case 'Home':
      return 0
    case 'End':
      return last
    default:
      return null
  }
}

function readsRightToLeft(): boolean {
  return globalThis.document?.documentElement.dir === 'rtl'
}
