import { errorText, spoken } from '../i18n/spoken'
import { defineStore } from 'pinia'
import { shallowRef } from 'vue'
import { UNDO_WINDOW_MS, type JobView } from '../../../src-shared/domain/queue'
import { libraryKey } from '../../../src-shared/domain/library'
import { bridge } from '../bridge'
import type { ReplacePair } from '../components/replace/ReplaceConfirm.vue'
import { itemName } from '../library/item-name'
import { publishedSize } from '../library/published-size'
import { useAnnouncer } from '../stores/announcer'
import { useLibraryStore } from '../stores/library-store'
import { useQueueStore } from '../stores/queue-store'
import { useToast } from '../stores/toast'
import { actions, replaceFlow } from './words'

/** A replace added paused, and the link of its item when the caller knows it. */
export interface WaitingReplace {
  job: JobView
  url: string | null
}

/**
 * Nothing live changes by accident (issue 18 part 1): replaces from the publish view are
 * added paused; this shows the item's cover beside the new first page and asks. Confirmed,
 * they start after the Undo window, with an Undo in a toast; cancelled, they are removed.
 */
export const useReplaceConfirmation = defineStore('publishReplace', () => {
  /** What the open confirmation shows; null when none is open. */
  const pairs = shallowRef<ReplacePair[] | null>(null)
  const queue = useQueueStore()
  const library = useLibraryStore()
  const toast = useToast()
  const announcer = useAnnouncer()
  const uploads = () => bridge().uploads

  function tell(text: string, tone: 'info' | 'error' = 'info'): void {
    toast.show(text, tone)
    announcer.say(text)
  }

  /** Opens the confirmation for these replaces (one question for all of them). */
  function ask(waiting: readonly WaitingReplace[]): void {
    if (waiting.length === 0) return
    const added = waiting.map(({ job, url }) => {
      const key = job.targetItemId === null ? null : libraryKey(job.docType, job.targetItemId)
      const item = key === null ? undefined : library.items.find((entry) => entry.key === key)
      // The link as the caller knows it, else as the synced library has it.
      const link = url ?? item?.fullUrl ?? null
      const now = { pages: item?.pages ?? null, bytes: item ? publishedSize(queue.jobs.values(), item) : null }
      return { name: item ? itemName(item) : job.name, coverKey: key, url: link, now, job }
    })
    // Asked again while open (a second drop): one dialog lists them all.
    const open = pairs.value ?? []
    pairs.value = [...open, ...added.filter((pair) => !open.some((shown) => shown.job.id === pair.job.id))]
  }

  async function undo(jobIds: readonly string[]): Promise<void> {
    let undone = 0
    let reason: string | null = null
    for (const jobId of jobIds) {
      const reply = await uploads().undo({ jobId })
      if (reply.ok && reply.value.undone) undone++
      else reason = reply.ok ? reply.value.reason && spoken(reply.value.said, reply.value.reason) : errorText(reply.error)
    }
    if (undone > 0) tell(replaceFlow.undone(undone))
    if (reason !== null) tell(replaceFlow.partlyUndone(reason), 'error')
  }

  /** Confirmed: each starts after the Undo window; the toast's Undo takes them all back. */
  async function confirm(): Promise<void> {
    const confirmed = pairs.value ?? []
    pairs.value = null
    const started: string[] = []
    const names: string[] = []
    for (const pair of confirmed) {
      const reply = await uploads().confirmReplace({ jobId: pair.job.id })
      if (reply.ok) {
        started.push(pair.job.id)
        names.push(pair.name)
      } else tell(errorText(reply.error), 'error')
    }
    if (started.length === 0) return
    const text = replaceFlow.starting(names)
    toast.show(text, 'info', { action: { label: actions.undo, run: () => undo(started) }, durationMs: UNDO_WINDOW_MS })
    announcer.say(text)
  }

  /** Not confirmed: the paused replaces leave the queue; nothing was sent. */
  async function cancel(): Promise<void> {
    const dropped = pairs.value ?? []
    pairs.value = null
    for (const pair of dropped) await uploads().remove({ jobId: pair.job.id })
    announcer.say(replaceFlow.kept)
  }

  return { pairs, ask, confirm, cancel, undo }
})
