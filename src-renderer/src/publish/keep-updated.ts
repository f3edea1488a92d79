import { computed, ref } from 'vue'
import type { JobView } from '../../../src-shared/domain/queue'
import { useAnnouncer } from '../stores/announcer'
import { useLinksStore } from '../stores/links-store'
import { useToast } from '../stores/toast'
import { keepUpdated } from './words'

/** A published file's item follows its file (a linked file): the row's "Update when the file changes". */
export function isFollowable(job: JobView): boolean {
  return job.state === 'done' && job.result !== null && job.source.type === 'file'
}

/**
 * "Update when the file changes" for a published file: on, saving the PDF again publishes
 * the new version at the same link (a linked file); off, the item no longer follows it.
 */
export function useKeepUpdated(job: () => JobView) {
  const links = useLinksStore()
  const toast = useToast()
  const announcer = useAnnouncer()
  const busy = ref(false)

  const link = computed(() => {
    const { result, docType } = job()
    if (!result) return null
    return links.view?.links.find((entry) => entry.docType === docType && entry.itemId === result.itemId) ?? null
  })
  const on = computed(() => link.value !== null)

  async function toggle(): Promise<void> {
    if (busy.value) return
    busy.value = true
    try {
      const current = link.value
      const { id, name } = job()
      const refusal = current ? await links.unlink(current.id) : await links.linkJob(id)
      const text = refusal ?? (current ? keepUpdated.off(name) : keepUpdated.on(name))
      toast.show(text, refusal ? 'error' : 'info')
      announcer.say(text)
    } finally {
      busy.value = false
    }
  }

  return { on, busy, toggle }
}
