/**
 * Where a key moves focus inside a list that is one Tab stop (a roving tabindex): Up/Down step
 * without wrapping past the ends (as a file manager's sidebar does), Home/End jump. Null for
 * any other key, which the list leaves alone.
 */
export function rovingTarget(key: string, at: number, length: number): number | null {
  if (length === 0) return null
  if (key === 'ArrowDown') return Math.min(length - 1, at + 1)
  if (key === 'ArrowUp') return Math.max(0, at - 1)
  if (key === 'Home') return 0
  if (key === 'End') return length - 1
  return null
}
