import { batchNotice, failureNotice, type Notice } from './desktop-wording'
import type { MirroredJob, QueueTransitions } from './queue-mirror'

/** Failures this close together are told in one notification. */
export const FAILURE_COALESCE_MS = 2_000

export interface NoticePlannerDeps {
  /** Shows a notification (the shell decides whether it may: setting, focus, OS support). */
  show(notice: Notice): void
  setTimer(callback: () => void, ms: number): () => void
}

/**
 * Decides which notifications the queue's transitions are worth, without spamming:
 * failures are gathered for a moment and told together, and when a batch ends the
 * summary ("2 published, 1 failed") replaces any failure notice still waiting.
 * Electron-free.
 */
export class NoticePlanner {
  private pending: MirroredJob[] = []
  private cancelTimer: (() => void) | null = null

  constructor(private readonly deps: NoticePlannerDeps) {}

  take(transitions: QueueTransitions): void {
    if (transitions.settled) {
      this.dropPending()
      const notice = batchNotice(transitions.settled)
      if (notice) this.deps.show(notice)
      return
    }
    if (transitions.failed.length === 0) return
    this.pending.push(...transitions.failed)
    this.cancelTimer ??= this.deps.setTimer(() => this.flush(), FAILURE_COALESCE_MS)
  }

  /** Stops waiting (the app quits). */
  dispose(): void {
    this.dropPending()
  }

  private flush(): void {
    this.cancelTimer = null
    const notice = failureNotice(this.pending)
    this.pending = []
    if (notice) this.deps.show(notice)
  }

  private dropPending(): void {
    this.cancelTimer?.()
    this.cancelTimer = null
    this.pending = []
  }
}
