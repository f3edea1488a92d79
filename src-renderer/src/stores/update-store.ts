import { errorText } from '../i18n/spoken'
import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { UpdateView } from '../../../src-shared/domain/updates'
import { bridge } from '../bridge'

/** FlipDrop's own update, as main's updater reports it (Settings → Updates). */
export const useUpdateStore = defineStore('updates', () => {
  const view = ref<UpdateView | null>(null)
  /** A check or restart main refused or could not answer: its sentence. */
  const error = ref<string | null>(null)

  const take = (reply: Awaited<ReturnType<Window['flipdrop']['app']['updates']>>): void => {
    if (reply.ok) {
      view.value = reply.value
      error.value = null
    } else {
      error.value = errorText(reply.error)
    }
  }

  /** Events heard so far: a reply older than the last event must not undo it. */
  let heard = 0
  /** Asks main, and takes its answer unless an event came meanwhile (it is newer). */
  async function ask(call: () => ReturnType<Window['flipdrop']['app']['updates']>): Promise<void> {
    const before = heard
    const reply = await call()
    if (heard === before || !reply.ok) take(reply)
  }

  /** Reads the state now and follows it; returns the unsubscribe. */
  function follow(): () => void {
    const stop = bridge().app.onUpdatesChanged((next) => {
      heard += 1
      view.value = next
    })
    void ask(() => bridge().app.updates())
    return stop
  }

  async function check(): Promise<void> {
    await ask(() => bridge().app.checkForUpdates())
  }

  /** An install that failed at once may be reported (the queue reopened) before this reply comes. */
  async function restart(): Promise<void> {
    await ask(() => bridge().app.restartToUpdate())
  }

  return { view, error, follow, check, restart }
})
