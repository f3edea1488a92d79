import { onBeforeUnmount, ref, type Ref } from 'vue'

/** The current time, refreshed every `everyMs` while the component lives (for countdowns). */
export function useNow(everyMs = 1000): Ref<number> {
  const now = ref(Date.now())
  const timer = setInterval(() => (now.value = Date.now()), everyMs)
  onBeforeUnmount(() => clearInterval(timer))
  return now
}
