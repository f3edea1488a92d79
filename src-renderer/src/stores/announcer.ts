import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { JobView } from '../../../src-shared/domain/queue'
import { groupedCount } from '../format/count'
import { t } from '../i18n/i18n'

/** Outcomes within this time are told as one sentence, so a batch is not read out file by file. */
const GATHER_MS = 1500

/**
 * What a screen reader hears, politely (one aria-live region reads `message`): finished
 * uploads gathered into one sentence, and one-off confirmations ("Link copied").
 */
export const useAnnouncer = defineStore('announcer', () => {
  const message = ref('')
  let done: string[] = []
  let failed: string[] = []
  let timer: ReturnType<typeof setTimeout> | null = null

  function say(text: string): void {
    // The same words twice in a row would not be read again: clear first, then set.
    message.value = ''
    queueMicrotask(() => (message.value = text))
  }

  function flush(): void {
    timer = null
    const parts: string[] = []
    const finished = done.length + failed.length
    if (done.length === 1 && failed.length === 0) parts.push(t('common.announce.published', { name: done[0] ?? '' }))
    else if (failed.length === 1 && done.length === 0) parts.push(t('common.announce.failed', { name: failed[0] ?? '' }))
    else parts.push(t('common.announce.finished', { count: groupedCount(finished), published: groupedCount(done.length), failed: groupedCount(failed.length) }, finished))
    done = []
    failed = []
    say(parts.join(' '))
  }

  function outcome(job: JobView): void {
    ;(job.state === 'done' ? done : failed).push(job.name)
    timer ??= setTimeout(flush, GATHER_MS)
  }

  return { message, say, outcome }
})
