import { errorText } from '../i18n/spoken'
import { defineStore } from 'pinia'
import { computed, ref, watch } from 'vue'
import type { Envelope } from '../../../src-shared/contract/errors'
import type { EnqueueResult, JobView, RefusedSource, SameContentChoice, SameContentOffer } from '../../../src-shared/domain/queue'
import type { DocType } from '../../../src-shared/domain/service/item'
import { bridge } from '../bridge'
import { useReplaceConfirmation } from '../publish/replace-confirmation'
import { isPlanRefusal } from '../publish/refusal-groups'
import { notices } from '../publish/words'
import { useAnnouncer } from './announcer'
import { useAuthStore } from './auth-store'
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
  const auth = useAuthStore()
  const announcer = useAnnouncer()
  const replacing = useReplaceConfirmation()

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
    if (result.added.length > 0) parts.push(notices.added(result.added.length))
    const overRoom = result.added.filter((job) => job.waiting?.reason === 'no-room').length
    if (overRoom > 0) parts.push(notices.waitForRoom(overRoom))
    if (result.refused.length > 0) parts.push(notices.refused(result.refused.length))
    if (result.sameContent.length > 0) parts.push(notices.asked(result.sameContent.length))
    if (parts.length > 0) announcer.say(parts.join(' '))
  }

  /** Replaces added paused (`confirmFirst`) for the user to confirm: the window shows what changes and asks. */
  function confirmReplaces(added: readonly JobView[], answered: readonly SameContentOffer[]): void {
    const waiting = added.filter((job) => job.kind === 'replace' && job.paused)
    if (waiting.length === 0) return
    const urls = new Map(answered.flatMap((offer) => (offer.items[0] ? [[offer.items[0].itemId, offer.items[0].url] as const] : [])))
    replacing.ask(waiting.map((job) => ({ job, url: job.targetItemId === null ? null : (urls.get(job.targetItemId) ?? null) })))
  }

  /** Sends answers to "already published" questions; a Replace comes back paused, to be confirmed first. */
  async function answer(answers: { offerId: string; choice: SameContentChoice }[]): Promise<void> {
    const ids = new Set(answers.map((entry) => entry.offerId))
    const answered = offers.value.filter((offer) => ids.has(offer.offerId))
    offers.value = offers.value.filter((offer) => !ids.has(offer.offerId))
    let added: JobView[] = []
    await submit(0, async () => {
      const reply = await uploads().decideMany({
        answers: answers.map((entry) => (entry.choice === 'replace' ? { ...entry, confirmFirst: true } : entry))
      })
      if (reply.ok) added = reply.value.added
      return reply
    })
    confirmReplaces(added, answered)
  }

  async function submit(count: number, call: () => Promise<Envelope<EnqueueResult>>): Promise<boolean> {
    checking.value += count
    try {
      const reply = await call()
      if (!reply.ok) {
        error.value = errorText(reply.error)
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
  /**
   * With several accounts signed in, what is added goes to the account current at that moment
   * by name (the one the drop overlay named), even if another becomes current before main queues it.
   */
  const target = (): { accountId?: string } => (auth.several && auth.current ? { accountId: auth.current.userId } : {})
  return {
    chosenType,
    docType,
    documentHostSet,
    hold,
    refused,
    /** What the plan refused, and the other skips: two groups with their own headings. */
    overPlan: computed(() => refused.value.filter(isPlanRefusal)),
    skipped: computed(() => refused.value.filter((refusal) => !isPlanRefusal(refusal))),
    offers,
    checking,
    error,
    /** Dropped files and folders, by path (main checks each by its bytes). */
    addPaths: (paths: string[], skipped: RefusedSource[] = []) => {
      if (skipped.length > 0) refused.value = [...refused.value, ...skipped]
      if (paths.length === 0) return Promise.resolve(skipped.length === 0)
      return submit(paths.length, () => uploads().enqueuePaths({ paths, docType: docType.value, hold: hold.value, ...target() }))
    },
    addUrl: (url: string) => submit(1, () => uploads().enqueueUrl({ url, docType: docType.value, hold: hold.value, ...target() })),
    chooseFiles: () => submit(0, () => uploads().chooseFiles({ docType: docType.value, hold: hold.value, ...target() })),
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
    /** One question answered (a Replace is confirmed first). */
    decide: (offerId: string, choice: SameContentChoice) => answer([{ offerId, choice }]),
    /** The compact table's answers, sent at once (quota room counted across them, as for one drop). */
    decideMany: answer,
    /** A failed replace whose item no longer exists, published as a new item (a new link). */
    publishAsNew: (jobId: string) => submit(0, () => uploads().publishAsNew({ jobId })),
    focusRequest,
    showJob: (jobId: string) => (focusRequest.value = { jobId, at: Date.now() }),
    /** Dismisses the skipped files a group shows (all of them without `which`). */
    dismissRefused: (which: (refusal: RefusedSource) => boolean = () => true) => (refused.value = refused.value.filter((refusal) => !which(refusal))),
    dismissError: () => (error.value = null)
  }
})
