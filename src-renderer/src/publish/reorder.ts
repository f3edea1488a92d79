/** The drag data type of a job being reordered; file drops never carry it. */
export const JOB_DRAG_TYPE = 'application/x-flipdrop-job'

/**
 * Where a job dragged from `from` lands when dropped before row `before` (0…count): the
 * index main's `move` expects, which counts the rows without the moved job.
 */
export function moveTarget(from: number, before: number): number {
  return before > from ? before - 1 : before
}

/** The row a pointer at `y` (in list coordinates) drops before, given each row's start and size. */
export function dropBefore(y: number, rows: readonly { index: number; start: number; size: number }[], count: number): number {
  for (const row of rows) if (y < row.start + row.size / 2) return row.index
  return rows.length > 0 ? Math.min(count, (rows.at(-1)?.index ?? count - 1) + 1) : count
}

/** A move the window showed before main answered it. */
export interface PendingMove {
  jobId: string
  toIndex: number
}

/**
 * `order` with `moves` applied in turn, as main applies them (the job out, then in at
 * `toIndex` of the rest). Replaying a move main has already applied puts the job where it
 * already is, so an order told late does no harm. Jobs not in `order` are skipped.
 */
export function replayMoves(order: readonly string[], moves: readonly PendingMove[]): string[] {
  let next = [...order]
  for (const { jobId, toIndex } of moves) {
    if (!next.includes(jobId)) continue
    next = next.filter((id) => id !== jobId)
    next.splice(Math.min(toIndex, next.length), 0, jobId)
  }
  return next
}

/**
 * Where a job sits in the list shown: what is being sent first (so the active upload stays
 * in view at the top), then what waits, in the queue's order, then what has finished.
 */
export type RowGroup = 0 | 1 | 2

export function groupOf(state: string): RowGroup {
  if (state === 'uploading' || state === 'verifying') return 0
  if (state === 'done' || state === 'failed' || state === 'cancelled') return 2
  return 1
}

/** The rows in the order shown: by group, and in main's order within a group. */
export function displayOrder<T extends { state: string }>(jobs: readonly T[]): T[] {
  const groups: [T[], T[], T[]] = [[], [], []]
  for (const job of jobs) groups[groupOf(job.state)].push(job)
  return [...groups[0], ...groups[1], ...groups[2]]
}

/**
 * The index main's `move` wants for moving the job shown at `from` to `to` (both in the list
 * shown, within one group). Main's order holds the finished and active jobs too, between
 * the waiting ones: the job lands right after the row it passes going down, or right
 * before it going up, wherever that row is in main's order.
 */
export function mainIndexFor(shown: readonly string[], main: readonly string[], from: number, to: number): number {
  const jobId = shown[from]
  const anchor = shown[to]
  const rest = main.filter((id) => id !== jobId)
  if (anchor === undefined || anchor === jobId) return Math.max(0, main.indexOf(jobId ?? ''))
  const at = rest.indexOf(anchor)
  if (at < 0) return rest.length
  return to > from ? at + 1 : at
}
