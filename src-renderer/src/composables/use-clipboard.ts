import { bridge } from '../bridge'
import { useAnnouncer } from '../stores/announcer'
import { useToast } from '../stores/toast'

/**
 * Copies through main (Electron's clipboard): the page itself is denied clipboard access.
 * Confirms with a toast and, for screen readers, the announcer.
 */
export function useClipboard() {
  const announcer = useAnnouncer()
  const toast = useToast()
  return {
    async copy(text: string, confirmation: string): Promise<boolean> {
      const reply = await bridge().app.copyText(text)
      const message = reply.ok ? confirmation : reply.error.message
      toast.show(message, reply.ok ? 'info' : 'error')
      announcer.say(message)
      return reply.ok
    }
  }
}
