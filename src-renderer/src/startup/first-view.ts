/**
 * Work the first view does not need (the library's rows, linked files, update offers,
 * thumbnails) waits until that view has painted, so it never delays it. One gate per
 * window; tests make their own.
 */
export interface FirstViewGate {
  /** The first view has painted: everything waiting starts now, in the order it was asked. */
  open(): void
  readonly isOpen: boolean
  /** Runs `task` once the gate is open (at once if it is). */
  after(task: () => void): void
  /** Resolves once the gate is open. */
  opened(): Promise<void>
}

export function createFirstViewGate(): FirstViewGate {
  let isOpen = false
  const waiting: (() => void)[] = []
  return {
    open() {
      if (isOpen) return
      isOpen = true
      for (const task of waiting.splice(0)) task()
    },
    get isOpen() {
      return isOpen
    },
    after(task) {
      if (isOpen) task()
      else waiting.push(task)
    },
    opened() {
      return new Promise((resolve) => this.after(resolve))
    }
  }
}

/** This window's gate. */
export const firstView = createFirstViewGate()
