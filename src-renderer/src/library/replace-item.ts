import { errorText, spoken } from '../i18n/spoken'
import { computed, shallowRef } from 'vue'
import type { LibraryItem } from '../../../src-shared/domain/library'
import { UNDO_WINDOW_MS, type JobView } from '../../../src-shared/domain/queue'
import { bridge } from '../bridge'
import type { ReplacePair } from '../components/replace/ReplaceConfirm.vue'
import { useAnnouncer } from '../stores/announcer'
import { useQueueStore } from '../stores/queue-store'
import { useToast } from '../stores/toast'
import { itemName } from './item-name'
import { publishedSize } from './published-size'
import { replaceWords } from './words'

/** A replace added paused, waiting for the user's answer. */
interface Pending {
  item: LibraryItem
  job: JobView
}

/** One question at a time for the whole library (a drop on a tile, a replace from the details). */
const pending = shallowRef<Pending | null>(null)

/** Where the new PDF comes from: a dropped or picked file, a link, or main's own file dialog (neither). */
export type ReplaceSource = { path: string } | { url: string } | Record<string, never>

/**
 * Replacing a live item's PDF never happens by accident: the replace is added paused
 * (`confirmFirst`), the item's current cover is shown beside the new first page and the
 * user is asked; once confirmed, an Undo is offered for UNDO_WINDOW_MS before anything is
 * sent; cancelled, the paused job is removed.
 */
export function useItemReplace() {
  const toast = useToast()
  const announcer = useAnnouncer()
  const queue = useQueueStore()

  const pairs = computed<ReplacePair[]>(() => {
    const open = pending.value
    if (!open) return []
    const now = { pages: open.item.pages, bytes: publishedSize(queue.jobs.values(), open.item) }
    return [{ name: itemName(open.item), coverKey: open.item.key, url: open.item.fullUrl, now, job: open.job }]
  })

  function tell(text: string, tone: 'info' | 'error' = 'info', options: Parameters<typeof toast.show>[2] = {}): void {
    toast.show(text, tone, options)
    announcer.say(text)
  }

  /** Asks main for the paused replace; returns why nothing is asked (a refusal), or null. */
  async function start(item: LibraryItem, source: ReplaceSource): Promise<string | null> {
    const reply = await bridge().library.replace({ id: item.id, docType: item.docType, ...source, confirmFirst: true })
    if (!reply.ok) return errorText(reply.error)
    const refused = reply.value.refused[0]
    if (refused) return spoken(refused.said, refused.reason)
    const job = reply.value.added[0]
    // Nothing picked in the file dialog: nothing to ask.
    if (!job) return null
    // An older question still open is answered "no": its job goes.
    if (pending.value) await cancel()
    pending.value = { item, job }
    return null
  }

  async function undo(jobId: string, name: string): Promise<void> {
    const reply = await bridge().uploads.undo({ jobId })
    if (!reply.ok) tell(errorText(reply.error), 'error')
    else if (reply.value.undone) tell(replaceWords.undone(name))
    else tell(reply.value.reason === null ? replaceWords.tooLate : spoken(reply.value.said, reply.value.reason), 'error')
  }

  async function confirm(): Promise<void> {
    const open = pending.value
    pending.value = null
    if (!open) return
    const name = itemName(open.item)
    const reply = await bridge().uploads.confirmReplace({ jobId: open.job.id })
    if (!reply.ok) {
      tell(errorText(reply.error), 'error')
      return
    }
    tell(replaceWords.confirmed(name), 'info', {
      action: { label: replaceWords.undo, run: () => undo(open.job.id, name) },
      durationMs: UNDO_WINDOW_MS
    })
  }

  async function cancel(): Promise<void> {
    const open = pending.value
    pending.value = null
    if (!open) return
    await bridge().uploads.remove({ jobId: open.job.id })
    announcer.say(replaceWords.cancelled(itemName(open.item)))
  }

  return { pending, pairs, start, confirm, cancel }
}
