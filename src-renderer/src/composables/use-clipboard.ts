import { errorText } from '../i18n/spoken'
import { getCurrentScope, onScopeDispose, ref } from 'vue'
import type { Envelope } from '../../../src-shared/contract/errors'
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

  /** Says how a copy went: at its button, else in a toast; always to screen readers. */
  function report(reply: Envelope<undefined>, confirmation: string, at?: string): boolean {
    const message = reply.ok ? confirmation : errorText(reply.error)
    if (reply.ok && at !== undefined) confirmAt(at)
    else toast.show(message, reply.ok ? 'info' : 'error')
    announcer.say(message)
    return reply.ok
  }

  return {
    copied,
    /** Shows "Copied" at the button named `at`, for a copy made some other way (an image through main). */
    confirmAt,
    async copy(text: string, confirmation: string, at?: string): Promise<boolean> {
      return report(await bridge().app.copyText(text), confirmation, at)
    },
    /** Copies text with HTML beside it when given (rich text: mail and chat apps paste a named link). */
    async copyRich(content: { text: string; html: string | null }, confirmation: string, at?: string): Promise<boolean> {
      return report(await bridge().share.copy(content), confirmation, at)
    }
  }
}
