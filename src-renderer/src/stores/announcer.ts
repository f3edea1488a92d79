import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { JobView } from '../../../src-shared/domain/queue'

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
    if (done.length === 1 && failed.length === 0) parts.push(`${done[0]} published.`)
    else if (failed.length === 1 && done.length === 0) parts.push(`${failed[0]} failed.`)
    else parts.push(`${done.length + failed.length} uploads finished: ${done.length} published, ${failed.length} failed.`)
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
