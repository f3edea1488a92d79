import { watch } from 'vue'
import { SETTINGS_WORDS } from '../settings/words'
import { useAppStore } from '../stores/app-store'
import { useToast } from '../stores/toast'
import { useUpdateStore } from '../stores/update-store'

/** Long enough to be seen on return to the window; Settings → Updates keeps the offer after it goes. */
const OFFER_MS = 30_000

/**
 * Wherever the designer is, a downloaded update is offered once, in a toast with "Restart to
 * update" — only once no upload runs (main waits for them anyway, and says so in Settings). A
 * restart that did not install says why, each time, with "Restart to update" again. A copy that
 * cannot install updates itself offers "Download the new version" once per version instead.
 * Follows main's updater for the window's life; returns the unsubscribe.
 */
export function followUpdateOffer(): () => void {
  const updates = useUpdateStore()
  const app = useAppStore()
  const toast = useToast()
  const W = SETTINGS_WORDS.updates
  const offered = new Set<string>()
  let installing = false
  const stopFollowing = updates.follow()
  const stopWatching = watch(
    () => updates.view,
    (view) => {
      if (!view) return
      const wasInstalling = installing
      installing = view.phase === 'installing'
      if (wasInstalling && view.installFailure !== null) {
        toast.show(W.notInstalled[view.installFailure], 'error', { durationMs: OFFER_MS, action: { label: W.restart, run: () => updates.restart() } })
        return
      }
      if (view.phase === 'download-available' && view.version !== null && view.downloadUrl !== null && !offered.has(view.version)) {
        offered.add(view.version)
        const url = view.downloadUrl
        toast.show(W.available(view.version), 'info', { durationMs: OFFER_MS, action: { label: W.download, run: () => void app.openExternal(url) } })
        return
      }
      if (view.phase !== 'ready' || view.waitingForUploads || view.version === null || offered.has(view.version)) return
      offered.add(view.version)
      toast.show(W.ready(view.version), 'info', {
        durationMs: OFFER_MS,
        action: { label: W.restart, run: () => updates.restart() }
      })
    }
  )
  return () => {
    stopWatching()
    stopFollowing()
  }
}
