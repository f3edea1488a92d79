/*
 * The library's multi-selection, as file managers have it: a plain click selects one item,
 * Ctrl/Cmd-click toggles one, Shift-click selects the range from the anchor (the item last
 * clicked or toggled) in the order shown. Items are named by key; ranges are read from the
 * whole ordered list (a virtual list renders only what is in view), in one pass.
 */

export interface MultiSelection {
  readonly keys: ReadonlySet<string>
  /** Where a Shift range starts: the item last clicked, toggled or moved from; null when none. */
  readonly anchor: string | null
}

export const NO_SELECTION: MultiSelection = { keys: new Set(), anchor: null }

/** Just this item (a plain click, Enter, or its details opened from elsewhere). */
export function selectOne(key: string): MultiSelection {
  return { keys: new Set([key]), anchor: key }
}

/** Adds the item, or takes it out when it was in (Ctrl/Cmd-click, Space); it becomes the anchor. */
export function toggle(selection: MultiSelection, key: string): MultiSelection {
  const keys = new Set(selection.keys)
  if (!keys.delete(key)) keys.add(key)
  return { keys, anchor: key }
}

/**
 * The items from the anchor to `key`, both included, in the order of `ordered` (Shift-click,
 * Shift+arrows). Without an anchor shown, the range starts at `key`. `adding` keeps what was
 * selected besides (Ctrl+Shift-click). The anchor stays where it was, so the range can be
 * moved again from the same place.
 */
export function selectRange(
  selection: MultiSelection,
  ordered: readonly { key: string }[],
  key: string,
  adding = false
): MultiSelection {
  let from = -1
  let to = -1
  for (let index = 0; index < ordered.length && (from < 0 || to < 0); index++) {
    const at = ordered[index]?.key
    if (at === selection.anchor) from = index
    if (at === key) to = index
  }
  if (to < 0) return selection
  if (from < 0) from = to
  const keys = new Set(adding ? selection.keys : [])
  for (let index = Math.min(from, to); index <= Math.max(from, to); index++) {
    const item = ordered[index]
    if (item) keys.add(item.key)
  }
  return { keys, anchor: ordered[from]?.key ?? key }
}

/** Every item shown (Ctrl/Cmd+A); the anchor stays. */
export function selectAll(selection: MultiSelection, ordered: readonly { key: string }[]): MultiSelection {
  return { keys: new Set(ordered.map((item) => item.key)), anchor: selection.anchor }
}

/** The selected items in the order shown (what "Share…" shares), leaving out those no longer shown. */
export function selectedInOrder<T extends { key: string }>(selection: MultiSelection, ordered: readonly T[]): T[] {
  if (selection.keys.size === 0) return []
  return ordered.filter((item) => selection.keys.has(item.key))
}
