import { Notification } from 'electron'
import { copyLinkAction, type Notice } from './desktop-wording'

/** Notifications kept alive at most: older ones are let go (and their clicks with them). */
const KEEP_NOTIFICATIONS = 20

const MARKUP: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' }

/**
 * Linux notification servers read the body as markup (the freedesktop `body-markup`
 * capability) and Electron hands it to libnotify as is: "Sales & Marketing.pdf" would
 * break the body, and a file name could bring its own tags.
 */
export function escapeBodyMarkup(text: string): string {
  return text.replace(/[&<>]/g, (character) => MARKUP[character] ?? character)
}

export interface NotificationActions {
  /** The notification was clicked: show this job (or just the window). */
  open(jobId: string | null): void
  copy(text: string): void
}

/**
 * Shows a notice as a system notification. The objects are kept referenced until the
 * user clicks them (or the newest 20 are kept): Electron holds them weakly, and a
 * collected notification drops its click (electron/electron#16922). "Copy link" is a button where Electron
 * supports them (macOS, Windows); Linux notifications get none.
 */
export function createNotifier(platform: NodeJS.Platform, actions: NotificationActions): (notice: Notice) => void {
  const alive = new Set<Notification>()
  const withButton = platform === 'darwin' || platform === 'win32'
  return (notice) => {
    if (!Notification.isSupported()) return
    const copyLink = withButton ? notice.copyLink : null
    const notification = new Notification({
      title: notice.title,
      body: platform === 'linux' ? escapeBodyMarkup(notice.body) : notice.body,
      ...(copyLink ? { actions: [{ type: 'button' as const, text: copyLinkAction() }] } : {})
    })
    const release = (): void => {
      alive.delete(notification)
    }
    notification.on('click', () => {
      release()
      actions.open(notice.jobId)
    })
    notification.on('action', (details) => {
      release()
      if (copyLink && details.actionIndex === 0) actions.copy(copyLink)
    })
    // Not released on 'close': Windows closes a toast when it times out into the Action
    // Center, where it can still be clicked. The cap above bounds what is kept.
    notification.on('failed', release)
    alive.add(notification)
    for (const old of alive) {
      if (alive.size <= KEEP_NOTIFICATIONS) break
      alive.delete(old)
    }
    notification.show()
  }
}
