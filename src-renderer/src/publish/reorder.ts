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
