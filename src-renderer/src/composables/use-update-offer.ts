import { watch } from 'vue'
import { SETTINGS_WORDS } from '../settings/words'
import { useToast } from '../stores/toast'
import { useUpdateStore } from '../stores/update-store'

/** Long enough to be seen on return to the window; Settings → Updates keeps the offer after it goes. */
const OFFER_MS = 30_000

/**
 * Wherever the designer is, a downloaded update is offered once, in a toast with "Restart to
 * update" — only once no upload runs (main waits for them anyway, and says so in Settings).
 * Follows main's updater for the window's life; returns the unsubscribe.
 */
export function followUpdateOffer(): () => void {
  const updates = useUpdateStore()
  const toast = useToast()
  const offered = new Set<string>()
  const stopFollowing = updates.follow()
  const stopWatching = watch(
    () => updates.view,
    (view) => {
      if (!view || view.phase !== 'ready' || view.waitingForUploads || view.version === null || offered.has(view.version)) return
      offered.add(view.version)
      toast.show(SETTINGS_WORDS.updates.ready(view.version), 'info', {
        durationMs: OFFER_MS,
        action: { label: SETTINGS_WORDS.updates.restart, run: () => updates.restart() }
      })
    }
  )
  return () => {
    stopWatching()
    stopFollowing()
  }
}
