import { defineStore } from 'pinia'
import { computed, ref, watch } from 'vue'
import type { Envelope } from '../../../src-shared/contract/errors'
import type { EnqueueResult, RefusedSource, SameContentChoice, SameContentOffer } from '../../../src-shared/domain/queue'
import type { DocType } from '../../../src-shared/domain/service/item'
import { bridge } from '../bridge'
import { useAnnouncer } from './announcer'
import { useSettingsStore } from './settings-store'

const PREFERENCES_KEY = 'flipdrop.publish'

interface Preferences {
  docType: DocType
  hold: boolean
}

function readPreferences(): Preferences {
  try {
    const saved = JSON.parse(localStorage.getItem(PREFERENCES_KEY) ?? '{}') as Partial<Preferences>
    return { docType: saved.docType === 'Document' ? 'Document' : 'Flipbook', hold: saved.hold === true }
  } catch {
    return { docType: 'Flipbook', hold: false }
  }
}

/**
 * Adding to the queue: the Flipbook/Document choice, "review before publishing", and what
 * came back from main that needs the user: files skipped (with the reason) and "same content
 * already published" questions.
 */
export const usePublishStore = defineStore('publish', () => {
  const saved = readPreferences()
  const chosenType = ref<DocType>(saved.docType)
  const hold = ref(saved.hold)
  const refused = ref<RefusedSource[]>([])
  const offers = ref<SameContentOffer[]>([])
  /** Files being checked by main (by their bytes) before they join the queue. */
  const checking = ref(0)
  const error = ref<string | null>(null)
  /** A job to bring into view and focus (a clicked notification); `at` makes repeats count. */
  const focusRequest = ref<{ jobId: string; at: number } | null>(null)
  const settings = useSettingsStore()
  const announcer = useAnnouncer()

  const documentHostSet = computed(() => (settings.view?.values.documentUrl ?? '') !== '')
  /** Documents need a document host; without one, everything is published as a flipbook. */
  const docType = computed<DocType>(() => (chosenType.value === 'Document' && documentHostSet.value ? 'Document' : 'Flipbook'))

  watch([chosenType, hold], () => {
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ docType: chosenType.value, hold: hold.value }))
  })

  function absorb(result: EnqueueResult): void {
    refused.value = [...refused.value, ...result.refused]
    offers.value = [...offers.value, ...result.sameContent]
    const parts: string[] = []
    if (result.added.length > 0) parts.push(`${result.added.length} added to the queue.`)
    if (result.refused.length > 0) parts.push(`${result.refused.length} skipped.`)
    if (result.sameContent.length > 0) parts.push(`${result.sameContent.length} already published: choose what to do.`)
    if (parts.length > 0) announcer.say(parts.join(' '))
  }

  async function submit(count: number, call: () => Promise<Envelope<EnqueueResult>>): Promise<boolean> {
    checking.value += count
    try {
      const reply = await call()
      if (!reply.ok) {
        error.value = reply.error.message
        return false
      }
      error.value = null
      absorb(reply.value)
      return reply.value.refused.length === 0
    } finally {
      checking.value -= count
    }
  }

  const uploads = () => bridge().uploads
  return {
    chosenType,
    docType,
    documentHostSet,
    hold,
    refused,
    offers,
    checking,
    error,
    /** Dropped files and folders, by path (main checks each by its bytes). */
    addPaths: (paths: string[], skipped: RefusedSource[] = []) => {
      if (skipped.length > 0) refused.value = [...refused.value, ...skipped]
      if (paths.length === 0) return Promise.resolve(skipped.length === 0)
      return submit(paths.length, () => uploads().enqueuePaths({ paths, docType: docType.value, hold: hold.value }))
    },
    addUrl: (url: string) => submit(1, () => uploads().enqueueUrl({ url, docType: docType.value, hold: hold.value })),
    chooseFiles: () => submit(0, () => uploads().chooseFiles({ docType: docType.value, hold: hold.value })),
    /** PDFs opened with FlipDrop from the OS wait in main's inbox until taken here. */
    /** Takes them; true when anything arrived (the app then shows the publish view). */
    async takeInbox(): Promise<boolean> {
      let arrived = false
      await submit(0, async () => {
        const reply = await uploads().takeInbox()
        if (reply.ok) arrived = reply.value.added.length + reply.value.refused.length + reply.value.sameContent.length > 0
        return reply
      })
      return arrived
    },
    async decide(offerId: string, choice: SameContentChoice): Promise<void> {
      offers.value = offers.value.filter((offer) => offer.offerId !== offerId)
      await submit(0, () => uploads().decideSameContent({ offerId, choice }))
    },
    async decideAll(choice: SameContentChoice): Promise<void> {
      const all = offers.value
      offers.value = []
      for (const offer of all) await submit(0, () => uploads().decideSameContent({ offerId: offer.offerId, choice }))
    },
    focusRequest,
    showJob: (jobId: string) => (focusRequest.value = { jobId, at: Date.now() }),
    dismissRefused: () => (refused.value = []),
    dismissError: () => (error.value = null)
  }
})
