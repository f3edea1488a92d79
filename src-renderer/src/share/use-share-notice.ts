import { errorText } from '../i18n/spoken'
import type { Envelope } from '../../../src-shared/contract/errors'
import { useAnnouncer } from '../stores/announcer'
import { useToast } from '../stores/toast'

/**
 * How the sheet tells the outcome of a save: a toast the eye sees and the announcer for screen
 * readers. A cancelled save (null) says nothing; a refusal says main's words.
 */
export function useShareNotice() {
  const toast = useToast()
  const announcer = useAnnouncer()

  function say(message: string, tone: 'info' | 'error' = 'info'): void {
    toast.show(message, tone)
    announcer.say(message)
  }

  return {
    say,
    /** Tells a save's outcome: `saved` words for what was written, main's words for a refusal, nothing when cancelled. */
    tellSaved<T>(reply: Envelope<T | null>, saved: (value: T) => string): void {
      if (!reply.ok) say(errorText(reply.error), 'error')
      else if (reply.value !== null) say(saved(reply.value))
    }
  }
}
