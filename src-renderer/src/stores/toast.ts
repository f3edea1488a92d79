import { defineStore } from 'pinia'
import { ref } from 'vue'

/** What a toast may offer besides its words: one action ("Undo", "Copy all links"). */
export interface ToastAction {
  label: string
  run: () => void | Promise<void>
}

export interface ToastOptions {
  /** How long it stays; an action gets longer by default. */
  durationMs?: number
  action?: ToastAction
}

export interface Toast {
  id: number
  text: string
  tone: 'info' | 'error'
  action: ToastAction | null
  /** When it goes, on the monotonic clock (performance.now), for a countdown on its action. */
  until: number
}

const DEFAULT_MS = 3000
const WITH_ACTION_MS = 8000
/** At most this many at once; the oldest goes first. */
const MAX_SHOWN = 3

/**
 * Short confirmations in the window's corner, away from the lists ("Link copied."). One may
 * carry an action, which stays reachable by keyboard until the toast goes.
 */
export const useToast = defineStore('toast', () => {
  const toasts = ref<Toast[]>([])
  const timers = new Map<number, ReturnType<typeof setTimeout>>()
  let next = 1

  function dismiss(id: number): void {
    const timer = timers.get(id)
    if (timer) clearTimeout(timer)
    timers.delete(id)
    toasts.value = toasts.value.filter((toast) => toast.id !== id)
  }

  function show(text: string, tone: 'info' | 'error' = 'info', options: ToastOptions = {}): number {
    const id = next++
    const duration = options.durationMs ?? (options.action ? WITH_ACTION_MS : DEFAULT_MS)
    toasts.value = [...toasts.value, { id, text, tone, action: options.action ?? null, until: performance.now() + duration }].slice(-MAX_SHOWN)
    timers.set(id, setTimeout(() => dismiss(id), duration))
    return id
  }

  /** Runs a toast's action once, then takes the toast away. */
  async function act(id: number): Promise<void> {
    const toast = toasts.value.find((entry) => entry.id === id)
    if (!toast?.action) return
    dismiss(id)
    await toast.action.run()
  }

  return { toasts, show, dismiss, act }
})
