import { onBeforeUnmount, ref, type Ref } from 'vue'

/**
 * The current time, refreshed every `everyMs` while the component lives (for countdowns): the
 * wall clock for times main sends, or `read` (performance.now for the window's own deadlines,
 * which setting the computer's clock must not move).
 */
export function useNow(everyMs = 1000, read: () => number = () => Date.now()): Ref<number> {
  const now = ref(read())
  const timer = setInterval(() => (now.value = read()), everyMs)
  onBeforeUnmount(() => clearInterval(timer))
  return now
}
