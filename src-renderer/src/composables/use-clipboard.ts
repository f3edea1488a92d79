import { getCurrentScope, onScopeDispose, ref } from 'vue'
import { bridge } from '../bridge'
import { useAnnouncer } from '../stores/announcer'
import { useToast } from '../stores/toast'

/** How long a button says "Copied" after it copied. */
export const COPIED_MS = 2000

/**
 * Copies through main (Electron's clipboard): the page itself is denied clipboard access.
 * Screen readers hear the confirmation (the announcer). The eye sees it where it looked: a
 * copy made by a button named `at` sets `copied` to that name for a moment, and the button
 * says so itself; without `at` (a shortcut, no button), and for a refusal, a toast says it.
 */
export function useClipboard() {
  const announcer = useAnnouncer()
  const toast = useToast()
  /** The button of this component that just copied, for COPIED_MS. */
  const copied = ref<string | null>(null)
  let timer: ReturnType<typeof setTimeout> | undefined
  if (getCurrentScope()) onScopeDispose(() => clearTimeout(timer))

  function confirmAt(at: string): void {
    clearTimeout(timer)
    copied.value = at
    timer = setTimeout(() => (copied.value = null), COPIED_MS)
  }

  return {
    copied,
    async copy(text: string, confirmation: string, at?: string): Promise<boolean> {
      const reply = await bridge().app.copyText(text)
      const message = reply.ok ? confirmation : reply.error.message
      if (reply.ok && at !== undefined) confirmAt(at)
      else toast.show(message, reply.ok ? 'info' : 'error')
      announcer.say(message)
      return reply.ok
    }
  }
}
