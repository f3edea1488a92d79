import { defineStore } from 'pinia'
import { ref } from 'vue'

/** How long a confirmation stays on screen. */
const VISIBLE_MS = 2500

/** One short confirmation at a time ("Link copied."), bottom of the window. */
export const useToast = defineStore('toast', () => {
  const message = ref<{ text: string; tone: 'info' | 'error'; id: number } | null>(null)
  let timer: ReturnType<typeof setTimeout> | null = null
  let next = 1

  function show(text: string, tone: 'info' | 'error' = 'info'): void {
    message.value = { text, tone, id: next++ }
    if (timer) clearTimeout(timer)
    timer = setTimeout(() => (message.value = null), VISIBLE_MS)
  }

  return { message, show }
})
