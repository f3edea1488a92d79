import type { Logger } from '../log'
import type { Sentence } from '../../../src-shared/i18n/said'
import { cannotSaveIn, storageTroubleMessage, type CannotSave, type StorageTrouble } from '../storage/storage-trouble'

/** How often the queue tries to save again while the disk is full or read-only. */
export const DEFAULT_SAVE_RETRY_MS = 3_000

export interface SaveHoldDependencies {
  /** Real writes (room for a few changes, and the journal); rejects while it cannot save. */
  probe(): Promise<void>
  /** Between tries (a core setting; tests shorten it). */
  retryMs: number
  /** The hold began, changed, or ended: views are told, and the queue pumps again. */
  changed(): void
  log: Logger
}

/**
 * The queue's "cannot save" hold: while a change cannot be written (a full disk, a read-only
 * data folder) nothing new is sent, every job keeps the state it has on disk, one plain
 * sentence says why, and a write is tried again every `retryMs` until it works.
 */
export class SaveHold {
  #trouble: StorageTrouble | null = null
  #timer: ReturnType<typeof setTimeout> | undefined
  #stopped = false

  constructor(private readonly deps: SaveHoldDependencies) {}

  /** Why nothing can be saved now, or null. */
  get trouble(): StorageTrouble | null {
    return this.#trouble
  }

  /** The sentence for the hold in force, or null. */
  get message(): Sentence | null {
    return this.#trouble === null ? null : storageTroubleMessage(this.#trouble)
  }

  /** A change could not be saved: hold (once; a hold in force keeps its timer). */
  report(error: CannotSave): void {
    if (this.#stopped) return
    const before = this.#trouble
    this.#trouble = error.trouble
    if (before === error.trouble) return
    // Said once per hold in the log, never a stack trace per job.
    if (before === null) this.deps.log.warn(error.message)
    this.#schedule()
    this.deps.changed()
  }

  stop(): void {
    this.#stopped = true
    clearTimeout(this.#timer)
    this.#timer = undefined
  }

  #schedule(): void {
    if (this.#timer || this.#stopped) return
    this.#timer = setTimeout(() => void this.#tryAgain(), this.deps.retryMs)
    // Whoever waits for the queue (the window, a command following its jobs) keeps the process alive.
    this.#timer.unref?.()
  }

  async #tryAgain(): Promise<void> {
    this.#timer = undefined
    if (this.#stopped || this.#trouble === null) return
    try {
      await this.deps.probe()
    } catch (error) {
      const still = cannotSaveIn(error)
      if (still && still.trouble !== this.#trouble) {
        this.#trouble = still.trouble
        this.deps.changed()
      }
      this.#schedule()
      return
    }
    this.#trouble = null
    this.deps.log.info('FlipDrop can save its data again; the queue goes on.')
    this.deps.changed()
  }
}
