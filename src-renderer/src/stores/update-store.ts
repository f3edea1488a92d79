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
      error.value = reply.error.message
    }
  }

  /** Reads the state now and follows it; returns the unsubscribe. */
  function follow(): () => void {
    const stop = bridge().app.onUpdatesChanged((next) => {
      view.value = next
    })
    void bridge().app.updates().then(take)
    return stop
  }

  async function check(): Promise<void> {
    take(await bridge().app.checkForUpdates())
  }

  async function restart(): Promise<void> {
    take(await bridge().app.restartToUpdate())
  }

  return { view, error, follow, check, restart }
})
